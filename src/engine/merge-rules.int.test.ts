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

function holdingLei(name: string): Findings {
  const builder = new FindingsBuilder();
  const org = builder.entity('Organization', { unique_id: name.toLowerCase(), name });
  const lei = builder.entity('Identifier', {
    unique_id: 'lei:5493001KJTIIGC8Y1R12',
    id: '5493001KJTIIGC8Y1R12',
    id_type: 'lei',
  });
  builder.edge(org, 'id', lei);
  return builder.build();
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
    expect(delta.merged).toEqual([{ from: 'Organization:acme', into: 'Organization:acme corporation' }]);
  });

  it('keeps them apart when no loaded plugin declares the rule', async () => {
    const open = await openCase([]);
    await open.graph.apply(holdingLei('Acme Corporation'), RDAP);
    expect((await open.graph.apply(holdingLei('Acme'), RDAP)).merged).toEqual([]);
  });
});
