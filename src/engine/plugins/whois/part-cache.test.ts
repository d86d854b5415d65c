import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffAfter, createFilePartCache, nextFailure, type PartBackoff } from './part-cache';

const BACKOFF: PartBackoff = { firstMs: 600_000, factor: 3, maxMs: 3_600_000 };
const URL = 'whois://whois.registrar.test/acme-widgets.test';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'whois-part-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('part backoff', () => {
  it('waits firstMs after one failure, factor times longer after each further one, at most maxMs', () => {
    expect([1, 2, 3].map((failures) => backoffAfter(failures, BACKOFF))).toEqual([
      600_000, 1_800_000, 3_600_000,
    ]);
  });

  it('counts failures in a row within the TTL and starts again after a stale one', () => {
    const error = { code: 'timeout', message: 'no reply' };
    const first = nextFailure(undefined, error, 1_000, 0, BACKOFF);
    expect(first).toMatchObject({ failures: 1, retryAt: 601_000 });
    expect(nextFailure(first, error, 2_000, 0, BACKOFF)).toMatchObject({ failures: 2, retryAt: 1_802_000 });
    expect(nextFailure(first, error, 2_000, 1_500, BACKOFF)).toMatchObject({ failures: 1 });
  });
});

describe('file part cache', () => {
  it('reads back what it kept, in a private file named by the hash of the URL', async () => {
    const cache = createFilePartCache(path.join(dir, '.whois-parts'));
    await cache.set(URL, {
      kind: 'reply',
      text: 'Domain Name: ACME-WIDGETS.TEST\n',
      charset: 'utf-8',
      receivedAt: 5,
    });
    expect(await cache.get(URL)).toMatchObject({ kind: 'reply', receivedAt: 5 });
    const [file] = await readdir(path.join(dir, '.whois-parts'));
    expect(file).toMatch(/^[0-9a-f]{40}\.json$/);
    expect((await stat(path.join(dir, '.whois-parts', file ?? ''))).mode & 0o777).toBe(0o600);
  });

  it('reads a damaged file as a miss, so the part is asked again', async () => {
    const cache = createFilePartCache(path.join(dir, '.whois-parts'));
    await cache.set(URL, { kind: 'reply', text: 'x', charset: 'utf-8', receivedAt: 5 });
    const [file] = await readdir(path.join(dir, '.whois-parts'));
    await writeFile(path.join(dir, '.whois-parts', file ?? ''), '{"kind":"reply"');
    expect(await cache.get(URL)).toBeUndefined();
    expect(await cache.get('whois://other.test/x')).toBeUndefined();
  });
});
