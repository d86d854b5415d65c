/**
 * One handler run for one event: type and accepts checks, the TTL decision between lookup and
 * query, the one write path with source attribution and the monitored mark, and turning errors
 * into session failures.
 */
import { typeOfEntityId, type EntityId } from '../../shared/model/asset';
import type { GraphDelta } from '../../shared/model/graph';
import type { HandlerFailure } from '../../shared/model/session';
import type { AppConfig } from '../config/config';
import { ttlStartTime, type TtlKey } from '../config/ttl';
import { InvalidRelationError, type CaseGraph } from '../graph/types';
import { MissingCredentialError, isSourceError } from '../net/errors';
import type { Logger } from '../util/logger';
import type { Findings } from '../graph/findings';
import type { RegisteredHandler } from './registry';
import type { GraphReader, HandlerContext } from './plugin-api';

/** What the engine needs of the case graph: the reader, the one write path, merged-id resolution. */
export type EngineGraph = GraphReader & {
  /** The one write path; a server-backed case (a team case) answers after its commit. */
  apply(...args: Parameters<CaseGraph['apply']>): GraphDelta | Promise<GraphDelta>;
  /** The id an entity now has, when organizations were merged (optional in the store). */
  resolveId?(id: EntityId): EntityId;
};

export interface HandlerRunInput {
  registered: RegisteredHandler;
  entityId: EntityId;
  graph: EngineGraph;
  config: AppConfig;
  /** Current time (ms since epoch), for the TTL start time. */
  now: number;
  /** TTL start time for a key (memoised by the session); defaults to ttlStartTime over `config`. */
  ttlStart?: (key: TtlKey, now: number) => number;
  /** Ignore the TTL: always query. */
  refresh: boolean;
  signal: AbortSignal;
  resources: unknown;
  logger: Logger;
  onFailure(failure: HandlerFailure): void;
  onSourceNeedingKey(source: string): void;
}

export type HandlerOutcome =
  | { kind: 'ignored' }
  | { kind: 'completed'; cacheHit: boolean; dispatch: EntityId[] }
  | { kind: 'failed' }
  | { kind: 'needs-key' }
  | { kind: 'cancelled' };

const IGNORED: HandlerOutcome = { kind: 'ignored' };

export async function runHandler(input: HandlerRunInput): Promise<HandlerOutcome> {
  const { registered, graph, signal } = input;
  const { handler, plugin, source } = registered;
  const entityId = graph.resolveId?.(input.entityId) ?? input.entityId;
  const entity = graph.findEntity(entityId);
  if (entity === undefined || entity.type !== handler.eventType) {
    return IGNORED;
  }
  const report = (error: unknown): 'failed' | 'needs-key' | 'cancelled' => {
    if (signal.aborted) {
      return 'cancelled';
    }
    if (error instanceof MissingCredentialError) {
      input.onSourceNeedingKey(source.name);
      return 'needs-key';
    }
    input.onFailure(toHandlerFailure(error, input, entityId));
    return 'failed';
  };

  try {
    if (handler.accepts !== undefined && !handler.accepts(entity.asset)) {
      return IGNORED;
    }
    const key: TtlKey =
      handler.transforms[0] === undefined
        ? { from: handler.eventType, plugin: plugin.name }
        : { from: handler.eventType, to: handler.transforms[0], plugin: plugin.name };
    const since =
      input.ttlStart === undefined
        ? ttlStartTime(input.config, key, input.now)
        : input.ttlStart(key, input.now);
    const context: HandlerContext<typeof handler.eventType, unknown> = {
      entity,
      since,
      refresh: input.refresh,
      graph,
      resources: input.resources,
      signal,
      logger: input.logger,
      recordFailure: (error) => {
        report(error);
      },
    };

    if (
      !input.refresh &&
      handler.lookup !== undefined &&
      graph.isMonitoredSince(entityId, source.name, handler.name, since)
    ) {
      const found = handler.lookup(context);
      if (found !== null) {
        // A cache hit is dispatched, never written: writing would mark the edges as confirmed by
        // the source just now, and the TTL would never run out.
        return {
          kind: 'completed',
          cacheHit: true,
          dispatch: resolveDispatch(graph, found.dispatch, undefined),
        };
      }
    }
    if (signal.aborted) {
      return { kind: 'cancelled' };
    }
    const findings = await handler.query(context);
    if (signal.aborted) {
      return { kind: 'cancelled' };
    }
    return { kind: 'completed', cacheHit: false, dispatch: await write(graph, findings, input, entityId) };
  } catch (error) {
    return { kind: report(error) };
  }
}

/** Applies findings through the one write path and returns the ids to dispatch (after merges). */
async function write(
  graph: EngineGraph,
  findings: Findings,
  input: HandlerRunInput,
  markMonitored: EntityId,
): Promise<EntityId[]> {
  const { source, handler } = input.registered;
  const delta = await graph.apply(findings, { source, handler: handler.name, markMonitored });
  return resolveDispatch(graph, findings.dispatch, delta.merged);
}

/** The ids to dispatch, following organization merges, without duplicates. */
function resolveDispatch(
  graph: EngineGraph,
  dispatch: EntityId[],
  mergedNow: GraphDelta['merged'] | undefined,
): EntityId[] {
  const merged =
    mergedNow === undefined || mergedNow.length === 0
      ? undefined
      : new Map(mergedNow.map((m) => [m.from, m.into]));
  const ids: EntityId[] = [];
  for (const id of dispatch) {
    const resolved = merged?.get(id) ?? graph.resolveId?.(id) ?? id;
    if (!ids.includes(resolved)) {
      ids.push(resolved);
    }
  }
  return ids;
}

/** A one-line, typed failure record for the session. */
export function toHandlerFailure(error: unknown, input: HandlerRunInput, entityId: EntityId): HandlerFailure {
  const code = isSourceError(error)
    ? error.code
    : error instanceof InvalidRelationError
      ? 'invalid_relation'
      : 'handler_error';
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  return {
    at: new Date(input.now).toISOString(),
    entityId,
    assetType: typeOfEntityId(entityId),
    handler: input.registered.handler.name,
    source: isSourceError(error) && error.source !== undefined ? error.source : input.registered.source.name,
    code,
    message: line.length > 500 ? `${line.slice(0, 497)}...` : line || code,
  };
}
