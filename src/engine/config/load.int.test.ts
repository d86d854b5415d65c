import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigFile } from './load';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'config-load-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const full = path.join(dir, name);
  await writeFile(full, text);
  return full;
}

describe('loadConfigFile', () => {
  it('merges the file over the defaults', async () => {
    const config = await loadConfigFile(
      await file(
        'ok.json',
        JSON.stringify({ depth: 4, sources: { gleif: { baseUrl: 'http://127.0.0.1:1' } } }),
      ),
    );
    expect(config.depth).toBe(4);
    expect(config.sources.gleif.baseUrl).toBe('http://127.0.0.1:1');
    expect(config.sources.gleif.rateLimit).toEqual({ requests: 1, intervalMs: 3000 });
  });

  it('says when the file does not exist', async () => {
    await expect(loadConfigFile(path.join(dir, 'missing.json'))).rejects.toThrow(
      /cannot read config file .*no such file/,
    );
  });

  it('says when the file is not JSON', async () => {
    await expect(loadConfigFile(await file('bad.json', '{ depth: '))).rejects.toThrow(/is not valid JSON/);
  });

  it('says which key is invalid', async () => {
    await expect(loadConfigFile(await file('invalid.json', '{"depth": "deep"}'))).rejects.toThrow(/at depth/);
  });

  it('rejects a JSON value that is not an object', async () => {
    await expect(loadConfigFile(await file('array.json', '[]'))).rejects.toThrow(/must hold a JSON object/);
  });
});

describe('loadConfigFile with a byte order mark', () => {
  it('reads a UTF-8 file that starts with a byte order mark', async () => {
    const config = await loadConfigFile(await file('bom.json', '\uFEFF{"depth": 3}'));
    expect(config.depth).toBe(3);
  });

  it('refuses an out-of-range timeout with the file and key in one line', async () => {
    await expect(
      loadConfigFile(await file('timeout.json', '{"http": {"timeoutMs": 3000000000}}')),
    ).rejects.toThrow(/timeout\.json: invalid configuration at http\.timeoutMs/);
  });
});
