/** Token-bucket rate limiter shared by HTTP clients and other transports (never exceeds its rate). */
import type { RateLimit } from '../config/config';
import type { HeldGrant, RateLimiter } from './types';
import type { Clock } from '../util/clock';

export interface RateLimiterOptions extends RateLimit {
  clock: Clock;
}

interface Waiter {
  startedAt: number;
  resolve(grant: HeldGrant): void;
  reject(reason: Error): void;
  detach(): void;
}

/**
 * A bucket of `requests` tokens; each token spent comes back exactly `intervalMs` after it was
 * spent. Unlike a continuously refilling bucket this guarantees that no window of `intervalMs`
 * ever holds more than `requests` grants, which is what the sources' published limits mean.
 * Waiters are served strictly in arrival order; an aborted waiter leaves the queue without
 * taking a token.
 *
 * `hold()` grants a token that stays spent "now" until `release()`: its interval starts at the
 * release, not at the grant. The HTTP client releases when the reply's headers arrive, so the
 * server has received the request by then and the next request cannot arrive within the
 * interval, however late the granted one was really sent (issue 11.10).
 */
export function createRateLimiter({
  requests,
  intervalMs,
  clock,
}: RateLimiterOptions): Required<RateLimiter> {
  if (!Number.isInteger(requests) || requests < 1 || !(intervalMs > 0)) {
    throw new RangeError(`invalid rate limit: ${requests} requests per ${intervalMs} ms`);
  }
  // Times of the most recent grants (Infinity while held); at most `requests` entries.
  const grants: { at: number }[] = [];
  const queue: Waiter[] = [];
  let pumping = false;

  const oldest = (): { at: number } | undefined =>
    grants.reduce<{ at: number } | undefined>(
      (min, grant) => (min && min.at <= grant.at ? min : grant),
      undefined,
    );
  const nextFreeAt = (): number => (grants.length < requests ? -Infinity : (oldest()?.at ?? 0) + intervalMs);

  const pump = async (): Promise<void> => {
    if (pumping) {
      return;
    }
    pumping = true;
    try {
      while (queue.length > 0) {
        const now = clock.now();
        const wait = nextFreeAt() - now;
        if (wait === Infinity) {
          // Every token is held: the next release pumps again.
          return;
        }
        if (wait > 0) {
          // Not tied to any waiter's signal: an abort removes that waiter, the slot stays.
          await clock.sleep(wait);
          continue;
        }
        const waiter = queue.shift();
        if (!waiter) {
          break;
        }
        const expired = grants.length >= requests ? oldest() : undefined;
        if (expired) {
          grants.splice(grants.indexOf(expired), 1);
        }
        const grant = { at: Infinity };
        grants.push(grant);
        waiter.detach();
        let released = false;
        waiter.resolve({
          waitedMs: now - waiter.startedAt,
          release: () => {
            if (!released) {
              released = true;
              grant.at = clock.now();
              startPump();
            }
          },
        });
      }
    } finally {
      pumping = false;
    }
  };

  const startPump = (): void => {
    pump().catch((error: unknown) => {
      // A failing clock must not strand the queue: fail every waiter with its error.
      for (const stranded of queue.splice(0)) {
        stranded.detach();
        stranded.reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };

  const hold = (signal?: AbortSignal): Promise<HeldGrant> => {
    if (signal?.aborted) {
      return Promise.reject(abortReason(signal));
    }
    return new Promise<HeldGrant>((resolve, reject) => {
      const onAbort = (): void => {
        const index = queue.indexOf(waiter);
        if (index >= 0) {
          queue.splice(index, 1);
          reject(abortReason(signal));
        }
      };
      const waiter: Waiter = {
        startedAt: clock.now(),
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      startPump();
    });
  };

  return {
    hold,
    expectedWaitMs(): number {
      // The queue is served in order, so a newcomer takes the token after those of the waiters
      // ahead of it: tokens free now first, then each spent one as it comes back, cycle after cycle.
      const now = clock.now();
      // A held grant (at = Infinity) frees its token an interval after its release, which is
      // usually moments away: estimate it as released now.
      const freeAt = [
        ...Array<number>(requests - grants.length).fill(now),
        ...grants.map((grant) => Math.min(grant.at, now) + intervalMs),
      ].sort((a, b) => a - b);
      const turn = queue.length;
      const slot = freeAt[turn % requests] ?? now;
      return Math.max(0, slot + Math.floor(turn / requests) * intervalMs - now);
    },
    async acquire(signal?: AbortSignal): Promise<number> {
      // A plain grant is a hold released at once: its interval starts at the grant.
      const grant = await hold(signal);
      grant.release();
      return grant.waitedMs;
    },
  };
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) {
    return reason;
  }
  const message = typeof reason === 'string' ? reason : 'The operation was aborted.';
  return new DOMException(message, 'AbortError');
}
