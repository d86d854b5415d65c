/** Handler registry: the handlers of every plugin, grouped into per-asset-type pipelines by priority. */
import type { AssetType } from '../../shared/model/asset';
import type { SourceRef } from '../../shared/model/graph';
import type { HandlerDefinition, PluginDefinition, Priority } from './plugin-api';

/** A handler with the plugin it belongs to. */
export interface RegisteredHandler {
  readonly handler: HandlerDefinition;
  readonly plugin: PluginDefinition;
  readonly source: SourceRef;
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

/** Registers the plugins' handlers. Throws on a duplicate handler or plugin name or an invalid priority. */
export function createHandlerRegistry(plugins: readonly PluginDefinition[]): HandlerRegistry {
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
      const registered: RegisteredHandler = { handler, plugin, source: plugin.source };
      all.push(registered);
      let stages = byType.get(handler.eventType);
      if (stages === undefined) {
        stages = new Map();
        byType.set(handler.eventType, stages);
      }
      const stage = stages.get(handler.priority) ?? [];
      stage.push(registered);
      stages.set(handler.priority, stage);
    }
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
