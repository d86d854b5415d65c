import { describe, expect, it } from 'vitest';
import { createHarness, fakePlugin, findingsDispatching } from '../../test/fixtures/engine/fake-plugins';
import { createMemoryGraph } from '../../test/fixtures/engine/memory-graph';
import { createManualClock, flushAsync } from '../../test/fixtures/net/manual-clock';
import { createRateLimiter } from './net/rate-limiter';
import { sessionAwareLimiter } from './plugin-environment';

function org(name: string) {
  return { type: 'Organization' as const, asset: { unique_id: name, name } };
}

/** A session whose one handler takes a turn of a 1-per-second limiter for each of `count` seeds. */
function limitedSession(count: number) {
  const clock = createManualClock();
  const graph = createMemoryGraph(clock);
  const limiter = sessionAwareLimiter(
    createRateLimiter({ requests: 1, intervalMs: 1000, clock }),
    'SRC',
    clock,
  );
  const granted: string[] = [];
  const harness = createHarness({
    graph,
    clock,
    plugins: [
      fakePlugin('p', [
        {
          name: 'p/limited',
          eventType: 'Organization',
          priority: 1,
          query: async (context) => {
            await limiter.acquire(context.signal);
            granted.push(context.entity.id);
            return findingsDispatching();
          },
        },
      ]),
    ],
  });
  const seeds = graph.add(...Array.from({ length: count }, (_, index) => org(`o${index}`)));
  return { clock, harness, granted, seeds };
}

describe('session-aware limiter', () => {
  it('lets no request waiting on a limiter through while the session is paused', async () => {
    const { clock, harness, granted, seeds } = limitedSession(3);
    harness.dispatcher.start(seeds);
    await flushAsync();
    expect(granted).toHaveLength(1);
    harness.dispatcher.pause();
    for (let step = 0; step < 10; step += 1) {
      await clock.advance(1000);
    }
    expect(granted).toHaveLength(1);
    harness.dispatcher.resume();
    for (let step = 0; step < 4 && granted.length < 3; step += 1) {
      await clock.advance(1000);
    }
    const progress = await harness.dispatcher.done;
    expect(granted).toHaveLength(3);
    expect(progress.done).toBe(3);
  });

  it('counts parallel waits of one source once, as wall-clock time', async () => {
    const { clock, harness, seeds } = limitedSession(3);
    harness.dispatcher.start(seeds);
    await flushAsync();
    // Two requests wait together: 1 s for the first, 2 s for the second -> 2 s of wall clock.
    for (let step = 0; step < 4; step += 1) {
      await clock.advance(1000);
    }
    const progress = await harness.dispatcher.done;
    expect(progress.rateLimitWaitMsBySource).toEqual({ SRC: 2000 });
  });

  it('shows a waiting source with the expected end of its wait while it waits', async () => {
    const { clock, harness, seeds } = limitedSession(3);
    harness.dispatcher.start(seeds);
    await flushAsync();
    const waiting = harness.progress.snapshot().waitingOnRateLimit?.SRC;
    expect(waiting).toEqual({
      since: new Date(clock.now()).toISOString(),
      until: new Date(clock.now() + 2000).toISOString(),
    });
    for (let step = 0; step < 4; step += 1) {
      await clock.advance(1000);
    }
    expect((await harness.dispatcher.done).waitingOnRateLimit).toBeUndefined();
  });

  it("keeps the limiter's held grants, so a token's interval starts at its release", async () => {
    const clock = createManualClock();
    const limiter = sessionAwareLimiter(
      createRateLimiter({ requests: 1, intervalMs: 1000, clock }),
      'SRC',
      clock,
    );
    const held = await limiter.hold?.();
    expect(held).toBeDefined();
    let nextAt: number | undefined;
    const next = limiter.acquire().then(() => void (nextAt = clock.now()));
    const releasedAt = clock.now() + 600;
    await clock.advance(600);
    held?.release();
    await clock.advance(999);
    expect(nextAt).toBeUndefined();
    await clock.advance(1);
    await next;
    expect(nextAt).toBe(releasedAt + 1000);
  });
});

describe('session-aware limiter holding tokens', () => {
  it('keeps the limiter’s hold, so the interval still starts when the request reached the server', async () => {
    const clock = createManualClock();
    const inner = createRateLimiter({ requests: 1, intervalMs: 1000, clock });
    let released = 0;
    const holding = {
      acquire: (signal?: AbortSignal) => inner.acquire(signal),
      hold: async (signal?: AbortSignal) => ({
        waitedMs: await inner.acquire(signal),
        release: () => {
          released += 1;
        },
      }),
    };
    const limiter = sessionAwareLimiter(holding, 'SRC', clock);
    expect(typeof limiter.hold).toBe('function');
    const grant = await limiter.hold?.();
    grant?.release();
    expect(released).toBe(1);
  });
});
