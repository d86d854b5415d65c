/** Token-bucket rate limiter shared by HTTP clients and other transports (never exceeds its rate). */
import type { RateLimit } from '../config/config';
import type { RateLimiter } from './types';
import type { Clock } from '../util/clock';

export interface RateLimiterOptions extends RateLimit {
  clock: Clock;
}

interface Waiter {
  startedAt: number;
  resolve(waitedMs: number): void;
  reject(reason: Error): void;
  detach(): void;
}

/**
 * A bucket of `requests` tokens; each token spent comes back exactly `intervalMs` after it was
 * spent. Unlike a continuously refilling bucket this guarantees that no window of `intervalMs`
 * ever holds more than `requests` grants, which is what the sources' published limits mean.
 * Waiters are served strictly in arrival order; an aborted waiter leaves the queue without
 * taking a token.
 */
export function createRateLimiter({
  requests,
  intervalMs,
  clock,
}: RateLimiterOptions): Required<RateLimiter> {
  if (!Number.isInteger(requests) || requests < 1 || !(intervalMs > 0)) {
    throw new RangeError(`invalid rate limit: ${requests} requests per ${intervalMs} ms`);
  }
  // Times of the most recent grants, oldest first; at most `requests` entries.
  const grants: number[] = [];
  const queue: Waiter[] = [];
  let pumping = false;

  const nextFreeAt = (): number => (grants.length < requests ? -Infinity : (grants[0] ?? 0) + intervalMs);

  const pump = async (): Promise<void> => {
    if (pumping) {
      return;
    }
    pumping = true;
    try {
      while (queue.length > 0) {
        const now = clock.now();
        const wait = nextFreeAt() - now;
        if (wait > 0) {
          // Not tied to any waiter's signal: an abort removes that waiter, the slot stays.
          await clock.sleep(wait);
          continue;
        }
        const waiter = queue.shift();
        if (!waiter) {
          break;
        }
        grants.push(now);
        if (grants.length > requests) {
          grants.shift();
        }
        waiter.detach();
        waiter.resolve(now - waiter.startedAt);
      }
    } finally {
      pumping = false;
    }
  };

  return {
    expectedWaitMs(): number {
      // The queue is served in order, so a newcomer takes the token after those of the waiters
      // ahead of it: tokens free now first, then each spent one as it comes back, cycle after cycle.
      const now = clock.now();
      const freeAt = [
        ...Array<number>(requests - grants.length).fill(now),
        ...grants.map((at) => at + intervalMs),
      ];
      const turn = queue.length;
      const slot = freeAt[turn % requests] ?? now;
      return Math.max(0, slot + Math.floor(turn / requests) * intervalMs - now);
    },
    acquire(signal?: AbortSignal): Promise<number> {
      if (signal?.aborted) {
        return Promise.reject(abortReason(signal));
      }
      return new Promise<number>((resolve, reject) => {
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
        pump().catch((error: unknown) => {
          // A failing clock must not strand the queue: fail every waiter with its error.
          for (const stranded of queue.splice(0)) {
            stranded.detach();
            stranded.reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
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
