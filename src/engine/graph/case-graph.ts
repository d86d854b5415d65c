/**
 * The one case contract: `CaseGraph`, the reader and writer every backend implements (SQLite, the
 * embedded default, in sqlite/; PostgreSQL, for team cases, in postgres/), and the declared
 * identity rules a backend applies on its write path. The engine, the plugins (through
 * `GraphReader`), review, undo and the hosts speak only to it.
 *
 * Reads answer at once from the case as this process has seen it: a case file reads the file, a
 * team case reads its local replica (current within one notification of any member's commit;
 * `settle()` waits for every commit so far). Writes through `apply` answer after their commit, so
 * one shape serves a file (committed before the promise settles) and a server. Case data (name,
 * positions, session records) is recorded in order without a reply: a team case writes it in the
 * background and logs a failure. docs/case-store.md says why.
 */
import type { AssetType, EntityId } from '../../shared/model/asset';
import type { GraphDelta, GraphExport, GraphSnapshot, GraphStats, RawRecord } from '../../shared/model/graph';
import type { RecordedChange } from '../../shared/model/changes';
import type { Findings } from './findings';
import type { GraphReader, SessionRecord, WriteOptions } from './types';

/** The tag a write sets on the entity a handler queried (`WriteOptions.markMonitored`): the TTL's clock. */
export const MONITORED_TAG = 'last_monitored';
/** The tag naming each source that reported an entity. */
export const SOURCE_TAG = 'source';

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
export interface CaseGraphOpenOptions {
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

/** What undoing one session took back (sqlite/undo.ts). */
export interface UndoSummary {
  session: string;
  entitiesRemoved: number;
  edgesRemoved: number;
  fieldsRestored: number;
  /** Entities a manual merge had folded away, given back. */
  entitiesRestored: number;
  /** Entities and edges still in the graph whose rows the undo changed (stamped with its sequence). */
  changedEntities: string[];
  changedEdges: string[];
}

/** The case contract: one reader and writer that every backend implements. */
export interface CaseGraph extends GraphReader {
  /**
   * The one write path: validates every edge against the OAM taxonomy, upserts entities by
   * deterministic id (merging fields, never blanking a stored field with an empty value), adds
   * edges and source attributions, applies the merge rules, all in one transaction, and resolves
   * with the delta carrying the case's next sequence number (unchanged and empty when the write
   * changed nothing visible) once it committed. Sequence numbers are per case, strictly
   * increasing, with no gaps, across every process writing the case. A rejected write wrote
   * nothing.
   */
  apply(findings: Findings, options: WriteOptions): Promise<GraphDelta>;
  /** Listeners get every delta after its transaction committed. Returns an unsubscribe function. */
  onDelta(listener: (delta: GraphDelta) => void): () => void;
  /** Resolves once every write issued so far committed and reads include every commit so far. */
  settle(): Promise<void>;
  /** The last committed sequence number this process has seen. */
  currentSeq(): number;
  /** What changed after `seq` (0: everything). See `ChangesSince`. */
  changesSince(seq: number): ChangesSince;
  /** The id an entity lives under now: merged-away ids resolve to their survivor. */
  resolveId(id: EntityId): EntityId;

  // ---- whole-graph views ----
  snapshot(): GraphSnapshot;
  stats(): GraphStats;
  /** The graph in the JSON export format. */
  exportJson(): GraphExport;
  /** The raw source records linked to an entity (its latest per source and handler). */
  rawRecords(id: EntityId): RawRecord[];

  // ---- case data (recorded in order, no reply) ----
  /** Case metadata (name, created time...). Keys starting with `graph.` belong to the store. */
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  savePositions(positions: Positions): void;
  loadPositions(): Positions;
  saveSession(record: SessionRecord): void;
  listSessions(): SessionRecord[];
  /**
   * The change records of every run, oldest first (docs/changes.md): entities and edges added,
   * edges a source no longer states (gone), fields and edge properties changed with their earlier
   * value. Kept by the write path, so a team case's replica has them too.
   */
  listChanges(): RecordedChange[];

  /** A complete copy of the case as seen so far at `target`, as a case file (owner-only). */
  saveCopy(target: string): void;
  /**
   * Undo by provenance: takes back what one session contributed, in one write transaction, and
   * answers after its commit (deltas carry no removals: a host tells its windows to reload).
   * Rejects with UnknownSessionError for an id the case does not know.
   */
  undoSession(session: string): Promise<UndoSummary>;
  /**
   * "These two are the same": folds `from` into `into`, recorded as a session of its own so
   * `undoSession` takes it back; answers after its commit. Rejects with MergeRefusedError for
   * ids it cannot merge.
   */
  mergeEntities(from: EntityId, into: EntityId): Promise<{ session: string; delta: GraphDelta }>;

  /** Commits nothing more, stops listeners, releases the connection (and checkpoints a WAL). */
  close(): Promise<void>;
}

/** What a session needs of the case: the handlers' reads, the write path and merged-id resolution. */
export type SessionGraph = Pick<CaseGraph, keyof GraphReader | 'apply' | 'resolveId'>;
