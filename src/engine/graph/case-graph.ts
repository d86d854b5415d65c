/** The case-file graph store: one SQLite file per case, written only through `apply`. */
import Database from 'better-sqlite3';
import {
  edgeIdOf,
  entityIdOf,
  isAssetType,
  typeOfEntityId,
  type AssetType,
  type EdgeId,
  type EntityId,
} from '../../shared/model/asset';
import type {
  Edge,
  EdgeSource,
  Entity,
  EntityTag,
  GraphDelta,
  GraphExport,
  GraphSnapshot,
  GraphStats,
  SourceRef,
} from '../../shared/model/graph';
import { isValidRelation } from '../../shared/model/relations';
import type { EdgeProperties, Findings } from './findings';
import type { EdgeQuery, Neighbour } from './types';
import { systemClock, type Clock } from '../util/clock';
import { silentLogger, type Logger } from '../util/logger';
import { migrate } from './migrations';
import { InvalidRelationError, type CaseGraph, type SessionRecord, type WriteOptions } from './types';

export interface CaseGraphOptions {
  clock?: Clock;
  /** Receives errors thrown by delta listeners (they never fail a write). */
  logger?: Logger;
}

/** A write whose findings are malformed (an asset without its key, an unknown asset type). */
export class InvalidFindingsError extends Error {
  override readonly name = 'InvalidFindingsError';
}

const SEQ_KEY = 'graph.seq';
const SOURCE_TAG = 'source';
const MONITORED_TAG = 'last_monitored';

interface EntityRow {
  id: string;
  type: string;
  content: string;
  created_at: number;
  updated_at: number;
}

interface TagRow {
  entity_id: string;
  name: string;
  value: string;
  handler: string;
  created_at: number;
  updated_at: number;
}

interface EdgeRow {
  id: string;
  from_id: string;
  to_id: string;
  relation: string;
  properties: string;
  created_at: number;
  updated_at: number;
}

interface SourceRow {
  edge_id: string;
  name: string;
  confidence: number;
  created_at: number;
  updated_at: number;
}

interface EdgeFilter {
  id: string;
  relations: string | null;
  source: string | null;
  since: number | null;
}

type Fields = Record<string, unknown>;

/** Entities written by one apply, after merging duplicates within the write. */
interface PendingEntity {
  type: AssetType;
  /** Fields that replace stored ones. */
  replace: Fields;
  /** Fields that only fill gaps (assets of merged-away ids folded into their survivor). */
  fill: Fields;
}

interface PendingEdge {
  id: EdgeId;
  from: EntityId;
  to: EntityId;
  relation: string;
  properties: EdgeProperties;
  source: SourceRef;
}

/**
 * What one write touched: a DTO built from the written values, or `undefined` when the row
 * must be read back (it was updated, so its full state is only in the store).
 */
interface Touched {
  entities: Map<EntityId, Entity | undefined>;
  edges: Map<EdgeId, Edge | undefined>;
  merged: { from: EntityId; into: EntityId }[];
}

let lastIsoMs = Number.NaN;
let lastIso = '';

/** ISO time of `ms`; a write stamps every new row with the same time, so the last one is kept. */
function iso(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

/** Own enumerable fields with a value: `undefined` and `null` mean "not known". */
function compact(fields: object): Fields {
  const result: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) {
      result[key] = value;
    }
  }
  return result;
}

/** Stored fields updated by `replace`, gaps filled by `fill`; keeps the stored key order. */
function mergeFields(stored: Fields, replace: Fields, fill: Fields): Fields {
  const merged: Fields = { ...stored };
  for (const [key, value] of Object.entries(fill)) {
    if (merged[key] === undefined) {
      merged[key] = value;
    }
  }
  for (const [key, value] of Object.entries(replace)) {
    merged[key] = value;
  }
  return merged;
}

