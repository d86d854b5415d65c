/** The SQLite backend of the case contract: one file per case, written only through `apply`. */
import type Database from 'better-sqlite3';
import type { EdgeId, EntityId } from '../../../shared/model/asset';
import type {
  Entity,
  GraphDelta,
  GraphExport,
  GraphSnapshot,
  GraphStats,
  RawRecord,
} from '../../../shared/model/graph';
import { systemClock, type Clock } from '../../util/clock';
import { silentLogger, type Logger } from '../../util/logger';
import {
  MONITORED_TAG,
  type CaseGraph,
  type CaseGraphOpenOptions,
  type ChangesSince,
  type MergeRule,
  type Positions,
  type UndoSummary,
} from '../case-graph';
import type { Findings } from '../findings';
import type { EdgeQuery, Neighbour, SessionRecord, WriteOptions } from '../types';
import { copyCaseDatabase, fileIdentityOf, requireSameFile, type FileIdentity } from './files';
import { openCaseDatabase } from './open';
import { changesSinceOf, exportOf, findEdge, findEntity, neighbours, snapshotOf, statsOf } from './read';
import { prepareStatements, type Statements } from './statements';
import { writeFindings } from './write';
import { touchedNothing, type Touched, type WriteContext } from './write-context';
import { undoSessionWrites } from './undo';
import { captureMergeImage, mergeManually } from './manual-merge';
import { CANONICAL_IDS_KEY, CANONICAL_IDS_VERSION, canonicaliseIds } from './canonical-ids';
import { randomUUID } from 'node:crypto';
import type { RecordedChange } from '../../../shared/model/changes';
import { changeRecordsOf } from './change-records';

export interface SqliteCaseGraphOptions extends CaseGraphOpenOptions {
  clock?: Clock;
  /** Receives errors thrown by delta listeners (they never fail a write). */
  logger?: Logger;
}

/** The SQLite backend's surface: the case contract, with undo and manual merge, plus `applyNow`. */
export interface SqliteCaseGraph extends CaseGraph {
  /**
   * The write path answered at once: what `apply` does, for the callers that must write inside
   * a synchronous step (the team-case replica replays its log with it inside the PostgreSQL
   * transaction; benches and tests of the file format). Throws what `apply` rejects with.
   */
  applyNow(findings: Findings, options: WriteOptions): GraphDelta;
  /**
   * `undoSession` answered at once: takes back what one session contributed (see undo.ts) in one
   * write transaction; the case's sequence number moves on. Throws UnknownSessionError for an id
   * the case does not know.
   */
  undoSessionNow(session: string): UndoSummary;
  /**
   * `mergeEntities` answered at once: folds `from` into `into` (edges repointed, fields filled,
   * tags combined), attributed to the investigator and recorded as a session of its own, so
   * `undoSessionNow(session)` takes it back. Throws MergeRefusedError for ids it cannot merge.
   * `as` fixes the merge's session id and time (a team case replays a logged merge with the ones
   * it was committed with, so every member gets the same graph); by default they are drawn now.
   */
  mergeEntitiesNow(
    from: EntityId,
    into: EntityId,
    as?: ManualMergeIdentity,
  ): { session: string; delta: GraphDelta };
}

/** The session id and time a manual merge is recorded under. */
export interface ManualMergeIdentity {
  session: string;
  now: number;
}

const SEQ_KEY = 'graph.seq';

/** Opens (creating and migrating when needed) a case file; `:memory:` for a throwaway graph. */
export function openSqliteCaseGraph(path: string, options: SqliteCaseGraphOptions = {}): SqliteCaseGraph {
  const db = openCaseDatabase(path);
  try {
    return new SqliteStore(db, fileIdentityOf(path), options);
  } catch (error) {
    db.close();
    throw error;
  }
}

class SqliteStore implements SqliteCaseGraph {
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly listeners = new Set<(delta: GraphDelta) => void>();
  /** Merged-away id -> surviving id (chains compressed), mirrored from the merges table. */
  private readonly mergedInto = new Map<EntityId, EntityId>();
  /** The sequence number this connection last saw; another process may have moved it on. */
  private seq: number;
  private readonly statements: Statements;
  private readonly context: WriteContext;
  private readonly applyTransaction: Database.Transaction<
    (findings: Findings, options: WriteOptions) => Touched & { seq: number }
  >;

  private readonly db: Database.Database;
  private readonly file: FileIdentity | undefined;

