import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../../test/fakes/http-server';
import { DEFAULT_CONFIG } from './config/config';
import { createMemoryCredentialStore } from './credentials/credential-store';
import { createEngine } from './engine';
import type { Engine } from './engine-types';
import { FindingsBuilder } from './graph/findings';
import {
  defineHandler,
  definePlugin,
  type PluginDefinition,
  type PluginEnvironment,
} from './core/plugin-api';
import type { SourceHttp } from './net/types';
import type { Clock } from './util/clock';

interface Resources {
  http: SourceHttp;
}

/** A registry-like fake: Organization -> LEI Identifier through a fake HTTP source. */
function fakeRegistryPlugin(
  calls: { query: number; lookup: number },
  baseUrl: string,
): PluginDefinition<Resources> {
  return definePlugin<Resources>({
    name: 'fake-registry',
    source: { name: 'FakeRegistry', confidence: 95 },
    setup: (environment) => ({
      http: environment.createHttp({
        source: 'FakeRegistry',
        baseUrl,
        rateLimit: { requests: 100, intervalMs: 1000 },
      }),
    }),
    handlers: [
      defineHandler<'Organization', Resources>({
        name: 'fake-registry/lei',
        eventType: 'Organization',
        priority: 6,
        transforms: ['Identifier'],
        lookup: (context) => {
          calls.lookup += 1;
          const found = context.graph.outgoing(context.entity.id, {
            relations: ['id'],
            since: context.since,
            source: 'FakeRegistry',
          });
          // Hands back what it read, edges included: the engine must dispatch it, not re-write it.
          return found.length === 0
            ? null
            : {
                entities: [],
                edges: found.map((n) => ({ from: n.edge.from, relation: n.edge.relation, to: n.edge.to })),
                dispatch: found.map((n) => n.entity.id),
              };
        },
        query: async (context) => {
          calls.query += 1;
          const reply = await context.resources.http.getJson<{ lei: string }>('/lei', {
            query: { name: context.entity.asset.name },
            signal: context.signal,
          });
          const builder = new FindingsBuilder();
          const identifier = builder.entity('Identifier', {
            unique_id: `lei:${reply.body.lei}`,
            id: reply.body.lei,
            id_type: 'lei',
          });
          return builder.edge(context.entity.id, 'id', identifier).dispatch(identifier).build();
        },
      }),
    ],
  });
}

let dir: string;
let server: FakeHttpServer;
let engine: Engine | undefined;
let calls: { query: number; lookup: number };

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-int-'));
  calls = { query: 0, lookup: 0 };
  server = await startFakeHttpServer((request) =>
    request.path === '/lei' ? { body: { lei: 'ABCDEFGHIJKLMNOPQR30' } } : { status: 404, body: {} },
  );
});

afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function startEngine(clock?: Clock): Engine {
  engine = createEngine({
    config: DEFAULT_CONFIG,
    dataDir: dir,
    credentials: createMemoryCredentialStore(),
    plugins: [fakeRegistryPlugin(calls, server.url)],
    ...(clock === undefined ? {} : { clock }),
  });
  return engine;
}

const acme = { type: 'Organization' as const, asset: { unique_id: 'acme', name: 'Acme' } };

