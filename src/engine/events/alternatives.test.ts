import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../test/fixtures/engine/fake-plugins';
import { createMemoryGraph } from '../../../test/fixtures/engine/memory-graph';
import type { AssetType } from '../../shared/model/asset';
import { DEFAULT_CONFIG } from '../config/config';
import { createHandlerRegistry } from '../core/registry';
import {
  NotServedError,
  emptyFindings,
  type HandlerDefinition,
  type PluginDefinition,
} from '../core/plugin-api';
import { SourceError } from '../net/errors';
import { silentLogger } from '../util/logger';
import { createSessionRunner } from './session-runner';

const NOW = 1_700_000_000_000;
const clock = fixedClock(NOW);
const DOMAIN = { type: 'DomainRecord' as const, asset: { domain: 'example.org' } };

type Outcome = 'answer' | 'not-served' | 'not-found' | 'network';

/** One plugin with one DomainRecord handler whose query behaves as told and logs its calls. */
function plugin(name: string, calls: string[], outcome: () => Outcome, fallback?: string): PluginDefinition {
  const handler: HandlerDefinition<AssetType, unknown> = {
    name: `${name}/domain`,
    eventType: 'DomainRecord',
    priority: 5,
    transforms: ['FQDN'],
    ...(fallback === undefined ? {} : { fallback }),
    lookup: () => {
      calls.push(`${name} lookup`);
      return emptyFindings();
    },
    query: () => {
      calls.push(`${name} query`);
      switch (outcome()) {
        case 'answer':
          return Promise.resolve(emptyFindings());
        case 'not-served':
          return Promise.reject(new NotServedError('no service'));
        case 'not-found':
          return Promise.reject(new SourceError('not_found', 'no such domain', name));
        case 'network':
          return Promise.reject(new SourceError('network', 'connection refused', name));
      }
    },
  };
  return {
    name,
    source: { name: name.toUpperCase(), confidence: 100 },
    setup: () => ({}),
    handlers: [handler],
  };
}

function run(
  plugins: PluginDefinition[],
  options: { order?: string[]; graph?: ReturnType<typeof createMemoryGraph> } = {},
) {
  const graph = options.graph ?? createMemoryGraph(clock);
  const registry = createHandlerRegistry(
    plugins,
    options.order === undefined ? {} : { order: { DomainRecord: options.order } },
  );
  const runner = createSessionRunner({
    sessionId: 's',
    registry,
    graph,
    config: DEFAULT_CONFIG,
    clock,
    logger: silentLogger,
    resourcesOf: () => ({}),
    maxDepth: 1,
    refresh: false,
  });
  runner.dispatcher.start(graph.add(DOMAIN));
  return { graph, done: runner.dispatcher.done };
}

describe('alternative handlers (declared fallback)', () => {
  it('queues only the first member of a chain', () => {
    const calls: string[] = [];
    const registry = createHandlerRegistry([
      plugin('rdap', calls, () => 'answer', 'whois/domain'),
      plugin('whois', calls, () => 'answer'),
    ]);
    const stages = registry.pipeline('DomainRecord');
    expect(stages.flatMap((stage) => stage.handlers.map((item) => item.handler.name))).toEqual([
      'rdap/domain',
    ]);
    expect(stages[0]?.handlers[0]?.alternatives?.map((item) => item.handler.name)).toEqual(['whois/domain']);
  });

  it('does not run the fallback when the first member answers', async () => {
    const calls: string[] = [];
    const { done } = run([
      plugin('rdap', calls, () => 'answer', 'whois/domain'),
      plugin('whois', calls, () => 'answer'),
    ]);
    const progress = await done;
    expect(calls).toEqual(['rdap query']);
    expect(progress.failures).toEqual([]);
  });

  it('runs the fallback when the first member has no service for the asset, recording no failure', async () => {
    const calls: string[] = [];
    const { done } = run([
      plugin('rdap', calls, () => 'not-served', 'whois/domain'),
      plugin('whois', calls, () => 'answer'),
    ]);
    const progress = await done;
    expect(calls).toEqual(['rdap query', 'whois query']);
    expect(progress.failures).toEqual([]);
  });

  it('runs the fallback after a failure other than not found, and records that failure', async () => {
    const calls: string[] = [];
    const { done } = run([
      plugin('rdap', calls, () => 'network', 'whois/domain'),
      plugin('whois', calls, () => 'answer'),
    ]);
    const progress = await done;
    expect(calls).toEqual(['rdap query', 'whois query']);
    expect(progress.failures.map((failure) => [failure.handler, failure.code])).toEqual([
      ['rdap/domain', 'network'],
    ]);
    expect(progress.failed).toBe(1);
  });

  it('takes a not-found failure as the answer: the fallback does not run', async () => {
    const calls: string[] = [];
    const { done } = run([
      plugin('rdap', calls, () => 'not-found', 'whois/domain'),
      plugin('whois', calls, () => 'answer'),
    ]);
    await done;
    expect(calls).toEqual(['rdap query']);
  });

  it('asks the members in the configured plugin order', async () => {
    const calls: string[] = [];
    const { done } = run(
      [plugin('rdap', calls, () => 'answer', 'whois/domain'), plugin('whois', calls, () => 'not-served')],
      { order: ['whois', 'rdap'] },
    );
    await done;
    expect(calls).toEqual(['whois query', 'rdap query']);
  });

  it('asks the member that answered within the TTL, by its lookup, and no member queries', async () => {
    const calls: string[] = [];
    let outcome: Outcome = 'not-served';
    const plugins = [
      plugin('rdap', calls, () => outcome, 'whois/domain'),
      plugin('whois', calls, () => 'answer'),
    ];
    const first = run(plugins);
    await first.done;
    outcome = 'answer';
    calls.length = 0;
    await run(plugins, { graph: first.graph }).done;
    expect(calls).toEqual(['whois lookup']);
  });
});
