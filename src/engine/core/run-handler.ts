/**
 * One handler run for one event: type and accepts checks, the TTL decision between lookup and
 * query, the one write path with source attribution and the monitored mark, and turning errors
 * into session failures.
 */
import { typeOfEntityId, type AssetType, type EntityId } from '../../shared/model/asset';
import type { GraphDelta } from '../../shared/model/graph';
import type { HandlerFailure } from '../../shared/model/session';
import type { AppConfig } from '../config/config';
import { ttlStartTime, type TtlKey } from '../config/ttl';
import type { SessionGraph } from '../graph/case-graph';
import { InvalidRelationError, type WriteOptions } from '../graph/types';
import { MissingCredentialError, SourceError, isSourceError } from '../net/errors';
import { capFindings } from './findings-cap';
import { applyInSlices } from './findings-slices';
import { cleanFindingsText } from './findings-text';
import type { Logger } from '../util/logger';
import type { Findings } from '../graph/findings';
import type { RegisteredHandler } from './registry';
import {
  NotServedError,
  type ConfirmedEdges,
  type EdgeQuery,
  type GraphReader,
  type HandlerContext,
  type HandlerDefinition,
} from './plugin-api';
import { captureReplies } from '../util/reply-capture';
import { yieldToEventLoop } from '../util/pace';

export interface HandlerRunInput {
  registered: RegisteredHandler;
  entityId: EntityId;
  graph: SessionGraph;
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
  /** The session the run belongs to: its writes are logged under it so `undo` can take them back. */
  sessionId?: string;
}

export type HandlerOutcome =
  | { kind: 'ignored' }
  | { kind: 'completed'; cacheHit: boolean; dispatch: EntityId[] }
  | { kind: 'failed'; code?: string }
  /** The source has no service for the asset (NotServedError): not a failure. */
  | { kind: 'unserved' }
  | { kind: 'needs-key' }
  | { kind: 'cancelled' };

const IGNORED: HandlerOutcome = { kind: 'ignored' };

export async function runHandler(input: HandlerRunInput): Promise<HandlerOutcome> {
  const { registered, graph, signal } = input;
  const { handler, source } = registered;
  // A run starts in a turn of its own: the previous run's last write and this run's reading of
  // its entity (a registration record may hold a 10 MB reply) would otherwise be one block.
  await yieldToEventLoop();
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
    const key = ttlKeyOf(registered);
    const since =
      input.ttlStart === undefined
        ? ttlStartTime(input.config, key, input.now)
        : input.ttlStart(key, input.now);
    let partial = false;
    const context: HandlerContext<typeof handler.eventType, unknown> = {
      entity,
      source,
      since,
      confirmed: confirmedEdges(graph, source.name, since),
      refresh: input.refresh,
      graph,
      resources: input.resources,
      signal,
      logger: input.logger,
      recordFailure: (error) => {
        // A part the source answered "not found" for (a registrar with no record of the domain) is
        // answered: only other failures leave the result partial and the entity unmarked.
        if (!isSourceError(error) || error.code !== 'not_found') {
          partial = true;
        }
        report(error);
      },
    };

    if (!input.refresh && handler.lookup !== undefined) {
      const cache = handler.cache ?? {};
      const monitored = graph.isMonitoredSince(entityId, source.name, handler.name, since);
      const found = monitored || cache.sharedWithSource === true ? handler.lookup(context) : null;
      // A cache hit is dispatched, never written: writing would mark the edges as confirmed by
      // the source just now, and the TTL would never run out.
      if (found !== null) {
        return {
          kind: 'completed',
          cacheHit: true,
          dispatch: resolveDispatch(graph, found.dispatch, undefined),
        };
      }
      if (monitored && cache.emptyIsAnswer === true) {
        return { kind: 'completed', cacheHit: true, dispatch: [] };
      }
    }
    if (signal.aborted) {
      return { kind: 'cancelled' };
    }
    const answer =
      (await handler.fromStoredReply?.(context)) ?? (await queryKeepingReplies(handler, context));
    // The cleaning, cap and write below are work of the same reply as the handler's mapping:
    // without turns between them, a large answer (4,000 entities) is one block of the serving
    // thread. Each of the three is tens of milliseconds for such an answer.
    await yieldToEventLoop();
    const cleaned = cleanFindingsText(answer);
    await yieldToEventLoop();
    if (signal.aborted) {
      return { kind: 'cancelled' };
    }
    const { findings, dropped } = capFindings(cleaned, graph);
    if (dropped !== undefined) {
      context.recordFailure(
        new SourceError(
          'too_large',
          `one reply would create ${dropped.returned} entities; kept the first ${dropped.kept}`,
          source.name,
        ),
      );
    }
    // A handler that recorded a failure answered in part: write what it found, but leave the
    // entity unmarked so that the next run asks again instead of serving the part for the TTL.
    const markMonitored = partial ? undefined : entityId;
    return {
      kind: 'completed',
      cacheHit: false,
      dispatch: await write(graph, findings, input, markMonitored),
    };
  } catch (error) {
    if (error instanceof NotServedError && !signal.aborted) {
      return { kind: 'unserved' };
    }
    const kind = report(error);
    return kind === 'failed' ? { kind, code: toHandlerFailure(error, input, entityId).code } : { kind };
  }
}

