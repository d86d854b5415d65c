import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../../../test/fakes/http-server';
import { repositoryRoot } from '../../../test/support/fixtures-dir';
import { systemClock } from '../util/clock';
import { createRateLimiter } from './rate-limiter';
import { withRateLedger } from './rate-ledger';
import { openSqliteRateLedger, RATE_LEDGER_FILE } from './rate-ledger-sqlite';

let dir: string;
let server: FakeHttpServer | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rate-ledger-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

function runClient(url: string, count: number, intervalMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/support/rate-ledger-client.ts', dir, url, String(count), String(intervalMs)],
      { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${output}`)),
    );
  });
}

/** Smallest gap between consecutive arrivals, in ms. */
function smallestGap(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let smallest = Infinity;
  for (let i = 1; i < sorted.length; i += 1) {
    smallest = Math.min(smallest, (sorted[i] ?? 0) - (sorted[i - 1] ?? 0));
  }
  return smallest;
}

describe('rate limits across processes', () => {
  it('keeps the arrival gap at the server >= the interval for two processes on one data directory', async () => {
    const intervalMs = 150;
    // A slow first reply: a request that lands late must not let the next one land early.
    server = await startFakeHttpServer((request) => ({
      body: { ok: true },
      ...(request.path.endsWith('/1') ? { delayMs: 60 } : {}),
    }));
    const outputs = await Promise.all([
      runClient(server.url, 6, intervalMs),
      runClient(server.url, 6, intervalMs),
    ]);
    expect(outputs.map((output) => output.trim())).toEqual(['done 6', 'done 6']);
    const pids = new Set(server.requests.map((request) => request.path.split('/')[2]));
    expect(server.requests).toHaveLength(12);
    expect(pids.size).toBe(2);
    expect(smallestGap(server.requests.map((request) => request.at))).toBeGreaterThanOrEqual(intervalMs);
  }, 60_000);

  it('creates the ledger owner-only in the data directory', async () => {
    const ledger = openSqliteRateLedger(dir);
    await ledger.close();
    expect((await stat(path.join(dir, RATE_LEDGER_FILE))).mode & 0o777).toBe(0o600);
  });

  it('never lets two ledgers on one directory hold more slots than the limit', async () => {
    const first = openSqliteRateLedger(dir);
    const second = openSqliteRateLedger(dir);
    const limit = { requests: 2, intervalMs: 10_000 };
    expect(await first.tryHold('k', limit, 'a')).toBeUndefined();
    expect(await second.tryHold('k', limit, 'b')).toBeUndefined();
    expect(await first.tryHold('k', limit, 'c')).toBeGreaterThan(0);
    expect(await second.tryHold('k', limit, 'd')).toBeGreaterThan(0);
    // Another key has its own slots.
    expect(await second.tryHold('other', limit, 'e')).toBeUndefined();
    await Promise.all([first.close(), second.close()]);
  });

  it('answers the time left until the oldest released slot frees up', async () => {
    let now = 1_000_000;
    const clock = { ...systemClock, now: () => now };
    const ledger = openSqliteRateLedger(dir, { clock });
    const limit = { requests: 1, intervalMs: 1000 };
    expect(await ledger.tryHold('k', limit, 'a')).toBeUndefined();
    now += 300;
    await ledger.release('k', 'a');
    now += 200;
    expect(await ledger.tryHold('k', limit, 'b')).toBe(800);
    now += 800;
    expect(await ledger.tryHold('k', limit, 'b')).toBeUndefined();
    await ledger.close();
  });

  it('frees the slot of a process that died holding it', async () => {
    const writer = openSqliteRateLedger(dir, { isAlive: () => true });
    const limit = { requests: 1, intervalMs: 100 };
    expect(await writer.tryHold('k', limit, 'crashed')).toBeUndefined();
    await writer.close();
    // Seen from another process id, the holder (this process) is dead.
    const survivor = openSqliteRateLedger(dir, { isAlive: () => false });
    const originalPid = process.pid;
    Object.defineProperty(process, 'pid', { value: originalPid + 1, configurable: true });
    try {
      // Released when seen dead, so the slot is free one interval later, not never.
      expect(await survivor.tryHold('k', limit, 'next')).toBe(100);
    } finally {
      Object.defineProperty(process, 'pid', { value: originalPid, configurable: true });
    }
    await survivor.close();
  });

  it('holds an in-process grant while the ledger is full, then grants once it frees', async () => {
    const ledger = openSqliteRateLedger(dir);
    const limit = { requests: 1, intervalMs: 80 };
    const outsider = openSqliteRateLedger(dir);
    expect(await outsider.tryHold('key', limit, 'other-process')).toBeUndefined();
    const limiter = withRateLedger(
      createRateLimiter({ ...limit, clock: systemClock }),
      ledger,
      'key',
      limit,
      systemClock,
    );
    const started = Date.now();
    setTimeout(() => void outsider.release('key', 'other-process'), 50);
    await limiter.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(50 + 80 - 5);
    await Promise.all([ledger.close(), outsider.close()]);
  });
});
