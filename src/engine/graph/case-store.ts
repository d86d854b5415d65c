/**
 * The contract every case-store backend keeps (SQLite, the embedded default; PostgreSQL, the
 * shared one), and the declared identity rules a backend applies on its write path.
 *
 * The contract is asynchronous throughout, because a server-backed store cannot answer without a
 * round trip. The SQLite backend is synchronous underneath (better-sqlite3) and also offers that
 * synchronous surface (`SyncCaseStore`) to the engine, whose TTL lookups read the graph
 * synchronously today; `asyncCaseStore` turns it into the contract. docs/case-store.md says why.
 */
import type { AssetType, EntityId } from '../../shared/model/asset';
import type { Entity, GraphDelta, GraphExport, GraphSnapshot, GraphStats } from '../../shared/model/graph';
import type { RecordedChange } from '../../shared/model/changes';
import type { Findings } from './findings';
import type { CaseGraph, EdgeQuery, Neighbour, SessionRecord, WriteOptions } from './types';

/**
 * An identity rule declared by the plugin that owns it: entities of `entityType` that hold a
 * `relation` edge to one same key entity (of `keyType`, whose asset has every field of
 * `keyFields`) are one entity. The write path merges the newer (later created, then larger id)
 * into the older and reports it in the delta's `merged`. Example: GLEIF declares that
 * organizations holding the same LEI identifier are one organization.
 */
export interface MergeRule {
  /** Who declared it and what it says, for logs and docs (e.g. `gleif/same-lei`). */
  name: string;
  entityType: AssetType;
  /** Relation label from the merging entity to the key entity (lower case). */
  relation: string;
  keyType: AssetType;
  /** Fields the key entity's asset must hold with exactly these values (e.g. `{ id_type: 'lei' }`). */
  keyFields: Readonly<Record<string, string | number | boolean>>;
  /**
   * Edges whose `property` holds one of `values` assert no identity: e.g. a registry match still
   * awaiting the investigator's review (`review: pending`) or one they rejected.
   */
  ignoreEdgesWith?: { property: string; values: readonly string[] };
}

/** What every backend is opened with. */
export interface CaseStoreOpenOptions {
  /** The identity rules of the loaded plugins; the store applies them on every write. */
  mergeRules?: readonly MergeRule[];
}

/** Positions of nodes on the canvas (UI state kept with the case). */
export type Positions = Record<EntityId, { x: number; y: number }>;

/**
 * The changes committed after a sequence number, folded into one delta: the current state of
 * every entity and edge written since, and every merge since. `seq` is the newest sequence
 * number; a client that saw a gap in the live deltas applies this and continues from `seq`.
 */
export type ChangesSince = GraphDelta;

/** The case-store contract. Every method may reject; a rejected write has written nothing. */
export interface CaseStore {
  /**
   * The one write path: validates every edge against the OAM taxonomy, upserts entities by
   * deterministic id (merging fields, never blanking a stored field with an empty value), adds
   * edges and source attributions, applies the merge rules, all in one transaction, and resolves
   * with the delta carrying the case's next sequence number (unchanged and empty when the write
   * changed nothing visible). Sequence numbers are per case, strictly increasing, with no gaps,
   * across every process writing the case.
   */
  apply(findings: Findings, options: WriteOptions): Promise<GraphDelta>;
  /** Listeners get every delta after its transaction committed. Returns an unsubscribe function. */
  onDelta(listener: (delta: GraphDelta) => void): () => void;
  /** The last committed sequence number of the case. */
  currentSeq(): Promise<number>;
  /** What changed after `seq` (0: everything). See `ChangesSince`. */
  changesSince(seq: number): Promise<ChangesSince>;
  /** The id an entity lives under now: merged-away ids resolve to their survivor. */
  resolveId(id: EntityId): Promise<EntityId>;

  // ---- reads (the handlers' GraphReader, asynchronous) ----
  findEntity(id: EntityId): Promise<Entity | undefined>;
  outgoing(id: EntityId, query?: EdgeQuery): Promise<Neighbour[]>;
  incoming(id: EntityId, query?: EdgeQuery): Promise<Neighbour[]>;
  /** True when the entity has a `last_monitored` tag for source and handler updated at or after `since`. */
  isMonitoredSince(id: EntityId, source: string, handler: string, since: number): Promise<boolean>;

  // ---- whole-graph views ----
  snapshot(): Promise<GraphSnapshot>;
  stats(): Promise<GraphStats>;
  /** The graph in the JSON export format. */
  exportJson(): Promise<GraphExport>;

  // ---- case data ----
  /** Case metadata (name, created time...). Keys starting with `graph.` belong to the store. */
  getMeta(key: string): Promise<string | undefined>;
  setMeta(key: string, value: string): Promise<void>;
  savePositions(positions: Positions): Promise<void>;
  loadPositions(): Promise<Positions>;
  saveSession(record: SessionRecord): Promise<void>;
  listSessions(): Promise<SessionRecord[]>;
  /**
   * The change records of every run, oldest first: entities and edges added, edges a source no
   * longer states (gone), fields and edge properties changed with their earlier value.
   */
  listChanges(): Promise<RecordedChange[]>;

  /** Commits nothing more, stops listeners, releases the connection (and checkpoints a WAL). */
  close(): Promise<void>;
}

/**
 * The synchronous store surface the SQLite backend offers and the engine uses today: the same
 * contract with plain return values (see docs/case-store.md, "sync and async").
 */
export interface SyncCaseStore extends CaseGraph {
  currentSeq(): number;
  changesSince(seq: number): ChangesSince;
}

/** The contract over a synchronous store: every call runs at once and resolves with its result. */
export function asyncCaseStore(store: SyncCaseStore): CaseStore {
  const run = <T>(call: () => T): Promise<T> => {
    try {
      return Promise.resolve(call());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return {
    apply: (findings, options) => run(() => store.apply(findings, options)),
    onDelta: (listener) => store.onDelta(listener),
    currentSeq: () => run(() => store.currentSeq()),
    changesSince: (seq) => run(() => store.changesSince(seq)),
    resolveId: (id) => run(() => store.resolveId(id)),
    findEntity: (id) => run(() => store.findEntity(id)),
    outgoing: (id, query) => run(() => store.outgoing(id, query)),
    incoming: (id, query) => run(() => store.incoming(id, query)),
    isMonitoredSince: (id, source, handler, since) =>
      run(() => store.isMonitoredSince(id, source, handler, since)),
    snapshot: () => run(() => store.snapshot()),
    stats: () => run(() => store.stats()),
    exportJson: () => run(() => store.exportJson()),
    getMeta: (key) => run(() => store.getMeta(key)),
    setMeta: (key, value) => run(() => store.setMeta(key, value)),
    savePositions: (positions) => run(() => store.savePositions(positions)),
    loadPositions: () => run(() => store.loadPositions()),
    saveSession: (record) => run(() => store.saveSession(record)),
    listSessions: () => run(() => store.listSessions()),
    listChanges: () => run(() => store.listChanges()),
    close: () => run(() => store.close()),
  };
}