  constructor(db: Database.Database, file: FileIdentity | undefined, options: SqliteCaseGraphOptions) {
    this.db = db;
    this.file = file;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    const mergeRules: readonly MergeRule[] = options.mergeRules ?? [];
    this.statements = prepareStatements(db);
    this.seq = this.storedSeq();
    this.loadMerges();
    const s = this.statements;
    this.context = {
      statements: s,
      mergeRules,
      resolveId: (id) => this.resolveId(id),
      entityExists: (id) => s.entityExists.get(id) !== undefined,
      findEntity: (id) => findEntity(s, id),
      findEdge: (id: EdgeId) => findEdge(s, id),
      mergeImage: (from, into) => {
        const [fromRow, intoRow] = [s.selectEntity.get(from), s.selectEntity.get(into)];
        return fromRow === undefined || intoRow === undefined
          ? undefined
          : JSON.stringify(captureMergeImage(db, s, fromRow, intoRow));
      },
    };
    this.canonicaliseIdsOnce();
    this.applyTransaction = db.transaction((findings: Findings, write: WriteOptions) => {
      // Read under the write lock: other processes writing this case share the sequence.
      const stored = this.storedSeq();
      if (stored !== this.seq) {
        this.seq = stored;
        this.loadMerges();
      }
      const seq = stored + 1;
      const touched = writeFindings(this.context, findings, write, {
        now: write.now ?? this.clock.now(),
        seq,
      });
      if (!touchedNothing(touched)) {
        s.setMeta.run(SEQ_KEY, String(seq));
      }
      return { ...touched, seq };
    });
  }

  /** The canonical-id migration (canonical-ids.ts), once per case file and identity-rule version. */
  private canonicaliseIdsOnce(): void {
    const s = this.statements;
    if (s.getMeta.get(CANONICAL_IDS_KEY) === CANONICAL_IDS_VERSION) {
      return;
    }
    this.db
      .transaction(() => {
        // Read again under the write lock: another process opening the case may have done it.
        if (s.getMeta.get(CANONICAL_IDS_KEY) === CANONICAL_IDS_VERSION) {
          return;
        }
        const seq = this.storedSeq() + 1;
        const touched = canonicaliseIds(this.context, s.allEntities.all(), { now: this.clock.now(), seq });
        if (!touchedNothing(touched)) {
          s.setMeta.run(SEQ_KEY, String(seq));
        }
        s.setMeta.run(CANONICAL_IDS_KEY, CANONICAL_IDS_VERSION);
      })
      .immediate();
    this.seq = this.storedSeq();
    this.loadMerges();
  }

  private storedSeq(): number {
    return Number(this.statements.getMeta.get(SEQ_KEY) ?? 0);
  }

  private loadMerges(): void {
    this.mergedInto.clear();
    for (const row of this.statements.allMerges.all()) {
      this.mergedInto.set(row.from_id, row.into_id);
    }
  }

  // ---- the write path ----

