import { describe, expect, it } from 'vitest';
import { createManualClock, flushAsync } from '../../../test/fixtures/net/manual-clock';
import { createRateLimiter } from './rate-limiter';

describe('rate limiter expected wait', () => {
  it('expects no wait while a token is free', () => {
    const limiter = createRateLimiter({ requests: 2, intervalMs: 1000, clock: createManualClock() });
    expect(limiter.expectedWaitMs()).toBe(0);
  });

  it('expects the wait until the token of the waiters ahead comes back', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 1, intervalMs: 1000, clock });
    await limiter.acquire();
    expect(limiter.expectedWaitMs()).toBe(1000);
    const second = limiter.acquire();
    await flushAsync();
    // One waiter ahead: its turn at 1000 ms, ours one interval later.
    expect(limiter.expectedWaitMs()).toBe(2000);
    await clock.advance(1000);
    await second;
    expect(limiter.expectedWaitMs()).toBe(1000);
  });
});
