import { mkdtemp, rm } from 'node:fs/promises';
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config/config';
import { createMemoryCredentialStore } from './credentials/credential-store';
import { createEngine } from './engine';
import type { Engine } from './engine-types';
import { openCaseGraph } from './graph/case-file';

const WHOIS = { source: { name: 'WHOIS', confidence: 80 } };

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

async function openCase() {
  dir = await mkdtemp(path.join(os.tmpdir(), 'case-copy-'));
  engine = createEngine({
    config: DEFAULT_CONFIG,
    dataDir: dir,
    credentials: createMemoryCredentialStore(),
    plugins: [],
  });
  return { open: engine.openCase(path.join(dir, 'case.sqlite')), dir };
}

describe('save a copy of an open case', () => {
  it('writes every committed entity to an owner-only copy while the case stays open', async () => {
    const { open, dir: folder } = await openCase();
    for (let index = 0; index < 20; index += 1) {
      await open.graph.apply(
        { entities: [{ type: 'FQDN', asset: { name: `h${index}.example` } }], edges: [], dispatch: [] },
        WHOIS,
      );
    }
    const target = path.join(folder, 'copy.sqlite');
    open.saveCopy(target);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    const copy = openCaseGraph(target);
    try {
      expect(copy.exportJson()).toEqual(open.graph.exportJson());
    } finally {
      void copy.close();
    }
    await open.graph.apply(
      { entities: [{ type: 'FQDN', asset: { name: 'after.example' } }], edges: [], dispatch: [] },
      WHOIS,
    );
    expect(open.graph.stats().entities).toBe(21);
  });

  it('refuses to copy a case onto its own file', async () => {
    const { open } = await openCase();
    expect(() => open.saveCopy(open.path)).toThrow(/onto itself/);
    expect(open.graph.stats().entities).toBe(0);
  });
});