  apply(findings: Findings, options: WriteOptions): Promise<GraphDelta> {
    try {
      return Promise.resolve(this.applyNow(findings, options));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  applyNow(findings: Findings, options: WriteOptions): GraphDelta {
    requireSameFile(this.file);
    const touched = this.applyTransaction.immediate(findings, options);
    const merges = touched.merged;
    for (const { from, into } of merges) {
      for (const [merged, survivor] of this.mergedInto) {
        if (survivor === from) {
          this.mergedInto.set(merged, into);
        }
      }
      this.mergedInto.set(from, into);
    }
    if (touchedNothing(touched)) {
      return { seq: this.seq, entities: [], edges: [], merged: [] };
    }
    this.seq = touched.seq;
    const delta: GraphDelta = {
      seq: this.seq,
      entities: [...touched.entities.values()].filter((entity) => entity !== undefined),
      edges: [...touched.edges.values()].filter((edge) => edge !== undefined),
      merged: merges,
    };
    this.emit(delta);
    return delta;
  }

  private emit(delta: GraphDelta): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(delta);
      } catch (error) {
        this.logger.warn('graph delta listener failed', { seq: delta.seq, error: String(error) });
      }
    }
  }

  onDelta(listener: (delta: GraphDelta) => void): () => void {
    const wrapped = (delta: GraphDelta): void => listener(delta);
    this.listeners.add(wrapped);
    return () => {
      this.listeners.delete(wrapped);
    };
  }

  /** A case file's reads and writes are committed and current as soon as they return. */
  settle(): Promise<void> {
    return Promise.resolve();
  }

  resolveId(id: EntityId): EntityId {
    return this.mergedInto.get(id) ?? id;
  }

  currentSeq(): number {
    return this.storedSeq();
  }

  changesSince(seq: number): ChangesSince {
    return changesSinceOf(this.db, this.statements, seq, () => this.storedSeq());
  }

  // ---- reads ----

  findEntity(id: EntityId): Entity | undefined {
    return findEntity(this.statements, id);
  }

  outgoing(id: EntityId, query: EdgeQuery = {}): Neighbour[] {
    return neighbours(this.statements, id, query, 'outgoing');
  }

  incoming(id: EntityId, query: EdgeQuery = {}): Neighbour[] {
    return neighbours(this.statements, id, query, 'incoming');
  }

  isMonitoredSince(id: EntityId, source: string, handler: string, since: number): boolean {
    return (
      this.statements.isMonitored.get(this.resolveId(id), MONITORED_TAG, source, handler, since) !== undefined
    );
  }

  snapshot(): GraphSnapshot {
    return snapshotOf(this.db, this.statements, () => this.storedSeq());
  }

  stats(): GraphStats {
    return statsOf(this.statements);
  }

  exportJson(): GraphExport {
    return exportOf(this.snapshot());
  }

  rawRecords(id: EntityId): RawRecord[] {
    return this.statements.selectReplies.all(this.resolveId(id)).map((row) => ({
      source: row.source,
      handler: row.handler,
      url: row.url,
      receivedAt: new Date(row.received_at).toISOString(),
      text: row.text,
    }));
  }

  // ---- case data ----

  getMeta(key: string): string | undefined {
    return this.statements.getMeta.get(key);
  }

  setMeta(key: string, value: string): void {
    if (key === SEQ_KEY) {
      throw new Error(`meta key ${SEQ_KEY} is owned by the graph store`);
    }
    this.statements.setMeta.run(key, value);
  }

  savePositions(positions: Positions): void {
    this.db.transaction(() => {
      for (const [id, { x, y }] of Object.entries(positions)) {
        this.statements.savePosition.run(id, x, y);
      }
    })();
  }

  loadPositions(): Positions {
    const positions: Positions = {};
    for (const row of this.statements.allPositions.all()) {
      positions[row.entity_id] = { x: row.x, y: row.y };
    }
    return positions;
  }

  saveSession(record: SessionRecord): void {
    this.statements.saveSession.run(record.id, JSON.stringify(record));
  }

  listSessions(): SessionRecord[] {
    return this.statements.allSessions
      .all()
      .map((json) => JSON.parse(json) as SessionRecord)
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id));
  }

  listChanges(): RecordedChange[] {
    return changeRecordsOf(this.statements);
  }

  saveCopy(target: string): void {
    copyCaseDatabase(this.db, target);
  }

  mergeEntities(from: EntityId, into: EntityId): Promise<{ session: string; delta: GraphDelta }> {
    return new Promise((resolve) => resolve(this.mergeEntitiesNow(from, into)));
  }

  mergeEntitiesNow(
    from: EntityId,
    into: EntityId,
    as?: ManualMergeIdentity,
  ): { session: string; delta: GraphDelta } {
    requireSameFile(this.file);
    const session = as?.session ?? randomUUID();
    const result = this.db
      .transaction(() => {
        const now = as?.now ?? this.clock.now();
        const seq = this.storedSeq() + 1;
        const fromId = this.resolveId(from);
        const intoId = this.resolveId(into);
        const { image, touched } = mergeManually(this.db, this.context, fromId, intoId, { now, seq });
        this.statements.logWrite.run(session, now, 'merge', fromId, JSON.stringify(image));
        const time = new Date(now).toISOString();
        this.saveSession({
          id: session,
          startedAt: time,
          finishedAt: time,
          seeds: [fromId, intoId],
          depth: 0,
          action: `merge ${fromId} into ${intoId}`,
        });
        this.statements.setMeta.run(SEQ_KEY, String(seq));
        return { seq, touched, fromId, intoId };
      })
      .immediate();
    this.seq = result.seq;
    this.loadMerges();
    const delta: GraphDelta = {
      seq: result.seq,
      entities: [result.intoId].map((id) => this.findEntity(id)).filter((entity) => entity !== undefined),
      edges: [...result.touched.edges.keys()]
        .map((id) => findEdge(this.statements, id))
        .filter((edge) => edge !== undefined),
      merged: [{ from: result.fromId, into: result.intoId }],
    };
    this.emit(delta);
    return { session, delta };
  }

  undoSession(session: string): Promise<UndoSummary> {
    return new Promise((resolve) => resolve(this.undoSessionNow(session)));
  }

  undoSessionNow(session: string): UndoSummary {
    requireSameFile(this.file);
    const summary = this.db
      .transaction(() => {
        const seq = this.storedSeq() + 1;
        const result = undoSessionWrites(this.db, session, seq);
        // The run's change records go with it, and what it found gone is confirmed as before.
        this.statements.deleteChanges.run(session);
        this.statements.ungone.run(session);
        this.statements.setMeta.run(SEQ_KEY, String(seq));
        return { result, seq };
      })
      .immediate();
    this.seq = summary.seq;
    this.loadMerges();
    return summary.result;
  }

  /**
   * Checkpoints the WAL into the case file and truncates it before closing, so a closed case is
   * one self-contained file (SQLite deletes the empty WAL when this is the last connection).
   */
  close(): Promise<void> {
    this.closeNow();
    return Promise.resolve();
  }

  private closeNow(): void {
    this.listeners.clear();
    if (!this.db.open) {
      return;
    }
    try {
      if (this.file !== undefined) {
        // Without waiting: while another process uses the case, the last one to close checkpoints.
        this.db.pragma('busy_timeout = 0');
        this.db.pragma('wal_checkpoint(TRUNCATE)');
      }
    } catch (error) {
      // Another process reading the case holds the WAL; it checkpoints when it closes.
      this.logger.warn('case checkpoint on close failed', { error: String(error) });
    } finally {
      this.db.close();
    }
  }
}
