import { describe, expect, it } from 'vitest';
import { createManualClock, flushAsync } from '../../../test/fixtures/net/manual-clock';
import { createRateLimiter } from './rate-limiter';

/** Largest number of grants inside any half-open window [t, t + intervalMs). */
function maxGrantsInWindow(times: number[], intervalMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    const start = sorted[i] ?? 0;
    const inside = sorted.filter((time) => time >= start && time < start + intervalMs).length;
    best = Math.max(best, inside);
  }
  return best;
}

describe('createRateLimiter', () => {
  it('grants the first `requests` acquires at once (the burst)', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 3, intervalMs: 1000, clock });
    const waited = await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(waited).toEqual([0, 0, 0]);
  });

  it('never grants more than `requests` in any window of intervalMs under concurrent acquirers', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 3, intervalMs: 1000, clock });
    const grantedAt: number[] = [];
    const all = Array.from({ length: 20 }, () =>
      limiter.acquire().then(() => {
        grantedAt.push(clock.now());
      }),
    );
    // Advance in uneven steps so grant times do not line up with the interval by accident.
    for (let step = 0; step < 40 && grantedAt.length < 20; step += 1) {
      await clock.advance(173);
    }
    await Promise.all(all);
    expect(grantedAt).toHaveLength(20);
    expect(maxGrantsInWindow(grantedAt, 1000)).toBeLessThanOrEqual(3);
  });

  it('keeps the limit when acquirers arrive while earlier ones are still waiting', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 2, intervalMs: 500, clock });
    const grantedAt: number[] = [];
    const record = (): Promise<void> => limiter.acquire().then(() => void grantedAt.push(clock.now()));
    const pending: Promise<void>[] = [];
    for (let round = 0; round < 10; round += 1) {
      pending.push(record(), record());
      await clock.advance(137);
    }
    while (grantedAt.length < 20) {
      await clock.advance(137);
    }
    await Promise.all(pending);
    expect(maxGrantsInWindow(grantedAt, 500)).toBeLessThanOrEqual(2);
  });

  it('serves waiters in arrival order', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 1, intervalMs: 100, clock });
    const order: number[] = [];
    const all = [0, 1, 2, 3, 4].map((index) => limiter.acquire().then(() => void order.push(index)));
    await clock.advance(1000);
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('reports the milliseconds each acquirer waited', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 1, intervalMs: 2000, clock });
    const first = limiter.acquire();
    const second = limiter.acquire();
    const third = limiter.acquire();
    await clock.advance(5000);
    expect(await Promise.all([first, second, third])).toEqual([0, 2000, 4000]);
  });

  it('rejects an aborted waiter with the abort reason and keeps the order of the others', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 1, intervalMs: 1000, clock });
    const controller = new AbortController();
    const order: string[] = [];
    const first = limiter.acquire().then(() => void order.push('first'));
    const aborted = limiter.acquire(controller.signal);
    const third = limiter.acquire().then(() => void order.push('third'));
    const fourth = limiter.acquire().then(() => void order.push('fourth'));
    await flushAsync();
    controller.abort(new Error('cancelled by the user'));
    await expect(aborted).rejects.toThrow('cancelled by the user');
    await clock.advance(3000);
    await Promise.all([first, third, fourth]);
    expect(order).toEqual(['first', 'third', 'fourth']);
  });

  it('gives the slot of an aborted waiter to the next one without consuming a token', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 1, intervalMs: 1000, clock });
    await limiter.acquire();
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal);
    const next = limiter.acquire();
    await clock.advance(400);
    controller.abort();
    await expect(aborted).rejects.toThrow();
    await clock.advance(600);
    // The next waiter gets the token at t=1000, the one the aborted waiter would have taken.
    expect(await next).toBe(1000);
    // And the token after it comes back one interval later, not two.
    const after = limiter.acquire();
    await clock.advance(1000);
    expect(await after).toBe(1000);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 1, intervalMs: 1000, clock });
    const controller = new AbortController();
    controller.abort(new Error('already gone'));
    await expect(limiter.acquire(controller.signal)).rejects.toThrow('already gone');
    expect(await limiter.acquire()).toBe(0);
  });

  it("starts a held token's interval at its release, not at its grant", async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 1, intervalMs: 1000, clock });
    const held = await limiter.hold?.();
    let nextGrantedAt: number | undefined;
    const next = limiter.acquire().then(() => void (nextGrantedAt = clock.now()));
    // The request paid for by the held token takes 700 ms to reach the server.
    await clock.advance(700);
    held?.release();
    await clock.advance(999);
    expect(nextGrantedAt).toBeUndefined();
    await clock.advance(1);
    await next;
    expect(nextGrantedAt).toBe(clock.now());
  });

  it('grants no token while all are held, whatever the time', async () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requests: 2, intervalMs: 100, clock });
    const first = await limiter.hold?.();
    const second = await limiter.hold?.();
    let granted = false;
    const third = limiter.acquire().then(() => void (granted = true));
    await clock.advance(10_000);
    expect(granted).toBe(false);
    second?.release();
    first?.release();
    await clock.advance(100);
    await third;
    expect(granted).toBe(true);
  });

  it('refuses a rate limit without requests or interval', () => {
    const clock = createManualClock();
    expect(() => createRateLimiter({ requests: 0, intervalMs: 1000, clock })).toThrow(RangeError);
    expect(() => createRateLimiter({ requests: 1, intervalMs: 0, clock })).toThrow(RangeError);
  });
});