function tagOf(row: Pick<TagRow, 'name' | 'value' | 'handler' | 'created_at' | 'updated_at'>): EntityTag {
  const tag: EntityTag = {
    name: row.name,
    value: row.value,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  if (row.handler !== '') {
    tag.handler = row.handler;
  }
  return tag;
}

function entityOf(row: EntityRow, tags: EntityTag[]): Entity {
  return {
    id: row.id,
    type: row.type,
    asset: JSON.parse(row.content) as Fields,
    tags,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  } as unknown as Entity;
}

function sourceOf(row: SourceRow): EdgeSource {
  return {
    name: row.name,
    confidence: row.confidence,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function edgeOf(row: EdgeRow, sources: EdgeSource[]): Edge {
  return {
    id: row.id,
    from: row.from_id,
    to: row.to_id,
    relation: row.relation,
    sources,
    properties: JSON.parse(row.properties) as EdgeProperties,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, [row]);
    } else {
      group.push(row);
    }
  }
  return groups;
}

function typeOfId(id: EntityId): AssetType | undefined {
  try {
    return typeOfEntityId(id);
  } catch {
    return undefined;
  }
}

function prepareStatements(db: Database.Database) {
  const edgeFilter = `
    (@relations IS NULL OR e.relation IN (SELECT value FROM json_each(@relations)))
    AND (
      (@source IS NULL AND (@since IS NULL OR e.updated_at >= @since))
      OR (@source IS NOT NULL AND EXISTS (
        SELECT 1 FROM edge_sources s
        WHERE s.edge_id = e.id AND s.name = @source AND (@since IS NULL OR s.updated_at >= @since)))
    )`;
  return {
    insertEntity: db.prepare<[string, string, string, number, number]>(
      `INSERT INTO entities (id, type, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO NOTHING`,
    ),
    selectEntity: db.prepare<[string], EntityRow>(
      'SELECT id, type, content, created_at, updated_at FROM entities WHERE id = ?',
    ),
    entityExists: db.prepare<[string], number>('SELECT 1 FROM entities WHERE id = ?').pluck(),
    storedContents: db.prepare<[string], { id: string; content: string }>(
      'SELECT id, content FROM entities WHERE id IN (SELECT value FROM json_each(?))',
    ),
    updateEntity: db.prepare<[string, number, string]>(
      'UPDATE entities SET content = ?, updated_at = max(updated_at, ?) WHERE id = ?',
    ),
    touchEntity: db.prepare<[number, string]>(
      'UPDATE entities SET updated_at = max(updated_at, ?) WHERE id = ?',
    ),
    deleteEntity: db.prepare<[string]>('DELETE FROM entities WHERE id = ?'),
    allEntities: db.prepare<[], EntityRow>(
      'SELECT id, type, content, created_at, updated_at FROM entities ORDER BY id',
    ),
    insertTag: db.prepare<[string, string, string, string, number, number]>(
      `INSERT INTO entity_tags (entity_id, name, value, handler, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    refreshTag: db.prepare<[number, string, string, string, string]>(
      `UPDATE entity_tags SET updated_at = max(updated_at, ?)
       WHERE entity_id = ? AND name = ? AND value = ? AND handler = ?`,
    ),
    selectTags: db.prepare<[string], TagRow>(
      `SELECT entity_id, name, value, handler, created_at, updated_at FROM entity_tags
       WHERE entity_id = ? ORDER BY name, value, handler`,
    ),
    allTags: db.prepare<[], TagRow>(
      `SELECT entity_id, name, value, handler, created_at, updated_at FROM entity_tags
       ORDER BY entity_id, name, value, handler`,
    ),
    copyTags: db.prepare<[string, string]>(
      `INSERT INTO entity_tags (entity_id, name, value, handler, created_at, updated_at)
       SELECT ?, name, value, handler, created_at, updated_at FROM entity_tags WHERE entity_id = ?
       ON CONFLICT (entity_id, name, value, handler) DO UPDATE SET
         created_at = min(created_at, excluded.created_at),
         updated_at = max(updated_at, excluded.updated_at)`,
    ),
    isMonitored: db
      .prepare<[string, string, string, string, number], number>(
        `SELECT 1 FROM entity_tags
         WHERE entity_id = ? AND name = ? AND value = ? AND handler = ? AND updated_at >= ?`,
      )
      .pluck(),
    insertEdge: db.prepare<[string, string, string, string, string, number, number]>(
      `INSERT INTO edges (id, from_id, to_id, relation, properties, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    ),
    selectEdge: db.prepare<[string], EdgeRow>(
      'SELECT id, from_id, to_id, relation, properties, created_at, updated_at FROM edges WHERE id = ?',
    ),
    selectEdgeProperties: db.prepare<[string], string>('SELECT properties FROM edges WHERE id = ?').pluck(),
    storedProperties: db.prepare<[string], { id: string; properties: string }>(
      'SELECT id, properties FROM edges WHERE id IN (SELECT value FROM json_each(?))',
    ),
    updateEdge: db.prepare<[string, number, number, string]>(
      `UPDATE edges SET properties = ?, created_at = min(created_at, ?), updated_at = max(updated_at, ?)
       WHERE id = ?`,
    ),
    touchEdge: db.prepare<[number, string]>('UPDATE edges SET updated_at = max(updated_at, ?) WHERE id = ?'),
    deleteEdge: db.prepare<[string]>('DELETE FROM edges WHERE id = ?'),
    edgesTouching: db.prepare<[string, string], EdgeRow>(
      `SELECT id, from_id, to_id, relation, properties, created_at, updated_at FROM edges WHERE from_id = ?
       UNION SELECT id, from_id, to_id, relation, properties, created_at, updated_at FROM edges WHERE to_id = ?`,
    ),
    outgoing: db.prepare<EdgeFilter, EdgeRow>(
      `SELECT e.id, e.from_id, e.to_id, e.relation, e.properties, e.created_at, e.updated_at
       FROM edges e WHERE e.from_id = @id AND ${edgeFilter} ORDER BY e.relation, e.to_id`,
    ),
    incoming: db.prepare<EdgeFilter, EdgeRow>(
      `SELECT e.id, e.from_id, e.to_id, e.relation, e.properties, e.created_at, e.updated_at
       FROM edges e WHERE e.to_id = @id AND ${edgeFilter} ORDER BY e.relation, e.from_id`,
    ),
    allEdges: db.prepare<[], EdgeRow>(
      'SELECT id, from_id, to_id, relation, properties, created_at, updated_at FROM edges ORDER BY id',
    ),
    insertSource: db.prepare<[string, string, number, number, number]>(
      `INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    selectConfidence: db
      .prepare<[string, string], number>('SELECT confidence FROM edge_sources WHERE edge_id = ? AND name = ?')
      .pluck(),
    refreshSameSource: db.prepare<[number, string, string, number]>(
      `UPDATE edge_sources SET updated_at = max(updated_at, ?)
       WHERE edge_id = ? AND name = ? AND confidence = ?`,
    ),
    upsertSource: db.prepare<[string, string, number, number, number]>(
      `INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (edge_id, name) DO UPDATE SET
         confidence = excluded.confidence, updated_at = max(updated_at, excluded.updated_at)`,
    ),
    updateSource: db.prepare<[number, number, string, string]>(
      `UPDATE edge_sources SET confidence = ?, updated_at = max(updated_at, ?)
       WHERE edge_id = ? AND name = ?`,
    ),
    selectSources: db.prepare<[string], SourceRow>(
      `SELECT edge_id, name, confidence, created_at, updated_at FROM edge_sources
       WHERE edge_id = ? ORDER BY name`,
    ),
    allSources: db.prepare<[], SourceRow>(
      `SELECT edge_id, name, confidence, created_at, updated_at FROM edge_sources ORDER BY edge_id, name`,
    ),
    copySources: db.prepare<[string, string]>(
      `INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at)
       SELECT ?, name, confidence, created_at, updated_at FROM edge_sources WHERE edge_id = ?
       ON CONFLICT (edge_id, name) DO UPDATE SET
         confidence = CASE WHEN excluded.updated_at > updated_at THEN excluded.confidence ELSE confidence END,
         created_at = min(created_at, excluded.created_at),
         updated_at = max(updated_at, excluded.updated_at)`,
    ),
    organizationsHolding: db
      .prepare<[string], string>(
        `SELECT e.from_id FROM edges e JOIN entities n ON n.id = e.from_id
         WHERE e.to_id = ? AND e.relation = 'id' AND n.type = 'Organization'
         ORDER BY n.created_at, n.id`,
      )
      .pluck(),
    identifiersOf: db
      .prepare<[string], string>(
        `SELECT e.to_id FROM edges e JOIN entities n ON n.id = e.to_id
         WHERE e.from_id = ? AND e.relation = 'id' AND n.type = 'Identifier'`,
      )
      .pluck(),
    insertMerge: db.prepare<[string, string, number]>(
      'INSERT OR REPLACE INTO merges (from_id, into_id, merged_at) VALUES (?, ?, ?)',
    ),
    redirectMerges: db.prepare<[string, string]>('UPDATE merges SET into_id = ? WHERE into_id = ?'),
    allMerges: db.prepare<[], { from_id: string; into_id: string }>('SELECT from_id, into_id FROM merges'),
    getMeta: db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck(),
    setMeta: db.prepare<[string, string]>(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    savePosition: db.prepare<[string, number, number]>(
      `INSERT INTO positions (entity_id, x, y) VALUES (?, ?, ?)
       ON CONFLICT (entity_id) DO UPDATE SET x = excluded.x, y = excluded.y`,
    ),
    movePosition: db.prepare<[string, string]>(
      'INSERT OR IGNORE INTO positions (entity_id, x, y) SELECT ?, x, y FROM positions WHERE entity_id = ?',
    ),
    deletePosition: db.prepare<[string]>('DELETE FROM positions WHERE entity_id = ?'),
    allPositions: db.prepare<[], { entity_id: string; x: number; y: number }>(
      'SELECT entity_id, x, y FROM positions',
    ),
    saveSession: db.prepare<[string, string]>(
      'INSERT INTO sessions (id, record) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET record = excluded.record',
    ),
    allSessions: db.prepare<[], string>('SELECT record FROM sessions').pluck(),
    countByType: db.prepare<[], { type: string; count: number }>(
      'SELECT type, count(*) AS count FROM entities GROUP BY type',
    ),
    countByRelation: db.prepare<[], { relation: string; count: number }>(
      'SELECT relation, count(*) AS count FROM edges GROUP BY relation',
    ),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

/**
 * The connection settings of a case file (exported so benchmarks measure raw SQLite under the
 * same ones). Every apply commits on its own, so with the default checkpoint threshold (1,000
 * pages) a checkpoint, with its fsyncs, ran every few dozen writes and took about a third of the
 * write time; at 4,000 pages (a WAL up to ~16 MB, truncated back to that size after each
 * checkpoint) pages rewritten by consecutive writes are copied back once. Durability is
 * unchanged: a commit is in the WAL either way.
 */
export function configureConnection(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('wal_autocheckpoint = 4000');
  db.pragma(`journal_size_limit = ${16 * 1024 * 1024}`);
}

/** Opens (creating and migrating when needed) a case file; `:memory:` for a throwaway graph. */
export function openCaseGraph(path: string, options: CaseGraphOptions = {}): CaseGraph {
  return new SqliteCaseGraph(path, options);
}

class SqliteCaseGraph implements CaseGraph {
  private readonly db: Database.Database;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly listeners = new Set<(delta: GraphDelta) => void>();
  /** Merged-away id -> surviving id (chains compressed), mirrored from the merges table. */
  private readonly mergedInto = new Map<EntityId, EntityId>();
  private seq: number;
  private readonly statements: Statements;
  private readonly applyTransaction: Database.Transaction<
    (findings: Findings, options: WriteOptions) => Touched
  >;

  constructor(path: string, options: CaseGraphOptions) {
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.db = new Database(path);
    try {
      configureConnection(this.db);
      migrate(this.db, path);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.statements = prepareStatements(this.db);
    this.seq = Number(this.statements.getMeta.get(SEQ_KEY) ?? 0);
    for (const row of this.statements.allMerges.all()) {
      this.mergedInto.set(row.from_id, row.into_id);
    }
    this.applyTransaction = this.db.transaction((findings: Findings, write: WriteOptions) =>
      this.write(findings, write),
    );
  }

  // ---- the write path ----

  apply(findings: Findings, options: WriteOptions): GraphDelta {
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
    if (touched.entities.size === 0 && touched.edges.size === 0 && merges.length === 0) {
      return { seq: this.seq, entities: [], edges: [], merged: [] };
    }
    this.seq += 1;
    const delta: GraphDelta = {
      seq: this.seq,
      entities: [...touched.entities.values()].filter((entity) => entity !== undefined),
      edges: [...touched.edges.values()].filter((edge) => edge !== undefined),
      merged: merges,
    };
    for (const listener of [...this.listeners]) {
      try {
        listener(delta);
      } catch (error) {
        this.logger.warn('graph delta listener failed', { seq: delta.seq, error: String(error) });
      }
    }
    return delta;
  }

  /** Runs inside the IMMEDIATE transaction: validate everything, then write. */
  private write(findings: Findings, options: WriteOptions): Touched {
    const s = this.statements;
    const now = options.now ?? this.clock.now();
    const sourceName = options.source.name;
    const handler = options.handler ?? '';
    const pending = this.collectEntities(findings);
    const edges = this.collectEdges(findings, options.source, pending);
    const monitored = options.markMonitored === undefined ? undefined : this.resolveId(options.markMonitored);
    if (monitored !== undefined) {
      this.requireEntity(monitored, pending, () => `cannot mark ${monitored} monitored: it does not exist`);
    }

    const touched: Touched = { entities: new Map(), edges: new Map(), merged: [] };

    // One lookup for the whole write: new entities are inserted without probing the store each.
    const storedContent = new Map<string, string>();
    for (const row of s.storedContents.all(JSON.stringify([...pending.keys()]))) {
      storedContent.set(row.id, row.content);
    }
    for (const [id, entity] of pending) {
      const known = storedContent.get(id);
      if (known === undefined && this.insertEntity(id, entity, sourceName, handler, now, touched)) {
        continue;
      }
      const stored = known ?? s.selectEntity.get(id)?.content ?? '{}';
      const merged = JSON.stringify(mergeFields(JSON.parse(stored) as Fields, entity.replace, entity.fill));
      const newTag = this.upsertTag(id, SOURCE_TAG, sourceName, handler, now);
      if (merged !== stored) {
        s.updateEntity.run(merged, now, id);
      } else if (newTag) {
        s.touchEntity.run(now, id);
      }
      if (merged !== stored || newTag) {
        touched.entities.set(id, undefined);
      }
    }

    const storedProperties = new Map<string, string>();
    for (const row of s.storedProperties.all(JSON.stringify(edges.map((edge) => edge.id)))) {
      storedProperties.set(row.id, row.properties);
    }
    for (const edge of edges) {
      this.writeEdge(edge, storedProperties, now, touched);
    }

    if (monitored !== undefined && this.upsertTag(monitored, MONITORED_TAG, sourceName, handler, now)) {
      s.touchEntity.run(now, monitored);
      touched.entities.set(monitored, undefined);
    }

    this.mergeOrganizations(edges, now, touched);

    if (touched.entities.size > 0 || touched.edges.size > 0 || touched.merged.length > 0) {
      s.setMeta.run(SEQ_KEY, String(this.seq + 1));
      for (const [id, entity] of touched.entities) {
        if (entity === undefined) {
          touched.entities.set(id, this.findEntity(id));
        }
      }
      for (const [id, edge] of touched.edges) {
        if (edge === undefined) {
          touched.edges.set(id, this.findEdge(id));
        }
      }
    }
    return touched;
  }

  /** Inserts a new entity with its source tag and delta DTO; false when it was stored already. */
  private insertEntity(
    id: EntityId,
    entity: PendingEntity,
    sourceName: string,
    handler: string,
    now: number,
    touched: Touched,
  ): boolean {
    const s = this.statements;
    const fields = mergeFields({}, entity.replace, entity.fill);
    if (s.insertEntity.run(id, entity.type, JSON.stringify(fields), now, now).changes !== 1) {
      return false;
    }
    s.insertTag.run(id, SOURCE_TAG, sourceName, handler, now, now);
    const stamp = iso(now);
    const tag: EntityTag = { name: SOURCE_TAG, value: sourceName, createdAt: stamp, updatedAt: stamp };
    if (handler !== '') {
      tag.handler = handler;
    }
    touched.entities.set(id, {
      id,
      type: entity.type,
      asset: fields,
      tags: [tag],
      createdAt: stamp,
      updatedAt: stamp,
    } as unknown as Entity);
    return true;
  }

  /** Validates the findings' entities and folds duplicates (and merged-away ids) together. */
  private collectEntities(findings: Findings): Map<EntityId, PendingEntity> {
    const pending = new Map<EntityId, PendingEntity>();
    for (const item of findings.entities) {
      if (!isAssetType(item.type)) {
        throw new InvalidFindingsError(`unknown asset type ${String(item.type)}`);
      }
      let id: EntityId;
      try {
        id = entityIdOf(item.type, item.asset);
      } catch (error) {
        throw new InvalidFindingsError(error instanceof Error ? error.message : String(error));
      }
      const survivor = this.resolveId(id);
      const fields = compact(item.asset);
      const existing = pending.get(survivor);
      if (survivor !== id) {
        // A merged-away asset seen again: it may complete the survivor, never overwrite it.
        if (existing === undefined) {
          pending.set(survivor, { type: item.type, replace: {}, fill: fields });
        } else {
          existing.fill = mergeFields(fields, existing.fill, {});
        }
      } else if (existing === undefined) {
        pending.set(id, { type: item.type, replace: fields, fill: {} });
      } else {
        existing.replace = mergeFields(existing.replace, fields, {});
      }
    }
    return pending;
  }

  private collectEdges(
    findings: Findings,
    defaultSource: SourceRef,
    pending: Map<EntityId, PendingEntity>,
  ): PendingEdge[] {
    const edges: PendingEdge[] = [];
    for (const finding of findings.edges) {
      const from = this.resolveId(finding.from);
      const to = this.resolveId(finding.to);
      const relation = finding.relation.toLowerCase();
      const fromType = typeOfId(from);
      const toType = typeOfId(to);
      const triple = `${fromType ?? from} -${relation}-> ${toType ?? to}`;
      if (fromType === undefined || toType === undefined || !isValidRelation(fromType, relation, toType)) {
        throw new InvalidRelationError(
          `relation ${triple} is not in the OAM taxonomy (edge ${finding.from} -> ${finding.to})`,
        );
      }
      if (from === to) {
        throw new InvalidRelationError(`relation ${triple} links ${from} to itself`);
      }
      for (const end of [from, to]) {
        this.requireEntity(end, pending, () => `relation ${triple}: entity ${end} does not exist`);
      }
      edges.push({
        id: edgeIdOf(from, relation, to),
        from,
        to,
        relation,
        properties: finding.properties === undefined ? {} : (compact(finding.properties) as EdgeProperties),
        source: finding.source ?? defaultSource,
      });
    }
    return edges;
  }

  private requireEntity(id: EntityId, pending: Map<EntityId, PendingEntity>, message: () => string): void {
    if (!pending.has(id) && this.statements.entityExists.get(id) === undefined) {
      throw new InvalidRelationError(message());
    }
  }

  /** Adds the tag or refreshes its time; true when it is new. */
  private upsertTag(id: EntityId, name: string, value: string, handler: string, now: number): boolean {
    // Refresh first: on a known entity the tag is usually there already.
    if (this.statements.refreshTag.run(now, id, name, value, handler).changes === 1) {
      return false;
    }
    this.statements.insertTag.run(id, name, value, handler, now, now);
    return true;
  }

  /** `storedProperties`: edge id -> stored properties, kept current through the write. */
  private writeEdge(
    edge: PendingEdge,
    storedProperties: Map<string, string>,
    now: number,
    touched: Touched,
  ): void {
    const s = this.statements;
    const known = storedProperties.get(edge.id);
    if (known === undefined) {
      const properties = JSON.stringify(edge.properties);
      if (s.insertEdge.run(edge.id, edge.from, edge.to, edge.relation, properties, now, now).changes === 1) {
        storedProperties.set(edge.id, properties);
        this.addEdge(edge, now, touched);
        return;
      }
    }
    const stored = known ?? s.selectEdgeProperties.get(edge.id) ?? '{}';
    const merged = JSON.stringify(mergeFields(JSON.parse(stored) as Fields, edge.properties, {}));
    if (merged !== stored) {
      s.updateEdge.run(merged, now, now, edge.id);
      storedProperties.set(edge.id, merged);
    } else {
      s.touchEdge.run(now, edge.id);
    }
    let changed = merged !== stored;
    // Usually the same source with the same confidence: one refresh, no read.
    if (s.refreshSameSource.run(now, edge.id, edge.source.name, edge.source.confidence).changes !== 1) {
      s.upsertSource.run(edge.id, edge.source.name, edge.source.confidence, now, now);
      changed = true;
    }
    if (changed) {
      touched.edges.set(edge.id, undefined);
    }
  }

  /** The new edge's first source, and its delta DTO from the written values. */
  private addEdge(edge: PendingEdge, now: number, touched: Touched): void {
    this.statements.insertSource.run(edge.id, edge.source.name, edge.source.confidence, now, now);
    const stamp = iso(now);
    touched.edges.set(edge.id, {
      id: edge.id,
      from: edge.from,
      to: edge.to,
      relation: edge.relation,
      sources: [
        { name: edge.source.name, confidence: edge.source.confidence, createdAt: stamp, updatedAt: stamp },
      ],
      properties: { ...edge.properties },
      createdAt: stamp,
      updatedAt: stamp,
    });
  }

  /**
   * Organizations that come to hold an `id` edge to the same LEI are one organization: the newer
   * (later created, then larger id) folds into the older. Merging can give the survivor more
   * LEIs, so their holders are checked in turn.
   */
  private mergeOrganizations(edges: PendingEdge[], now: number, touched: Touched): void {
    const s = this.statements;
    const queue: EntityId[] = [];
    for (const edge of edges) {
      if (
        edge.relation === 'id' &&
        edge.from.startsWith('Organization:') &&
        edge.to.startsWith('Identifier:')
      ) {
        queue.push(edge.to);
      }
    }
    const checked = new Set<EntityId>();
    while (queue.length > 0) {
      const identifier = queue.pop() as EntityId;
      if (checked.has(identifier)) {
        continue;
      }
      checked.add(identifier);
      const row = s.selectEntity.get(identifier);
      if (row === undefined || (JSON.parse(row.content) as Fields).id_type !== 'lei') {
        continue;
      }
      const [survivor, ...newer] = s.organizationsHolding.all(identifier);
      if (survivor === undefined || newer.length === 0) {
        continue;
      }
      for (const organization of newer) {
        this.mergeEntity(organization, survivor, now, touched);
      }
      for (const held of s.identifiersOf.all(survivor)) {
        checked.delete(held);
        queue.push(held);
      }
      checked.add(identifier);
    }
  }

  private mergeEntity(from: EntityId, into: EntityId, now: number, touched: Touched): void {
    const s = this.statements;
    for (const edge of s.edgesTouching.all(from, from)) {
      touched.edges.delete(edge.id);
      const edgeFrom = edge.from_id === from ? into : edge.from_id;
      const edgeTo = edge.to_id === from ? into : edge.to_id;
      if (edgeFrom !== edgeTo) {
        const id = edgeIdOf(edgeFrom, edge.relation, edgeTo);
        const existing = s.selectEdge.get(id);
        if (existing === undefined) {
          s.insertEdge.run(
            id,
            edgeFrom,
            edgeTo,
            edge.relation,
            edge.properties,
            edge.created_at,
            edge.updated_at,
          );
        } else {
          const properties = mergeFields(
            JSON.parse(existing.properties) as Fields,
            {},
            JSON.parse(edge.properties) as Fields,
          );
          s.updateEdge.run(JSON.stringify(properties), edge.created_at, edge.updated_at, id);
        }
        s.copySources.run(id, edge.id);
        touched.edges.set(id, undefined);
      }
      // An edge between the two merged organizations would become a loop: it is dropped.
      s.deleteEdge.run(edge.id);
    }
    s.copyTags.run(into, from);
    const survivor = s.selectEntity.get(into);
    const merged = s.selectEntity.get(from);
    if (survivor !== undefined && merged !== undefined) {
      const fields = mergeFields(
        JSON.parse(survivor.content) as Fields,
        {},
        JSON.parse(merged.content) as Fields,
      );
      s.updateEntity.run(JSON.stringify(fields), now, into);
    }
    s.movePosition.run(into, from);
    s.deletePosition.run(from);
    s.deleteEntity.run(from);
    s.redirectMerges.run(into, from);
    s.insertMerge.run(from, into, now);
    touched.entities.delete(from);
    touched.entities.set(into, undefined);
    touched.merged.push({ from, into });
  }

  onDelta(listener: (delta: GraphDelta) => void): () => void {
    const wrapped = (delta: GraphDelta): void => listener(delta);
    this.listeners.add(wrapped);
    return () => {
      this.listeners.delete(wrapped);
    };
  }

  resolveId(id: EntityId): EntityId {
    return this.mergedInto.get(id) ?? id;
  }

  // ---- reads ----

  findEntity(id: EntityId): Entity | undefined {
    const row = this.statements.selectEntity.get(id);
    return row === undefined ? undefined : entityOf(row, this.statements.selectTags.all(id).map(tagOf));
  }

  private findEdge(id: EdgeId): Edge | undefined {
    const row = this.statements.selectEdge.get(id);
    return row === undefined ? undefined : this.edgeWithSources(row);
  }

  private edgeWithSources(row: EdgeRow): Edge {
    return edgeOf(row, this.statements.selectSources.all(row.id).map(sourceOf));
  }

  outgoing(id: EntityId, query: EdgeQuery = {}): Neighbour[] {
    return this.neighbours(this.statements.outgoing.all(this.filterOf(id, query)), 'to_id');
  }

  incoming(id: EntityId, query: EdgeQuery = {}): Neighbour[] {
    return this.neighbours(this.statements.incoming.all(this.filterOf(id, query)), 'from_id');
  }

  private filterOf(id: EntityId, query: EdgeQuery): EdgeFilter {
    return {
      id,
      relations:
        query.relations === undefined
          ? null
          : JSON.stringify(query.relations.map((relation) => relation.toLowerCase())),
      source: query.source ?? null,
      since: query.since ?? null,
    };
  }

  private neighbours(rows: EdgeRow[], other: 'from_id' | 'to_id'): Neighbour[] {
    const result: Neighbour[] = [];
    for (const row of rows) {
      const entity = this.findEntity(row[other]);
      if (entity !== undefined) {
        result.push({ edge: this.edgeWithSources(row), entity });
      }
    }
    return result;
  }

  isMonitoredSince(id: EntityId, source: string, handler: string, since: number): boolean {
    return (
      this.statements.isMonitored.get(this.resolveId(id), MONITORED_TAG, source, handler, since) !== undefined
    );
  }

  snapshot(): GraphSnapshot {
    const read = this.db.transaction(() => {
      const tags = groupBy(this.statements.allTags.all(), (row) => row.entity_id);
      const sources = groupBy(this.statements.allSources.all(), (row) => row.edge_id);
      return {
        seq: this.seq,
        entities: this.statements.allEntities
          .all()
          .map((row) => entityOf(row, (tags.get(row.id) ?? []).map(tagOf))),
        edges: this.statements.allEdges
          .all()
          .map((row) => edgeOf(row, (sources.get(row.id) ?? []).map(sourceOf))),
      };
    });
    return read.deferred();
  }

  stats(): GraphStats {
    const entitiesByType: GraphStats['entitiesByType'] = {};
    let entities = 0;
    for (const row of this.statements.countByType.all()) {
      if (isAssetType(row.type)) {
        entitiesByType[row.type] = row.count;
      }
      entities += row.count;
    }
    const edgesByRelation: GraphStats['edgesByRelation'] = {};
    let edges = 0;
    for (const row of this.statements.countByRelation.all()) {
      edgesByRelation[row.relation] = row.count;
      edges += row.count;
    }
    return { entities, edges, entitiesByType, edgesByRelation };
  }

  exportJson(): GraphExport {
    const snapshot = this.snapshot();
    return {
      entities: snapshot.entities.map((entity) => ({
        id: entity.id,
        type: entity.type,
        asset: entity.asset,
        tags: entity.tags,
      })),
      edges: snapshot.edges.map((edge) => ({
        id: edge.id,
        from: edge.from,
        to: edge.to,
        relation: edge.relation,
        sources: edge.sources.map((source) => ({ name: source.name, confidence: source.confidence })),
        properties: edge.properties,
      })),
    };
  }

  getMeta(key: string): string | undefined {
    return this.statements.getMeta.get(key);
  }

  setMeta(key: string, value: string): void {
    if (key === SEQ_KEY) {
      throw new Error(`meta key ${SEQ_KEY} is owned by the graph store`);
    }
    this.statements.setMeta.run(key, value);
  }

  savePositions(positions: Record<EntityId, { x: number; y: number }>): void {
    this.db.transaction(() => {
      for (const [id, { x, y }] of Object.entries(positions)) {
        this.statements.savePosition.run(id, x, y);
      }
    })();
  }

  loadPositions(): Record<EntityId, { x: number; y: number }> {
    const positions: Record<EntityId, { x: number; y: number }> = {};
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

  close(): void {
    this.listeners.clear();
    if (this.db.open) {
      this.db.close();
    }
  }
}
