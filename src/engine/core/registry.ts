/** Handler registry: the handlers of every plugin, grouped into per-asset-type pipelines by priority. */
import type { AssetType } from '../../shared/model/asset';
import type { SourceRef } from '../../shared/model/graph';
import type { HandlerDefinition, PluginDefinition, Priority } from './plugin-api';

/** A handler with the plugin it belongs to. */
export interface RegisteredHandler {
  readonly handler: HandlerDefinition;
  readonly plugin: PluginDefinition;
  readonly source: SourceRef;
  /**
   * For the first member of an alternative chain (see HandlerDefinition.fallback): the members
   * that answer, in order, when the one before could not.
   */
  readonly alternatives?: readonly RegisteredHandler[];
}

/** Handlers of one priority in one asset type's pipeline; they run concurrently. */
export interface PipelineStage {
  readonly priority: Priority;
  readonly handlers: readonly RegisteredHandler[];
}

export interface HandlerRegistry {
  /** The stages of an asset type's pipeline, priority 1 first; empty when no handler takes the type. */
  pipeline(type: AssetType): readonly PipelineStage[];
  /** Every registered handler, in registration order. */
  handlers(): readonly RegisteredHandler[];
  plugins(): readonly PluginDefinition[];
}

export interface HandlerRegistryOptions {
  /** Per event type, plugin names in the order their handlers of one alternative chain are asked. */
  order?: Partial<Record<AssetType, readonly string[]>>;
}

/** Registers the plugins' handlers. Throws on a duplicate handler or plugin name or an invalid priority. */
export function createHandlerRegistry(
  plugins: readonly PluginDefinition[],
  options: HandlerRegistryOptions = {},
): HandlerRegistry {
  const all: RegisteredHandler[] = [];
  const names = new Set<string>();
  const pluginNames = new Set<string>();
  const byType = new Map<AssetType, Map<Priority, RegisteredHandler[]>>();

  for (const plugin of plugins) {
    if (pluginNames.has(plugin.name)) {
      throw new Error(`plugin "${plugin.name}" is registered twice`);
    }
    pluginNames.add(plugin.name);
    for (const handler of plugin.handlers as HandlerDefinition[]) {
      if (names.has(handler.name)) {
        throw new Error(`handler "${handler.name}" is registered twice`);
      }
      const priority: unknown = handler.priority;
      if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 1 || priority > 9) {
        throw new Error(
          `handler "${handler.name}" has priority ${String(priority)}; use an integer from 1 to 9`,
        );
      }
      names.add(handler.name);
      all.push({ handler, plugin, source: plugin.source });
    }
  }

  for (const registered of withAlternatives(all, options.order ?? {})) {
    const { handler } = registered;
    let stages = byType.get(handler.eventType);
    if (stages === undefined) {
      stages = new Map();
      byType.set(handler.eventType, stages);
    }
    const stage = stages.get(handler.priority) ?? [];
    stage.push(registered);
    stages.set(handler.priority, stage);
  }

  const pipelines = new Map<AssetType, readonly PipelineStage[]>();
  for (const [type, stages] of byType) {
    pipelines.set(
      type,
      [...stages.entries()].sort(([a], [b]) => a - b).map(([priority, handlers]) => ({ priority, handlers })),
    );
  }

  return {
    pipeline: (type) => pipelines.get(type) ?? [],
    handlers: () => all,
    plugins: () => plugins,
  };
}

/**
 * The handlers as queued: alternative chains (a handler and the fallbacks it names, transitively)
 * collapse into their first member, which carries the others as `alternatives`. A chain is ordered
 * by the configured plugin order of its event type, else by declaration (the declaring handler
 * first).
 */
function withAlternatives(
  all: readonly RegisteredHandler[],
  order: Partial<Record<AssetType, readonly string[]>>,
): RegisteredHandler[] {
  const byName = new Map(all.map((registered) => [registered.handler.name, registered]));
  const inChain = new Set<string>();
  const chains: RegisteredHandler[][] = [];
  for (const registered of all) {
    const next = registered.handler.fallback;
    if (next === undefined || inChain.has(registered.handler.name)) {
      continue;
    }
    const chain = [registered];
    let fallback = byName.get(next);
    while (fallback !== undefined && !chain.includes(fallback)) {
      if (fallback.handler.eventType === registered.handler.eventType) {
        chain.push(fallback);
      }
      fallback = fallback.handler.fallback === undefined ? undefined : byName.get(fallback.handler.fallback);
    }
    if (chain.length > 1) {
      chain.forEach((member) => inChain.add(member.handler.name));
      chains.push(chain);
    }
  }
  const heads = new Map<string, RegisteredHandler>();
  for (const chain of chains) {
    const type = chain[0]?.handler.eventType;
    const rank = (member: RegisteredHandler): number => {
      const index = (type === undefined ? undefined : order[type])?.indexOf(member.plugin.name) ?? -1;
      return index < 0 ? Number.MAX_SAFE_INTEGER : index;
    };
    const [first, ...rest] = [...chain].sort((a, b) => rank(a) - rank(b));
    if (first !== undefined) {
      heads.set(first.handler.name, { ...first, alternatives: rest });
    }
  }
  return all.flatMap((registered) => {
    const name = registered.handler.name;
    return inChain.has(name) ? (heads.has(name) ? [heads.get(name) as RegisteredHandler] : []) : [registered];
  });
}

/**
 * A pipeline reduced to one handler run alone (the context menu's "run this handler"): the stage
 * holding it, with only that handler, its alternative chain dropped; a fallback member is found
 * inside its chain. Empty when the pipeline does not hold it.
 */
export function pipelineOfOne(stages: readonly PipelineStage[], name: string): PipelineStage[] {
  for (const stage of stages) {
    for (const registered of stage.handlers) {
      const member = [registered, ...(registered.alternatives ?? [])].find(
        (candidate) => candidate.handler.name === name,
      );
      if (member !== undefined) {
        const { handler, plugin, source } = member;
        return [{ priority: stage.priority, handlers: [{ handler, plugin, source }] }];
      }
    }
  }
  return [];
}
