/**
 * Which handlers apply to an entity and where each stands on it (the node context menu): read
 * from the case alone, never from a source. The last answer is the `last_monitored` tag the one
 * write path sets (source as value, handler as `handler`), the TTL the configured rule for the
 * handler's key, the last failure the sessions' failure lists.
 */
import type { EntityId } from '../shared/model/asset';
import type { Entity } from '../shared/model/graph';
import type { HandlerState } from '../shared/model/handler-state';
import type { HandlerFailure } from '../shared/model/session';
import type { AppConfig } from './config/config';
import { findTtlMs } from './config/ttl';
import type { HandlerRegistry, RegisteredHandler } from './core/registry';
import { ttlKeyOf } from './core/run-handler';
import { MONITORED_TAG } from './graph/case-graph';

export interface HandlerStatesInput {
  registry: HandlerRegistry;
  config: AppConfig;
  entity: Entity;
  /** Failures of this case's sessions (finished and running), any entity. */
  failures: readonly HandlerFailure[];
  /** Whether the named credential is configured. */
  hasKey(credential: string): boolean;
  now: number;
}

/** `gleif/fuzzy-completions` from GLEIF reads `GLEIF: fuzzy completions`. */
export function handlerLabel(registered: Pick<RegisteredHandler, 'handler' | 'source'>): string {
  const name = registered.handler.name;
  const task = name.slice(name.indexOf('/') + 1).replace(/[-_]+/g, ' ');
  return `${registered.source.name}: ${task}`;
}

/** Every handler registered for the entity's type that accepts it, in registration order. */
export function applicableHandlers(registry: HandlerRegistry, entity: Entity): RegisteredHandler[] {
  return registry
    .handlers()
    .filter(
      ({ handler }) =>
        handler.eventType === entity.type &&
        (handler.accepts === undefined || handler.accepts(entity.asset as never)),
    );
}

export function handlerStatesOf(input: HandlerStatesInput): HandlerState[] {
  const { entity, registry } = input;
  const all = registry.handlers();
  return applicableHandlers(registry, entity).map((registered) => {
    const { handler, source, plugin } = registered;
    const monitored = entity.tags.find(
      (tag) => tag.name === MONITORED_TAG && tag.value === source.name && tag.handler === handler.name,
    );
    const lastRun = monitored === undefined ? undefined : Date.parse(monitored.updatedAt);
    const cachedUntil =
      lastRun === undefined ? undefined : lastRun + findTtlMs(input.config, ttlKeyOf(registered));
    const failure = latestFailure(input.failures, entity.id, handler.name);
    const failedAt = failure === undefined ? undefined : Date.parse(failure.at);
    const fallbackFor = all.find((other) => other.handler.fallback === handler.name);
    const state: HandlerState = {
      handler: handler.name,
      label: handlerLabel(registered),
      source: source.name,
      state: 'never',
      ...(lastRun === undefined ? {} : { lastRunAt: new Date(lastRun).toISOString() }),
      ...(cachedUntil === undefined ? {} : { cachedUntil: new Date(cachedUntil).toISOString() }),
      ...(fallbackFor === undefined ? {} : { fallbackFor: fallbackFor.handler.name }),
    };
    if (failure !== undefined && failedAt !== undefined && (lastRun === undefined || failedAt > lastRun)) {
      return { ...state, state: 'failed', failedAt: failure.at, failure: failure.message };
    }
    if (cachedUntil !== undefined && cachedUntil > input.now) {
      return { ...state, state: 'cached' };
    }
    if (plugin.credential !== undefined && !input.hasKey(plugin.credential)) {
      return { ...state, state: 'needs-key' };
    }
    return { ...state, state: lastRun === undefined ? 'never' : 'stale' };
  });
}

function latestFailure(
  failures: readonly HandlerFailure[],
  entityId: EntityId,
  handler: string,
): HandlerFailure | undefined {
  let latest: HandlerFailure | undefined;
  for (const failure of failures) {
    if (
      failure.entityId === entityId &&
      failure.handler === handler &&
      (latest === undefined || failure.at > latest.at)
    ) {
      latest = failure;
    }
  }
  return latest;
}
