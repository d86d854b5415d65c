/** One handler run against a real case graph (SQLite in memory): the freshness rules the engine applies. */
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityId } from '../../shared/model/asset';
import type { HandlerFailure } from '../../shared/model/session';
import { DEFAULT_CONFIG } from '../config/config';
import { openCaseGraph, type SqliteCaseGraph } from '../graph/case-file';
import { FindingsBuilder, emptyFindings, type Findings } from '../graph/findings';
import { NetworkError } from '../net/errors';
import { silentLogger } from '../util/logger';
import { MAX_ENTITIES_PER_RUN } from './findings-cap';
import type { HandlerDefinition, HandlerContext, PluginDefinition } from './plugin-api';
import { runHandler, type HandlerOutcome } from './run-handler';

const SOURCE = { name: 'Test', confidence: 100 };
const DAY = 86_400_000;

let graph: SqliteCaseGraph | undefined;
afterEach(() => {
  void graph?.close();
  graph = undefined;
});

type OrgContext = HandlerContext<'Organization', unknown>;

interface Spec {
  query?: (context: OrgContext) => Promise<Findings>;
  lookup?: (context: OrgContext) => Findings | null;
  fromStoredReply?: (context: OrgContext) => Findings | null;
  cache?: HandlerDefinition['cache'];
}

/** A case graph holding the Organization "Acme" (the event's entity). */
function openWithSeed(): { graph: SqliteCaseGraph; seed: EntityId } {
  graph = openCaseGraph(':memory:');
  const builder = new FindingsBuilder();
  const seed = builder.entity('Organization', { unique_id: 'acme', name: 'Acme' });
  graph.applyNow(builder.build(), { source: { name: 'User', confidence: 100 } });
  return { graph, seed };
}

function handlerOf(spec: Spec, calls: string[]): HandlerDefinition<'Organization', unknown> {
  return {
    name: 'test/handler',
    eventType: 'Organization',
    priority: 5,
    transforms: ['Identifier'],
    ...(spec.lookup === undefined ? {} : { lookup: spec.lookup }),
    ...(spec.fromStoredReply === undefined ? {} : { fromStoredReply: spec.fromStoredReply }),
    ...(spec.cache === undefined ? {} : { cache: spec.cache }),
    query: (context) => {
      calls.push('query');
      return spec.query?.(context) ?? Promise.resolve(emptyFindings());
    },
  };
}

async function run(
  store: SqliteCaseGraph,
  seed: EntityId,
  handler: HandlerDefinition<'Organization', unknown>,
  options: { now?: number; refresh?: boolean; pluginName?: string } = {},
): Promise<{ outcome: HandlerOutcome; failures: HandlerFailure[] }> {
  const failures: HandlerFailure[] = [];
  const plugin: PluginDefinition = {
    name: options.pluginName ?? 'test',
    source: SOURCE,
    setup: () => undefined,
    handlers: [handler],
  };
  const outcome = await runHandler({
    registered: { handler: handler, plugin, source: SOURCE },
    entityId: seed,
    graph: store,
    config: DEFAULT_CONFIG,
    now: options.now ?? Date.now(),
    refresh: options.refresh ?? false,
    signal: new AbortController().signal,
    resources: undefined,
    logger: silentLogger,
    onFailure: (failure) => failures.push(failure),
    onSourceNeedingKey: () => undefined,
  });
  return { outcome, failures };
}

/** Findings: the Organization holds Identifier `test:<id>`. */
function holding(seed: EntityId, id: string): Findings {
  const builder = new FindingsBuilder();
  const identifier = builder.entity('Identifier', { unique_id: `test:${id}`, id, id_type: 'test' as never });
  return builder.edge(seed, 'id', identifier).dispatch(identifier).build();
}

