/**
 * Plugins for the node context menu's tests (integration tier): a registry-like source on a fake
 * HTTP server whose LEI search answers and whose officers lookup the server can fail, and a source
 * that needs an API key.
 */
import { FindingsBuilder } from '../../src/engine/graph/findings';
import { defineHandler, definePlugin, type PluginDefinition } from '../../src/engine/core/plugin-api';
import type { SourceHttp } from '../../src/engine/net/types';

interface Resources {
  http: SourceHttp;
}

/** Organization -> LEI (answers) and Organization -> officers (the server fails it). */
export function registryPlugin(baseUrl: string): PluginDefinition<Resources> {
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
        name: 'fake-registry/lei-search',
        eventType: 'Organization',
        priority: 5,
        transforms: ['Identifier'],
        lookup: (context) => {
          const found = context.confirmed.outgoing(context.entity.id, ['id']);
          return found.length === 0
            ? null
            : { entities: [], edges: [], dispatch: found.map((neighbour) => neighbour.entity.id) };
        },
        query: async (context) => {
          const reply = await context.resources.http.getJson<{ lei: string }>('/lei', {
            query: { name: context.entity.asset.name },
            signal: context.signal,
          });
          const builder = new FindingsBuilder();
          const lei = builder.entity('Identifier', {
            unique_id: `lei:${reply.body.lei}`,
            id: reply.body.lei,
            id_type: 'lei',
          });
          return builder.edge(context.entity.id, 'id', lei).dispatch(lei).build();
        },
      }),
      defineHandler<'Organization', Resources>({
        name: 'fake-registry/officers',
        eventType: 'Organization',
        priority: 5,
        transforms: ['Person'],
        query: async (context) => {
          await context.resources.http.getJson('/officers', { signal: context.signal });
          return new FindingsBuilder().build();
        },
      }),
    ],
  });
}

/** A source that needs an API key (none is configured in these tests): its client refuses to ask. */
export function keyedPlugin(baseUrl: string): PluginDefinition<Resources> {
  return definePlugin<Resources>({
    name: 'fake-keyed',
    source: { name: 'FakeKeyed', confidence: 80 },
    credential: 'fakekeyed',
    setup: (environment) => ({
      http: environment.createHttp({
        source: 'FakeKeyed',
        baseUrl,
        rateLimit: { requests: 100, intervalMs: 1000 },
        bearerCredential: 'fakekeyed',
      }),
    }),
    handlers: [
      defineHandler<'Organization', Resources>({
        name: 'fake-keyed/profile',
        eventType: 'Organization',
        priority: 5,
        transforms: ['Organization'],
        // Finds a profile organization (so the reply is some entity's raw record).
        query: async (context) => {
          await context.resources.http.getJson('/profile', { signal: context.signal });
          const builder = new FindingsBuilder();
          builder.entity('Organization', { unique_id: 'acme profile', name: 'Acme profile' });
          return builder.build();
        },
      }),
    ],
  });
}