describe('engine', () => {
  it('writes a seed and what its handler found, attributed to their sources', async () => {
    const open = startEngine().openCase(path.join(dir, 'case.sqlite'));
    const session = open.startSession({ seeds: [acme] });
    const progress = await session.done;
    expect(progress.state).toBe('done');
    expect(progress.requestsBySource).toEqual({ FakeRegistry: 1 });
    expect(progress.failures).toEqual([]);
    const exported = open.graph.exportJson();
    expect(exported.entities.map((e) => e.id).sort()).toEqual([
      'Identifier:lei:abcdefghijklmnopqr30',
      'Organization:acme',
    ]);
    expect(exported.edges).toMatchObject([
      { from: 'Organization:acme', relation: 'id', sources: [{ name: 'FakeRegistry', confidence: 95 }] },
    ]);
  });

  it('records the session in the case file at its start and with its summary at its end', async () => {
    const open = startEngine().openCase(path.join(dir, 'case.sqlite'));
    const session = open.startSession({ seeds: [acme], depth: 1 });
    expect(open.graph.listSessions()).toMatchObject([
      { id: session.id, depth: 1, seeds: ['Organization:acme'] },
    ]);
    expect(open.graph.listSessions()[0]?.finishedAt).toBeUndefined();
    await session.done;
    const [record] = open.graph.listSessions();
    expect(record?.finishedAt).toBeDefined();
    expect(record?.summary).toMatchObject({ state: 'done', done: 1, requestsBySource: { FakeRegistry: 1 } });
  });

  it('serves a reopened case from the graph within the TTL without querying the source', async () => {
    const file = path.join(dir, 'case.sqlite');
    const first = startEngine();
    await first.openCase(file).startSession({ seeds: [acme] }).done;
    await first.close();
    const open = startEngine().openCase(file);
    const progress = await open.startSession({ seeds: [acme] }).done;
    expect(calls.query).toBe(1);
    expect(progress.cacheHits).toBe(1);
    expect(progress.requestsBySource).toEqual({});
    expect(server.requests).toHaveLength(1);
  });

  it('serves a cache hit without refreshing when the source last confirmed the edge', async () => {
    // Regression: the lookup path re-applied what it read, so every cache hit looked like a fresh
    // confirmation by the source and the TTL never ran out.
    let now = Date.parse('2026-01-01T00:00:00Z');
    const clock: Clock = { now: () => now, sleep: () => Promise.resolve() };
    const open = startEngine(clock).openCase(path.join(dir, 'case.sqlite'));
    await open.startSession({ seeds: [acme] }).done;
    now += 60 * 60 * 1000;
    const progress = await open.startSession({ seeds: [acme] }).done;
    expect(progress.cacheHits).toBe(1);
    const [edge] = open.graph.exportJson().edges;
    const stored = open.graph.outgoing('Organization:acme', { relations: ['id'] })[0]?.edge;
    expect(edge?.relation).toBe('id');
    expect(stored?.sources[0]?.updatedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('queries again when the session asks for a refresh', async () => {
    const open = startEngine().openCase(path.join(dir, 'case.sqlite'));
    await open.startSession({ seeds: [acme] }).done;
    const progress = await open.startSession({ seeds: ['Organization:acme'], refresh: true }).done;
    expect(calls.query).toBe(2);
    expect(progress.cacheHits).toBe(0);
  });

  it('expands an entity already in the case by its id', async () => {
    const open = startEngine().openCase(path.join(dir, 'case.sqlite'));
    await open.graph.apply(
      { entities: [acme], edges: [], dispatch: [] },
      { source: { name: 'Investigator', confidence: 100 } },
    );
    const progress = await open.startSession({ seeds: ['Organization:acme'], depth: 0 }).done;
    expect(progress.done).toBe(1);
    expect(open.graph.findEntity('Identifier:lei:abcdefghijklmnopqr30')).toBeDefined();
  });

  it('refuses to expand an id that is not in the case', () => {
    const open = startEngine().openCase(path.join(dir, 'case.sqlite'));
    expect(() => open.startSession({ seeds: ['Organization:nobody'] })).toThrow(/no entity/);
  });

  it('aborts an in-flight request when the session is cancelled', async () => {
    server.setRoute(() => ({ delayMs: 20_000, body: { lei: 'ABCDEFGHIJKLMNOPQR30' } }));
    const open = startEngine().openCase(path.join(dir, 'case.sqlite'));
    const session = open.startSession({ seeds: [acme] });
    while (server.requests.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    session.cancel();
    const progress = await session.done;
    expect(progress.state).toBe('cancelled');
    expect(progress.failures).toEqual([]);
    expect(open.graph.findEntity('Identifier:lei:abcdefghijklmnopqr30')).toBeUndefined();
  });

  it('records a failing source on the session and finishes', async () => {
    server.setRoute(() => ({ status: 500, body: {} }));
    const open = startEngine().openCase(path.join(dir, 'case.sqlite'));
    const progress = await open.startSession({ seeds: [acme] }).done;
    expect(progress.state).toBe('done');
    expect(progress.failures).toMatchObject([
      { entityId: 'Organization:acme', handler: 'fake-registry/lei', code: 'http_status' },
    ]);
  });

  it('counts requests and rate-limit waits of non-HTTP transports into the running session', async () => {
    let environment: PluginEnvironment | undefined;
    const transport = definePlugin({
      name: 'fake-transport',
      source: { name: 'FakeTransport', confidence: 100 },
      setup: (given) => {
        environment = given;
      },
      handlers: [
        defineHandler({
          name: 'fake-transport/query',
          eventType: 'Organization',
          priority: 1,
          transforms: ['Organization'],
          query: async (context) => {
            const limiter = environment!.limiter(
              'server-a',
              { requests: 1, intervalMs: 40 },
              'FakeTransport',
            );
            for (let attempt = 0; attempt < 2; attempt += 1) {
              await limiter.acquire(context.signal);
              environment!.countRequest('FakeTransport');
            }
            return { entities: [], edges: [], dispatch: [] };
          },
        }),
      ],
    });
    engine = createEngine({
      config: DEFAULT_CONFIG,
      dataDir: dir,
      credentials: createMemoryCredentialStore(),
      plugins: [transport],
    });
    const progress = await engine.openCase(path.join(dir, 'case.sqlite')).startSession({ seeds: [acme] })
      .done;
    expect(progress.requestsBySource).toEqual({ FakeTransport: 2 });
    expect(progress.rateLimitWaitMsBySource.FakeTransport).toBeGreaterThan(0);
  });

  it('attributes each request to the session that made it when sessions run at once', async () => {
    const open = startEngine().openCase(path.join(dir, 'case.sqlite'));
    const beta = { type: 'Organization' as const, asset: { unique_id: 'beta', name: 'Beta' } };
    const first = open.startSession({ seeds: [acme], depth: 0 });
    const second = open.startSession({ seeds: [beta], depth: 0 });
    const [one, two] = await Promise.all([first.done, second.done]);
    expect(server.requests).toHaveLength(2);
    expect(one.requestsBySource).toEqual({ FakeRegistry: 1 });
    expect(two.requestsBySource).toEqual({ FakeRegistry: 1 });
  });

  it('sets each plugin up once per engine', () => {
    let setups = 0;
    const counted = definePlugin({
      name: 'counted',
      source: { name: 'Counted', confidence: 100 },
      setup: () => {
        setups += 1;
      },
      handlers: [],
    });
    engine = createEngine({
      config: DEFAULT_CONFIG,
      dataDir: dir,
      credentials: createMemoryCredentialStore(),
      plugins: [counted],
    });
    engine.openCase(path.join(dir, 'a.sqlite'));
    engine.openCase(path.join(dir, 'b.sqlite'));
    expect(setups).toBe(1);
  });
});
