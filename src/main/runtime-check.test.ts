import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE, unsupportedRuntime } from './runtime-check';

describe('unsupportedRuntime', () => {
  it('refuses Node 20, on which the SQLite module crashes, with a message naming both versions', () => {
    expect(unsupportedRuntime('20.20.2')).toMatch(
      /needs Node\.js 22\.12 or newer; this is Node\.js 20\.20\.2/,
    );
  });

  it('refuses a Node 22 older than 22.12', () => {
    expect(unsupportedRuntime('22.11.0')).toBeDefined();
  });

  it('accepts Node 22.12 and newer majors', () => {
    expect(unsupportedRuntime('22.12.0')).toBeUndefined();
    expect(unsupportedRuntime('24.11.1')).toBeUndefined();
  });

  it('states the same requirement as package.json engines', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(manifest.engines.node).toBe(`>=${REQUIRED_NODE.major}.${REQUIRED_NODE.minor}.0`);
  });
});