/**
 * Runs the query and keeps the replies its clients received with the findings: the store links
 * them to every entity found, as that entity's raw record from this source and handler.
 */
async function queryKeepingReplies<TType extends AssetType>(
  handler: HandlerDefinition<TType, unknown>,
  context: HandlerContext<TType, unknown>,
): Promise<Findings> {
  const { result, replies } = await captureReplies(() => handler.query(context));
  return replies.length === 0 ? result : { ...result, replies: [...(result.replies ?? []), ...replies] };
}

/** The TTL rule key of a handler: its event type, first transform and plugin. */
export function ttlKeyOf({ handler, plugin }: RegisteredHandler): TtlKey {
  return handler.transforms[0] === undefined
    ? { from: handler.eventType, plugin: plugin.name }
    : { from: handler.eventType, to: handler.transforms[0], plugin: plugin.name };
}

/** Applies findings through the one write path and returns the ids to dispatch (after merges). */
async function write(
  graph: SessionGraph,
  findings: Findings,
  input: HandlerRunInput,
  markMonitored: EntityId | undefined,
): Promise<EntityId[]> {
  const { source, handler } = input.registered;
  const options: WriteOptions = { source, handler: handler.name };
  if (input.sessionId !== undefined) {
    options.session = input.sessionId;
  }
  const merged = await applyInSlices(
    findings,
    (slice, last) =>
      graph.apply(slice, last && markMonitored !== undefined ? { ...options, markMonitored } : options),
    input.signal,
  );
  return resolveDispatch(graph, findings.dispatch, merged);
}

/** The graph as one source confirmed it since a time: the edge filter every lookup used to restate. */
function confirmedEdges(graph: GraphReader, source: string, since: number): ConfirmedEdges {
  const query = (relations: readonly string[] | undefined): EdgeQuery =>
    relations === undefined ? { source, since } : { relations: [...relations], source, since };
  return {
    outgoing: (id, relations) => graph.outgoing(id, query(relations)),
    incoming: (id, relations) => graph.incoming(id, query(relations)),
  };
}

/** The ids to dispatch, following organization merges, without duplicates. */
function resolveDispatch(
  graph: SessionGraph,
  dispatch: EntityId[],
  mergedNow: GraphDelta['merged'] | undefined,
): EntityId[] {
  const merged =
    mergedNow === undefined || mergedNow.length === 0
      ? undefined
      : new Map(mergedNow.map((m) => [m.from, m.into]));
  // A set, not a scan of the list per id: a run may dispatch thousands (issue 24).
  const ids = new Set<EntityId>();
  for (const id of dispatch) {
    ids.add(merged?.get(id) ?? graph.resolveId(id));
  }
  return [...ids];
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
