/**
 * Rate limits across processes (issue 11.10): a ledger of recent grants per limiter key that
 * every process using one data directory (or one team case) consults before it sends. The
 * in-process limiter still orders and bounds the process's own requests; the ledger adds the
 * other processes' grants to the count.
 */
import { randomUUID } from 'node:crypto';
import type { RateLimit } from './types';
import type { HeldGrant, RateLimiter } from './types';
import type { Clock } from '../util/clock';
import { SourceError } from './errors';

/** How long a process waits before asking the ledger again while every slot is held elsewhere. */
export const LEDGER_POLL_MS = 25;

/**
 * Shared grant book. Implementations: SQLite in the data directory (rate-ledger-sqlite.ts) and
 * the team case's PostgreSQL database (graph/postgres).
 */
export interface RateLedger {
  /**
   * Takes a slot for `key` under `limit` for `holder`, held until `release`; or, when the key's
   * slots are all in use, the milliseconds after which asking again may succeed.
   */
  tryHold(key: string, limit: RateLimit, holder: string): Promise<number | undefined>;
  /** The holder's request reached the server: its slot's interval starts now. */
  release(key: string, holder: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A limiter that grants only when both the in-process limiter and the ledger agree. The
 * in-process token is held while the ledger is asked, so one process has at most `requests`
 * holders waiting on the ledger per key and its own order is kept.
 */
export function withRateLedger(
  inner: RateLimiter,
  ledger: RateLedger,
  key: string,
  limit: RateLimit,
  clock: Clock,
): RateLimiter {
  const hold = async (signal?: AbortSignal): Promise<HeldGrant> => {
    const started = clock.now();
    const local = inner.hold ? await inner.hold(signal) : plainGrant(await inner.acquire(signal));
    const holder = `${process.pid}:${randomUUID()}`;
    try {
      for (;;) {
        const wait = await ledger.tryHold(key, limit, holder);
        if (wait === undefined) {
          break;
        }
        await clock.sleep(wait, signal);
      }
    } catch (error) {
      local.release();
      throw error;
    }
    let released = false;
    return {
      waitedMs: clock.now() - started,
      release: () => {
        if (released) {
          return;
        }
        released = true;
        local.release();
        // A release that cannot be written leaves the slot held until the ledger's lease ends:
        // slower, never faster than the limit.
        ledger.release(key, holder).catch(() => undefined);
      },
    };
  };
  return {
    // The in-process estimate (the progress countdown; other processes' holds can only add to it).
    ...(inner.expectedWaitMs === undefined ? {} : { expectedWaitMs: () => inner.expectedWaitMs?.() ?? 0 }),
    hold,
    async acquire(signal?: AbortSignal): Promise<number> {
      const grant = await hold(signal);
      grant.release();
      return grant.waitedMs;
    },
  };
}

function plainGrant(waitedMs: number): HeldGrant {
  return { waitedMs, release: () => undefined };
}

/**
 * The shared ledger failed (a team case's PostgreSQL server restarted, the connection dropped):
 * the request was not sent, and nobody aborted it. Reported as a network failure that says so
 * (issue 24: it was reported as an aborted request).
 */
export function ledgerFailure(shownUrl: string, source: string, error: unknown): SourceError {
  const reason = (error instanceof Error ? error.message : String(error)).split(/\r?\n/, 1)[0] ?? '';
  const failure = new SourceError(
    'network',
    `the shared rate limit could not be read (${reason.slice(0, 200)}); request to ${shownUrl} not sent`,
    source,
  );
  failure.cause = error;
  return failure;
}
