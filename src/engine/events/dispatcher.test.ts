import { describe, expect, it } from 'vitest';
import {
  createHarness,
  deferred,
  fakePlugin,
  findingsDispatching,
  fixedClock,
  settle,
} from '../../../test/fixtures/engine/fake-plugins';
import { createMemoryGraph } from '../../../test/fixtures/engine/memory-graph';
import type { EntityId } from '../../shared/model/asset';
import { NetworkError, MissingCredentialError } from '../net/errors';
import { FindingsBuilder } from '../graph/findings';
import { createHandlerRegistry } from '../core/registry';

const NOW = 1_700_000_000_000;
const clock = fixedClock(NOW);

function org(name: string) {
  return { type: 'Organization' as const, asset: { unique_id: name.toLowerCase(), name } };
}

describe('dispatcher', () => {
  it('runs priority 1 before priority 2 before priority 9', async () => {
    const graph = createMemoryGraph(clock);
    const order: string[] = [];
    const record = (name: string) => () => {
      order.push(name);
      return Promise.resolve(findingsDispatching());
    };
    const harness = createHarness({
      graph,
      plugins: [
        fakePlugin('p', [
          { name: 'p/nine', eventType: 'Organization', priority: 9, query: record('nine') },
          { name: 'p/one', eventType: 'Organization', priority: 1, query: record('one') },
          { name: 'p/two', eventType: 'Organization', priority: 2, query: record('two') },
        ]),
      ],
    });
    harness.dispatcher.start(graph.add(org('Acme')));
    const progress = await harness.dispatcher.done;
    expect(order).toEqual(['one', 'two', 'nine']);
    expect(progress.done).toBe(3);
    expect(progress.state).toBe('done');
  });

  it('runs handlers of the same priority concurrently and the next priority after both finish', async () => {
    const graph = createMemoryGraph(clock);
    const events: string[] = [];
    const aStarted = deferred();
    const bStarted = deferred();
    const harness = createHarness({
      graph,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/a',
            eventType: 'Organization',
            priority: 3,
            query: async () => {
              events.push('a start');
              aStarted.resolve();
              await bStarted.promise;
              events.push('a end');
              return findingsDispatching();
            },
          },
          {
            name: 'p/b',
            eventType: 'Organization',
            priority: 3,
            query: async () => {
              events.push('b start');
              bStarted.resolve();
              await aStarted.promise;
              await settle();
              events.push('b end');
              return findingsDispatching();
            },
          },
          {
            name: 'p/c',
            eventType: 'Organization',
            priority: 4,
            query: () => {
              events.push('c start');
              return Promise.resolve(findingsDispatching());
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start(graph.add(org('Acme')));
    await harness.dispatcher.done;
    expect(events.slice(0, 2).sort()).toEqual(['a start', 'b start']);
    expect(events.at(-1)).toBe('c start');
    expect(events.indexOf('c start')).toBeGreaterThan(events.indexOf('b end'));
  });

  it('handles an entity at most once per handler in a session', async () => {
    const graph = createMemoryGraph(clock);
    const calls: EntityId[] = [];
    const [acme, beta] = graph.add(org('Acme'), org('Beta')) as [EntityId, EntityId];
    const harness = createHarness({
      graph,
      maxDepth: 5,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/ping-pong',
            eventType: 'Organization',
            priority: 5,
            query: (context) => {
              calls.push(context.entity.id);
              return Promise.resolve(findingsDispatching(acme, beta));
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start([acme, acme, beta]);
    await harness.dispatcher.done;
    expect(calls.sort()).toEqual([acme, beta].sort());
  });

  it('stores entities beyond the maximum depth without dispatching them', async () => {
    const graph = createMemoryGraph(clock);
    const queried: string[] = [];
    const harness = createHarness({
      graph,
      maxDepth: 2,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/next',
            eventType: 'Organization',
            priority: 5,
            query: (context) => {
              const name = context.entity.asset.name as string;
              queried.push(name);
              const builder = new FindingsBuilder();
              const next = builder.entity('Organization', { unique_id: `${name}x`, name: `${name}x` });
              return Promise.resolve(builder.dispatch(next).build());
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start(graph.add(org('o')));
    await harness.dispatcher.done;
    expect(queried).toEqual(['o', 'ox', 'oxx']);
    expect(graph.entities.has('Organization:oxxx')).toBe(true);
  });

  it('starts no handler run while paused and continues on resume', async () => {
    const graph = createMemoryGraph(clock);
    const first = deferred();
    const started: string[] = [];
    const harness = createHarness({
      graph,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/first',
            eventType: 'Organization',
            priority: 1,
            query: async () => {
              started.push('first');
              await first.promise;
              return findingsDispatching();
            },
          },
          {
            name: 'p/second',
            eventType: 'Organization',
            priority: 2,
            query: () => {
              started.push('second');
              return Promise.resolve(findingsDispatching());
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start(graph.add(org('Acme')));
    await settle();
    harness.dispatcher.pause();
    first.resolve();
    await settle();
    expect(started).toEqual(['first']);
    expect(harness.progress.snapshot().state).toBe('paused');
    harness.dispatcher.resume();
    const progress = await harness.dispatcher.done;
    expect(started).toEqual(['first', 'second']);
    expect(progress.state).toBe('done');
  });

  it('aborts in-flight handler runs on cancel and ends cancelled without failures', async () => {
    const graph = createMemoryGraph(clock);
    let aborted = false;
    let laterRan = false;
    const harness = createHarness({
      graph,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/slow',
            eventType: 'Organization',
            priority: 1,
            query: (context) =>
              new Promise((_resolve, reject) => {
                context.signal.addEventListener('abort', () => {
                  aborted = true;
                  reject(new Error('aborted by the session'));
                });
              }),
          },
          {
            name: 'p/later',
            eventType: 'Organization',
            priority: 2,
            query: () => {
              laterRan = true;
              return Promise.resolve(findingsDispatching());
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start(graph.add(org('Acme'), org('Beta')));
    await settle();
    harness.dispatcher.cancel();
    const progress = await harness.dispatcher.done;
    expect(aborted).toBe(true);
    expect(laterRan).toBe(false);
    expect(progress.state).toBe('cancelled');
    expect(progress.failed).toBe(0);
    expect(progress.failures).toEqual([]);
    expect(progress.queued).toBe(0);
  });

  it('resolves a paused session as cancelled when it is cancelled', async () => {
    const graph = createMemoryGraph(clock);
    const harness = createHarness({
      graph,
      plugins: [fakePlugin('p', [{ name: 'p/a', eventType: 'Organization', priority: 1 }])],
    });
    harness.dispatcher.pause();
    harness.dispatcher.start(graph.add(org('Acme')));
    harness.dispatcher.cancel();
    expect((await harness.dispatcher.done).state).toBe('cancelled');
  });

  it('records a failing handler and keeps running the others', async () => {
    const graph = createMemoryGraph(clock);
    const ran: string[] = [];
    const harness = createHarness({
      graph,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/broken',
            eventType: 'Organization',
            priority: 1,
            query: () =>
              Promise.reject(
                new NetworkError('http://127.0.0.1:9/x', 'connection refused\nsecond line', 'P'),
              ),
          },
          {
            name: 'p/sibling',
            eventType: 'Organization',
            priority: 1,
            query: () => {
              ran.push('sibling');
              return Promise.resolve(findingsDispatching());
            },
          },
          {
            name: 'p/after',
            eventType: 'Organization',
            priority: 2,
            query: () => {
              ran.push('after');
              return Promise.reject(new TypeError('bad body'));
            },
          },
        ]),
      ],
    });
    const [acme] = graph.add(org('Acme'));
    harness.dispatcher.start([acme!]);
    const progress = await harness.dispatcher.done;
    expect(ran).toEqual(['sibling', 'after']);
    expect(progress.failed).toBe(2);
    expect(progress.done).toBe(1);
    expect(progress.failures.map((f) => [f.handler, f.code, f.source, f.entityId])).toEqual([
      ['p/broken', 'network', 'P', acme],
      ['p/after', 'handler_error', 'P', acme],
    ]);
    expect(progress.failures[0]!.message).toBe('cannot reach http://127.0.0.1:9/x: connection refused');
  });

  it('lists a source without an API key as needing one instead of failing', async () => {
    const graph = createMemoryGraph(clock);
    const harness = createHarness({
      graph,
      plugins: [
        fakePlugin(
          'keyed',
          [
            {
              name: 'keyed/search',
              eventType: 'Organization',
              priority: 1,
              query: () => Promise.reject(new MissingCredentialError('keyed')),
            },
          ],
          'Keyed',
        ),
      ],
    });
    harness.dispatcher.start(graph.add(org('Acme')));
    const progress = await harness.dispatcher.done;
    expect(progress.sourcesNeedingKey).toEqual(['Keyed']);
    expect(progress.failures).toEqual([]);
    expect(progress.failed).toBe(0);
  });

  it('counts a run that recorded a failure as failed and still dispatches what it found', async () => {
    const graph = createMemoryGraph(clock);
    const harness = createHarness({
      graph,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/partial',
            eventType: 'Organization',
            priority: 1,
            query: (context) => {
              context.recordFailure(new Error('page 2 failed'));
              return Promise.resolve(findingsDispatching());
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start(graph.add(org('Acme')));
    const progress = await harness.dispatcher.done;
    expect(progress.done).toBe(0);
    expect(progress.failed).toBe(1);
    expect(progress.failures.map((f) => f.message)).toEqual(['page 2 failed']);
  });

  it('ignores events the handler does not accept without counting a failure', async () => {
    const graph = createMemoryGraph(clock);
    let queried = 0;
    const harness = createHarness({
      graph,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/lei-only',
            eventType: 'Organization',
            priority: 1,
            accepts: () => false,
            query: () => {
              queried += 1;
              return Promise.resolve(findingsDispatching());
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start(graph.add(org('Acme')));
    const progress = await harness.dispatcher.done;
    expect(queried).toBe(0);
    expect(progress.failed).toBe(0);
    expect(graph.writes).toEqual([]);
  });

  it('keeps at most the configured number of events in flight', async () => {
    const graph = createMemoryGraph(clock);
    let running = 0;
    let most = 0;
    const harness = createHarness({
      graph,
      maxEventsInFlight: 3,
      plugins: [
        fakePlugin('p', [
          {
            name: 'p/slow',
            eventType: 'Organization',
            priority: 1,
            query: async () => {
              running += 1;
              most = Math.max(most, running);
              await settle();
              running -= 1;
              return findingsDispatching();
            },
          },
        ]),
      ],
    });
    harness.dispatcher.start(graph.add(...Array.from({ length: 10 }, (_, index) => org(`Org ${index}`))));
    const progress = await harness.dispatcher.done;
    expect(most).toBe(3);
    expect(progress.done).toBe(10);
  });

  it('finishes at once when no handler takes the seeds', async () => {
    const graph = createMemoryGraph(clock);
    const harness = createHarness({ graph, plugins: [] });
    harness.dispatcher.start(graph.add(org('Acme')));
    expect((await harness.dispatcher.done).state).toBe('done');
  });
});

describe('handler registry', () => {
  it('rejects two handlers with the same name', () => {
    expect(() =>
      createHandlerRegistry([
        fakePlugin('a', [{ name: 'x/same', eventType: 'Organization', priority: 1 }]),
        fakePlugin('b', [{ name: 'x/same', eventType: 'FQDN', priority: 2 }]),
      ]),
    ).toThrow(/x\/same.*twice/);
  });

  it.each([0, 10, 1.5])('rejects priority %s', (priority) => {
    expect(() =>
      createHandlerRegistry([fakePlugin('a', [{ name: 'a/h', eventType: 'Organization', priority }])]),
    ).toThrow(/priority/);
  });

  it('groups handlers of one asset type into stages by ascending priority', () => {
    const registry = createHandlerRegistry([
      fakePlugin('a', [
        { name: 'a/seven', eventType: 'Identifier', priority: 7 },
        { name: 'a/five', eventType: 'Identifier', priority: 5 },
        { name: 'a/other', eventType: 'FQDN', priority: 1 },
      ]),
      fakePlugin('b', [{ name: 'b/five', eventType: 'Identifier', priority: 5 }]),
    ]);
    expect(
      registry
        .pipeline('Identifier')
        .map((stage) => [stage.priority, stage.handlers.map((h) => h.handler.name)]),
    ).toEqual([
      [5, ['a/five', 'b/five']],
      [7, ['a/seven']],
    ]);
    expect(registry.pipeline('Netblock')).toEqual([]);
  });
});
