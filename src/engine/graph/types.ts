/**
 * The small types of the case contract (case-graph.ts): write options, session records, edge
 * queries, and the read-only view of the case (`GraphReader`) that handlers get.
 */
import type { EntityId } from '../../shared/model/asset';
import type { Edge, Entity, SourceRef } from '../../shared/model/graph';
import type { SessionProgress } from '../../shared/model/session';
import { EngineError } from '../util/engine-error';

export interface WriteOptions {
  /** Attribution for edges (and entity `source` tags) that do not name their own source. */
  source: SourceRef;
  /** Handler that produced the write, recorded on tags. */
  handler?: string;
  /** Also set the `last_monitored` tag of this entity for `source` and `handler`, in the same transaction. */
  markMonitored?: EntityId;
  /** Write time (ms since epoch); defaults to the store's clock. */
  now?: number;
  /** The session this write belongs to: what it adds and changes is logged so it can be undone. */
  session?: string;
}

/** A relation that the OAM taxonomy does not allow: the whole write is rejected. */
export class InvalidRelationError extends EngineError {
  override readonly name = 'InvalidRelationError';
  constructor(message: string, options?: ErrorOptions) {
    super('invalid_relation', message, options);
  }
}

/** A record of one session (run) stored in the case file. */
export interface SessionRecord {
  id: string;
  startedAt: string;
  finishedAt?: string;
  seeds: EntityId[];
  depth: number;
  /** Final progress counters, written when the session ends. */
  summary?: SessionProgress;
  /** What an investigator's own action did, when the session is one (e.g. a manual merge). */
  action?: string;
}

/** Filter of an edge query on the case graph. */
export interface EdgeQuery {
  /** Only these relation labels (all when omitted). */
  relations?: string[];
  /** Only edges last confirmed at or after this time (ms since epoch). */
  since?: number;
  /** Only edges carrying this source, confirmed by it at or after `since` when that is given. */
  source?: string;
}

/** An edge with the entity at its other end. */
export interface Neighbour {
  edge: Edge;
  entity: Entity;
}

/** Read-only view of the case graph for handlers. Writes go through returned Findings only. */
export interface GraphReader {
  findEntity(id: EntityId): Entity | undefined;
  outgoing(id: EntityId, query?: EdgeQuery): Neighbour[];
  incoming(id: EntityId, query?: EdgeQuery): Neighbour[];
  /**
   * True when the entity has a `last_monitored` tag for this source and handler updated at or
   * after `since` (ms since epoch).
   */
  isMonitoredSince(id: EntityId, source: string, handler: string, since: number): boolean;
}

/**
 * The case graph as this handler's source confirmed it within the TTL: edges carrying the
 * plugin's source, confirmed at or after `since`. What every lookup reads, pre-bound by the
 * engine so that no handler restates `{ source, since }`.
 */
export interface ConfirmedEdges {
  /** Edges from `id` (only these relation labels when given). */
  outgoing(id: EntityId, relations?: readonly string[]): Neighbour[];
  /** Edges into `id` (only these relation labels when given). */
  incoming(id: EntityId, relations?: readonly string[]): Neighbour[];
}