describe('a handler run', () => {
  it('lets a lookup read only the edges its own source confirmed within the TTL', async () => {
    const { graph: store, seed } = openWithSeed();
    const other = holding(seed, 'other');
    store.applyNow(other, { source: { name: 'Elsewhere', confidence: 50 } });
    const calls: string[] = [];
    const seen: string[][] = [];
    const handler = handlerOf(
      {
        query: () => Promise.resolve(holding(seed, 'mine')),
        lookup: (context) => {
          seen.push(context.confirmed.outgoing(context.entity.id, ['id']).map((n) => n.entity.id));
          return null;
        },
      },
      calls,
    );
    await run(store, seed, handler);
    await run(store, seed, handler);
    expect(seen).toEqual([['Identifier:test:mine']]);
    // Once the TTL has run out, the lookup path is not taken: the handler queries.
    await run(store, seed, handler, { now: Date.now() + 2 * DAY });
    expect(seen).toEqual([['Identifier:test:mine']]);
  });

  it('queries again after an empty lookup unless the handler declares an empty lookup an answer', async () => {
    const { graph: store, seed } = openWithSeed();
    const plain: string[] = [];
    const plainHandler = handlerOf({ lookup: () => null }, plain);
    await run(store, seed, plainHandler);
    await run(store, seed, plainHandler);
    expect(plain).toEqual(['query', 'query']);

    const { graph: second, seed: secondSeed } = openWithSeed();
    const negative: string[] = [];
    const negativeHandler = handlerOf({ lookup: () => null, cache: { emptyIsAnswer: true } }, negative);
    await run(second, secondSeed, negativeHandler);
    const { outcome } = await run(second, secondSeed, negativeHandler);
    expect(negative).toEqual(['query']);
    expect(outcome).toEqual({ kind: 'completed', cacheHit: true, dispatch: [] });
  });

  it('answers from facts another handler of its source confirmed when it shares the source cache', async () => {
    const { graph: store, seed } = openWithSeed();
    store.applyNow(holding(seed, 'known'), { source: SOURCE, handler: 'test/other' });
    const lookup = (context: OrgContext): Findings | null => {
      const found = context.confirmed.outgoing(context.entity.id, ['id']);
      return found.length === 0
        ? null
        : new FindingsBuilder().dispatch(...found.map((n) => n.entity.id)).build();
    };
    const own: string[] = [];
    await run(store, seed, handlerOf({ lookup }, own));
    expect(own).toEqual(['query']);

    const shared: string[] = [];
    const { outcome } = await run(
      store,
      seed,
      handlerOf({ lookup, cache: { sharedWithSource: true } }, shared),
    );
    expect(shared).toEqual([]);
    expect(outcome).toEqual({ kind: 'completed', cacheHit: true, dispatch: ['Identifier:test:known'] });
  });

  it('writes what the entity’s stored reply gives without querying, and queries when there is none', async () => {
    const { graph: store, seed } = openWithSeed();
    const calls: string[] = [];
    const stored = await run(
      store,
      seed,
      handlerOf({ fromStoredReply: () => holding(seed, 'stored') }, calls),
    );
    expect(calls).toEqual([]);
    expect(stored.outcome).toEqual({
      kind: 'completed',
      cacheHit: false,
      dispatch: ['Identifier:test:stored'],
    });
    expect(store.findEntity('Identifier:test:stored')).toBeDefined();

    await run(store, seed, handlerOf({ fromStoredReply: () => null }, calls));
    expect(calls).toEqual(['query']);
  });

  it('writes a partial answer but leaves the entity unmarked, so the next run asks again', async () => {
    const { graph: store, seed } = openWithSeed();
    const calls: string[] = [];
    const handler = handlerOf(
      {
        lookup: () => new FindingsBuilder().build(),
        query: (context) => {
          context.recordFailure(new NetworkError('http://127.0.0.1/page/2', 'connection reset', 'Test'));
          return Promise.resolve(holding(seed, 'page-1'));
        },
      },
      calls,
    );
    const first = await run(store, seed, handler);
    expect(first.failures.map((failure) => failure.code)).toEqual(['network']);
    expect(store.findEntity('Identifier:test:page-1')).toBeDefined();
    expect(store.isMonitoredSince(seed, SOURCE.name, handler.name, 0)).toBe(false);
    await run(store, seed, handler);
    expect(calls).toEqual(['query', 'query']);
  });

  it('marks the entity monitored when the query completed without a failure', async () => {
    const { graph: store, seed } = openWithSeed();
    const calls: string[] = [];
    const handler = handlerOf(
      { lookup: () => emptyFindings(), query: () => Promise.resolve(holding(seed, 'a')) },
      calls,
    );
    await run(store, seed, handler);
    expect(store.isMonitoredSince(seed, SOURCE.name, handler.name, 0)).toBe(true);
    await run(store, seed, handler);
    expect(calls).toEqual(['query']);
  });

  it('writes no more than the cap of entities from one run and records the rest as a failure', async () => {
    const { graph: store, seed } = openWithSeed();
    const count = MAX_ENTITIES_PER_RUN + 10;
    const query = (): Promise<Findings> => {
      const builder = new FindingsBuilder();
      for (let index = 0; index < count; index += 1) {
        const id = builder.entity('Identifier', {
          unique_id: `test:${index}`,
          id: String(index),
          id_type: 'test' as never,
        });
        builder.edge(seed, 'id', id).dispatch(id);
      }
      return Promise.resolve(builder.build());
    };
    const calls: string[] = [];
    const { outcome, failures } = await run(store, seed, handlerOf({ query }, calls));
    expect(failures).toHaveLength(1);
    expect(failures[0]?.code).toBe('too_large');
    expect(failures[0]?.message).toContain(
      `would create ${count} entities; kept the first ${MAX_ENTITIES_PER_RUN}`,
    );
    const stored = store.outgoing(seed, { relations: ['id'] });
    expect(stored).toHaveLength(MAX_ENTITIES_PER_RUN);
    expect(store.findEntity(`Identifier:test:${count - 1}` as EntityId)).toBeUndefined();
    expect(outcome.kind === 'completed' ? outcome.dispatch.length : -1).toBe(MAX_ENTITIES_PER_RUN);
    expect(store.isMonitoredSince(seed, SOURCE.name, 'test/handler', 0)).toBe(false);
  });
});

describe('a handler run on the thread serving the UI', () => {
  it('reads its entity only after a turn of the event loop, and goes on from its answer only after another', async () => {
    const { graph: store, seed } = openWithSeed();
    const order: string[] = [];
    // Other work waiting on the thread (a client's request): each turn lets it run again.
    let waiting = true;
    const otherWork = (): void => {
      order.push('other work');
      if (waiting) {
        setImmediate(otherWork);
      }
    };
    setImmediate(otherWork);
    const reading = store.findEntity.bind(store);
    store.findEntity = (id) => {
      order.push('read entity');
      return reading(id);
    };
    const handler = handlerOf(
      {
        query: () => {
          order.push('answer');
          return Promise.resolve(holding(seed, 'one'));
        },
      },
      [],
    );
    order.push('start');
    await run(store, seed, handler, { refresh: true });
    waiting = false;
    const steps = order.filter((step, index) => step !== 'other work' || order[index - 1] !== 'other work');
    expect(steps.slice(0, 5)).toEqual(['start', 'other work', 'read entity', 'answer', 'other work']);
  });
});
