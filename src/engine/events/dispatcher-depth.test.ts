import { describe, expect, it } from 'vitest';
import {
  createHarness,
  deferred,
  fakePlugin,
  findingsDispatching,
  fixedClock,
} from '../../../test/fixtures/engine/fake-plugins';
import { createMemoryGraph } from '../../../test/fixtures/engine/memory-graph';
import type { EntityId } from '../../shared/model/asset';

const clock = fixedClock();

function org(name: string) {
  return { type: 'Organization' as const, asset: { unique_id: name, name } };
}

describe('dispatcher depth', () => {
  it('keeps an entity’s shallowest arrival, so a later shorter path still reaches its findings', async () => {
    // seed -> short -> target  (target at depth 2, first: reaches the limit)
    // seed -(slow)-> target     (target at depth 1, later: its findings are within the limit)
    const graph = createMemoryGraph(clock);
    const [seed, short, target, beyond] = graph.add(
      org('seed'),
      org('short'),
      org('target'),
      org('beyond'),
    ) as [EntityId, EntityId, EntityId, EntityId];
    const slowAnswer = deferred();
    const targetDone = deferred();
    const queried: EntityId[] = [];
    const harness = createHarness({
      graph,
      maxDepth: 2,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/fast',
            eventType: 'Organization',
            priority: 1,
            query: async (context) => {
              queried.push(context.entity.id);
              const next: Record<string, EntityId[]> = {
                [seed]: [short],
                [short]: [target],
                [target]: [beyond],
              };
              const found = findingsDispatching(...(next[context.entity.id] ?? []));
              if (context.entity.id === target) {
                targetDone.resolve();
              }
              return Promise.resolve(found);
            },
          },
          {
            name: 'p/slow',
            eventType: 'Organization',
            priority: 1,
            query: async (context) => {
              if (context.entity.id !== seed) {
                return findingsDispatching();
              }
              await slowAnswer.promise;
              return findingsDispatching(target);
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start([seed]);
    await targetDone.promise;
    slowAnswer.resolve();
    await harness.dispatcher.done;
    // `beyond` is at depth 2 through the shorter path, so it is dispatched; the target ran once.
    expect(queried.filter((id) => id === target)).toHaveLength(1);
    expect(queried).toContain(beyond);
  });

  it('reaches the same entities whichever arrival comes first', async () => {
    const reached = async (slowFirst: boolean): Promise<string[]> => {
      const graph = createMemoryGraph(clock);
      const [seed, a, b, c] = graph.add(org('seed'), org('a'), org('b'), org('c')) as [
        EntityId,
        EntityId,
        EntityId,
        EntityId,
      ];
      const gate = deferred();
      const queried: string[] = [];
      const next: Record<string, EntityId[]> = { [seed]: [a], [a]: [b], [b]: [c] };
      const harness = createHarness({
        graph,
        maxDepth: 2,
        plugins: [
          fakePlugin('p', [
            {
              name: 'p/chain',
              eventType: 'Organization',
              priority: 1,
              query: (context) => {
                queried.push(context.entity.id);
                if (context.entity.id === a && !slowFirst) {
                  gate.resolve();
                }
                return Promise.resolve(findingsDispatching(...(next[context.entity.id] ?? [])));
              },
            },
            {
              name: 'p/direct',
              eventType: 'Organization',
              priority: 1,
              query: async (context) => {
                if (context.entity.id !== seed) {
                  return findingsDispatching();
                }
                if (!slowFirst) {
                  await gate.promise;
                }
                return findingsDispatching(b);
              },
            },
          ]),
        ],
      });
      harness.dispatcher.start([seed]);
      await harness.dispatcher.done;
      return [...new Set(queried)].sort();
    };
    expect(await reached(true)).toEqual(await reached(false));
  });
});
