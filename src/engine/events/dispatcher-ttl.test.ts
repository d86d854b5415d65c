import { describe, expect, it } from 'vitest';
import {
  createHarness,
  fakePlugin,
  findingsDispatching,
  fixedClock,
} from '../../../test/fixtures/engine/fake-plugins';
import { createMemoryGraph } from '../../../test/fixtures/engine/memory-graph';
import type { EntityId } from '../../shared/model/asset';

const NOW = 1_700_000_000_000;
const HOUR = 3_600_000;
const clock = fixedClock(NOW);

function org(name: string) {
  return { type: 'Organization' as const, asset: { unique_id: name.toLowerCase(), name } };
}

describe('dispatcher TTL', () => {
  function cachedPlugin(
    counts: { query: number; lookup: number; queried: EntityId[] },
    dispatchId: EntityId,
  ) {
    return fakePlugin('p', [
      {
        name: 'p/cached',
        eventType: 'Organization',
        priority: 1,
        transforms: ['Identifier'],
        lookup: () => {
          counts.lookup += 1;
          return findingsDispatching(dispatchId);
        },
        query: (context) => {
          counts.query += 1;
          counts.queried.push(context.entity.id);
          return Promise.resolve(findingsDispatching());
        },
      },
    ]);
  }

  it('serves an entity monitored within the TTL from the lookup path with zero queries', async () => {
    const graph = createMemoryGraph(clock);
    const [acme, beta] = graph.add(org('Acme'), org('Beta')) as [EntityId, EntityId];
    graph.markMonitored(acme, 'P', 'p/cached', NOW - HOUR);
    const counts = { query: 0, lookup: 0, queried: [] as EntityId[] };
    const harness = createHarness({ graph, clock, plugins: [cachedPlugin(counts, beta)] });
    harness.dispatcher.start([acme]);
    const progress = await harness.dispatcher.done;
    expect(counts.lookup).toBe(1);
    // The only query is Beta's, reached because Acme's lookup result was dispatched.
    expect(counts.queried).toEqual([beta]);
    expect(progress.cacheHits).toBe(1);
    expect(graph.writes.filter((w) => w.options.markMonitored === acme)).toEqual([]);
  });

  it('queries an entity whose monitored mark is older than the TTL', async () => {
    const graph = createMemoryGraph(clock);
    const [acme, beta] = graph.add(org('Acme'), org('Beta')) as [EntityId, EntityId];
    graph.markMonitored(acme, 'P', 'p/cached', NOW - 25 * HOUR);
    const counts = { query: 0, lookup: 0, queried: [] as EntityId[] };
    const harness = createHarness({ graph, clock, maxDepth: 0, plugins: [cachedPlugin(counts, beta)] });
    harness.dispatcher.start([acme]);
    const progress = await harness.dispatcher.done;
    expect(counts).toMatchObject({ query: 1, lookup: 0 });
    expect(progress.cacheHits).toBe(0);
    expect(graph.writes.some((w) => w.options.markMonitored === acme)).toBe(true);
  });

  it('does not take a monitored mark of another handler as its own', async () => {
    const graph = createMemoryGraph(clock);
    const [acme, beta] = graph.add(org('Acme'), org('Beta')) as [EntityId, EntityId];
    graph.markMonitored(acme, 'P', 'p/next', NOW - HOUR);
    const counts = { query: 0, lookup: 0, queried: [] as EntityId[] };
    const harness = createHarness({ graph, clock, maxDepth: 0, plugins: [cachedPlugin(counts, beta)] });
    harness.dispatcher.start([acme]);
    await harness.dispatcher.done;
    expect(counts).toMatchObject({ query: 1, lookup: 0 });
  });

  it('queries when refresh is asked even within the TTL', async () => {
    const graph = createMemoryGraph(clock);
    const [acme, beta] = graph.add(org('Acme'), org('Beta')) as [EntityId, EntityId];
    graph.markMonitored(acme, 'P', 'p/cached', NOW - HOUR);
    const counts = { query: 0, lookup: 0, queried: [] as EntityId[] };
    const harness = createHarness({
      graph,
      clock,
      maxDepth: 0,
      refresh: true,
      plugins: [cachedPlugin(counts, beta)],
    });
    harness.dispatcher.start([acme]);
    const progress = await harness.dispatcher.done;
    expect(counts).toMatchObject({ query: 1, lookup: 0 });
    expect(progress.cacheHits).toBe(0);
  });

  it('queries when the lookup finds nothing usable', async () => {
    const graph = createMemoryGraph(clock);
    const [acme] = graph.add(org('Acme')) as [EntityId];
    graph.markMonitored(acme, 'P', 'p/empty', NOW - HOUR);
    let queried = 0;
    const harness = createHarness({
      graph,
      clock,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/empty',
            eventType: 'Organization',
            priority: 1,
            lookup: () => null,
            query: () => {
              queried += 1;
              return Promise.resolve(findingsDispatching());
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start([acme]);
    const progress = await harness.dispatcher.done;
    expect(queried).toBe(1);
    expect(progress.cacheHits).toBe(0);
  });
});
