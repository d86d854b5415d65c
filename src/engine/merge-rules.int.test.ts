import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config/config';
import { createMemoryCredentialStore } from './credentials/credential-store';
import { createEngine } from './engine';
import type { Engine } from './engine-types';
import { FindingsBuilder, type Findings } from './graph/findings';
import type { PluginDefinition } from './core/plugin-api';

const RDAP = { source: { name: 'RDAP', confidence: 90 } };

let engine: Engine | undefined;
let dir: string | undefined;

afterEach(async () => {
  await engine?.close();
  engine = undefined;
  if (dir !== undefined) {
    await rm(dir, { recursive: true, force: true });
    dir = undefined;
  }
});

function holdingLei(name: string, review?: string): Findings {
  const builder = new FindingsBuilder();
  const org = builder.entity('Organization', { unique_id: name.toLowerCase(), name });
  const lei = builder.entity('Identifier', {
    unique_id: 'lei:5493001KJTIIGC8Y1R12',
    id: '5493001KJTIIGC8Y1R12',
    id_type: 'lei',
  });
  builder.edge(org, 'id', lei, review === undefined ? undefined : { review });
  return builder.build();
}

/**
 * The two became one. Which survives is the older by creation time, then the smaller id: two writes
 * in the same millisecond fall back to id order, so the direction is not asserted.
 */
function expectOneMergeOf(merged: { from: string; into: string }[], a: string, b: string): void {
  expect(merged).toHaveLength(1);
  expect(new Set([merged[0]?.from, merged[0]?.into])).toEqual(new Set([a, b]));
}

async function openCase(plugins?: PluginDefinition[]) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'merge-rules-'));
  engine = createEngine({
    config: DEFAULT_CONFIG,
    dataDir: dir,
    credentials: createMemoryCredentialStore(),
    ...(plugins === undefined ? {} : { plugins }),
  });
  return engine.openCase(path.join(dir, 'case.sqlite'));
}

describe('identity rules declared by plugins', () => {
  it('merges organizations holding one LEI in a case opened with the built-in plugins', async () => {
    const open = await openCase();
    await open.graph.apply(holdingLei('Acme Corporation'), RDAP);
    const delta = await open.graph.apply(holdingLei('Acme'), RDAP);
    expectOneMergeOf(delta.merged, 'Organization:acme', 'Organization:acme corporation');
  });

  it('keeps them apart when no loaded plugin declares the rule', async () => {
    const open = await openCase([]);
    await open.graph.apply(holdingLei('Acme Corporation'), RDAP);
    expect((await open.graph.apply(holdingLei('Acme'), RDAP)).merged).toEqual([]);
  });

  it('does not merge on a registry match still awaiting review, nor on a rejected one', async () => {
    const open = await openCase();
    await open.graph.apply(holdingLei('Acme Corporation'), RDAP);
    expect((await open.graph.apply(holdingLei('Acme', 'pending'), RDAP)).merged).toEqual([]);
    expect((await open.graph.apply(holdingLei('Acme Holdings', 'rejected'), RDAP)).merged).toEqual([]);
  });

  it('merges once the match is accepted', async () => {
    const open = await openCase();
    await open.graph.apply(holdingLei('Acme Corporation'), RDAP);
    await open.graph.apply(holdingLei('Acme', 'pending'), RDAP);
    const delta = await open.graph.apply(holdingLei('Acme', 'accepted'), RDAP);
    expectOneMergeOf(delta.merged, 'Organization:acme', 'Organization:acme corporation');
  });
});
