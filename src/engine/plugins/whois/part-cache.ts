/**
 * The parts of a WHOIS lookup (IANA's referral for the TLD, the registry's reply, the registrar's
 * reply), each kept apart, keyed by its URL (`whois://<server>/<query>`): a reply that answered,
 * or a failure with the time it may be asked again. A second run within the TTL re-asks only the
 * part that failed, and only after its backoff, which grows with each failure in a row.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WhoisCharset } from './decode';

/** A part that answered: the reply's text as decoded, and when it was received (ms since epoch). */
export interface CachedReply {
  kind: 'reply';
  text: string;
  /** The charset the text was decoded from. */
  charset: WhoisCharset;
  receivedAt: number;
}

/** A part that failed, `failures` times in a row; not asked again before `retryAt`. */
export interface CachedFailure {
  kind: 'failed';
  code: string;
  message: string;
  failures: number;
  failedAt: number;
  retryAt: number;
}

export type CachedPart = CachedReply | CachedFailure;

export interface WhoisPartCache {
  get(url: string): Promise<CachedPart | undefined>;
  set(url: string, part: CachedPart): Promise<void>;
}

/** How long a failed part waits before it is asked again: `firstMs`, times `factor` per failure. */
export interface PartBackoff {
  firstMs: number;
  factor: number;
  maxMs: number;
}

export const DEFAULT_PART_BACKOFF: PartBackoff = {
  firstMs: 10 * 60_000,
  factor: 3,
  maxMs: 24 * 60 * 60_000,
};

/** The wait after the `failures`-th failure in a row (1: `firstMs`). */
export function backoffAfter(failures: number, backoff: PartBackoff): number {
  const wait = backoff.firstMs * backoff.factor ** Math.max(0, failures - 1);
  return Math.min(backoff.maxMs, wait);
}

/** The failure record after one more failure (the count restarts when the last one is stale). */
export function nextFailure(
  previous: CachedPart | undefined,
  error: { code: string; message: string },
  now: number,
  since: number,
  backoff: PartBackoff,
): CachedFailure {
  const before = previous?.kind === 'failed' && previous.failedAt >= since ? previous.failures : 0;
  const failures = before + 1;
  return {
    kind: 'failed',
    code: error.code,
    message: error.message,
    failures,
    failedAt: now,
    retryAt: now + backoffAfter(failures, backoff),
  };
}

/** In memory, for one engine (tests, and where no data directory is wanted). */
export function createMemoryPartCache(): WhoisPartCache {
  const parts = new Map<string, CachedPart>();
  return {
    get: (url) => Promise.resolve(parts.get(url)),
    set: (url, part) => {
      parts.set(url, part);
      return Promise.resolve();
    },
  };
}

function isCachedPart(value: unknown): value is CachedPart & { url: string } {
  if (value === null || typeof value !== 'object') {
    return false;
  }
  const part = value as Record<string, unknown>;
  if (part.kind === 'reply') {
    return (
      typeof part.text === 'string' && typeof part.charset === 'string' && typeof part.receivedAt === 'number'
    );
  }
  return (
    part.kind === 'failed' &&
    typeof part.code === 'string' &&
    typeof part.message === 'string' &&
    typeof part.failures === 'number' &&
    typeof part.failedAt === 'number' &&
    typeof part.retryAt === 'number'
  );
}

/**
 * One JSON file per part under `directory` (`<dataDir>/.whois-parts/`), named by the hash of its
 * URL; written to a temporary name and renamed, so a crash leaves the old file or the new one.
 * A file that does not read back as a part is ignored (the part is asked again).
 */
export function createFilePartCache(directory: string): WhoisPartCache {
  const fileOf = (url: string): string =>
    path.join(directory, `${createHash('sha256').update(url).digest('hex').slice(0, 40)}.json`);
  return {
    async get(url) {
      let text: string;
      try {
        text = await readFile(fileOf(url), 'utf8');
      } catch {
        return undefined;
      }
      try {
        const value: unknown = JSON.parse(text);
        // The URL is stored too: a hash collision reads as a miss, never as another part.
        return isCachedPart(value) && value.url === url ? value : undefined;
      } catch {
        return undefined;
      }
    },
    async set(url, part) {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const file = fileOf(url);
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, JSON.stringify({ url, ...part }), { mode: 0o600 });
      await rename(temporary, file);
    },
  };
}
