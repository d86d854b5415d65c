/**
 * Secrets in messages (issue 11.8): a password in a configured base URL and an API key echoed by
 * a hostile server never reach a failure, a log line, the case file or the CLI's output, not even
 * as a fragment.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../fakes/http-server';
import { repositoryRoot } from '../support/fixtures-dir';
import { API_KEY, runHostile, SOURCE_TARGETS, type SourceTarget } from './hostile-source';

const PASSWORD = 'Tr0ub4dor-horse-42';
const RUN = 6;

/** Every run of RUN characters of a secret: none may appear anywhere a user or a file can see. */
function fragmentsOf(secret: string): string[] {
  return Array.from({ length: secret.length - RUN + 1 }, (_, start) => secret.slice(start, start + RUN));
}

function expectNoFragment(text: string, secret: string): void {
  expect(fragmentsOf(secret).filter((fragment) => text.includes(fragment))).toEqual([]);
}

function targetOf(source: string): SourceTarget {
  const target = SOURCE_TARGETS.find((candidate) => candidate.source === source);
  if (target === undefined) {
    throw new Error(`no hostile target for ${source}`);
  }
  return target;
}

describe('a password in a configured base URL', () => {
  it('is sent as Basic auth and never reaches a failure, a log line or the case file', async () => {
    const gleif = targetOf('GLEIF');
    const run = await runHostile(gleif, () => Promise.resolve({ status: 500, body: 'upstream down' }), {
      sources: (proxyUrl) => ({
        gleif: { baseUrl: proxyUrl.replace('http://', `http://alice:${PASSWORD}@`) },
      }),
    });
    expect(run.proxyRequests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`,
    );
    expect(run.progress.failures.length).toBeGreaterThan(0);
    const failures = JSON.stringify(run.progress.failures);
    expect(failures).toContain(`${new URL(run.proxyUrl).host}/`);
    for (const text of [failures, run.logText, run.caseFileText]) {
      expectNoFragment(text, PASSWORD);
    }
  });
});

describe('a password in the configured RDAP bootstrap URL', () => {
  it('is in no file the run writes: not the bootstrap cache, not the case file, not a log line', async () => {
    const rdap = SOURCE_TARGETS.find((target) => target.plugin === 'rdap');
    if (rdap === undefined) {
      throw new Error('no RDAP target');
    }
    const run = await runHostile(rdap, (_request, forward) => forward(), {
      sources: (proxyUrl) => ({
        rdap: {
          bootstrapUrl: `${proxyUrl.replace('http://', `http://alice:${PASSWORD}@`)}/bootstrap/`,
          rateLimit: { requests: 1000, intervalMs: 1000 },
        },
      }),
    });
    // The bootstrap was read (with the password, as Basic auth) and cached.
    expect(run.proxyRequests.some((request) => request.path.startsWith('/bootstrap/'))).toBe(true);
    expect(run.filesText).toContain('.rdap-bootstrap');
    for (const text of [run.filesText, run.logText, JSON.stringify(run.progress)]) {
      expectNoFragment(text, PASSWORD);
    }
  });
});

describe('a server that echoes the API key', () => {
  it.each([
    ['at the start of a non-JSON body', (key: string) => ({ body: `${key} is not a valid key` })],
    ['in an error status page', (key: string) => ({ status: 502, body: `bad gateway for ${key}` })],
    [
      'in a redirect to an internal address',
      (key: string) => ({
        status: 302,
        headers: { location: `http://10.0.0.1/?k=${key}&x=${key.slice(3)}` },
      }),
    ],
  ])('%s leaks no 6-character run of it', async (_how, reply) => {
    const run = await runHostile(targetOf('CompanyData'), (request) => {
      const key = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      return Promise.resolve(reply(key));
    });
    expect(run.proxyRequests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(run.progress.failures.length).toBeGreaterThan(0);
    for (const text of [JSON.stringify(run.progress), run.logText, run.caseFileText]) {
      expectNoFragment(text, API_KEY);
    }
  });
});

describe('the CLI with a password in a configured base URL', () => {
  it('prints no fragment of the password and stores none in the case file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hostile-cli-'));
    const server = await startFakeHttpServer(() => ({ status: 503, body: 'maintenance' }));
    try {
      const baseUrl = server.url.replace('http://', `http://bob:${PASSWORD}@`);
      const configPath = path.join(dir, 'config.json');
      await writeFile(
        configPath,
        JSON.stringify({
          sources: { gleif: { baseUrl, rateLimit: { requests: 50, intervalMs: 100 } } },
          http: { timeoutMs: 3000, maxRetries: 0 },
        }),
      );
      const casePath = path.join(dir, 'case.sqlite');
      const result = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'src/main/cli/index.ts',
            'enrich',
            '--case',
            casePath,
            '--config',
            configPath,
            '--seed',
            'Organization=Northwind Traders',
          ],
          {
            cwd: repositoryRoot,
            env: {
              PATH: process.env.PATH,
              HOME: dir,
              TRACE_GRAPH_DATA_DIR: path.join(dir, 'data'),
              TRACE_GRAPH_KEYCHAIN_SERVICE: `trace-graph-hostile-test-${process.pid}`,
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, output }));
      });
      expect(server.requests.length).toBeGreaterThan(0);
      expect(result.output).toMatch(/HTTP 503 from http:\/\/127\.0\.0\.1:\d+\//);
      expectNoFragment(result.output, PASSWORD);
      const caseBytes = await readFile(casePath).catch(() => Buffer.alloc(0));
      const walBytes = await readFile(`${casePath}-wal`).catch(() => Buffer.alloc(0));
      expectNoFragment(caseBytes.toString('latin1') + walBytes.toString('latin1'), PASSWORD);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
