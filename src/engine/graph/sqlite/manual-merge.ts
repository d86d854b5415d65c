/**
 * "These two are the same": the investigator merges one entity into another (`cli merge`). The
 * merge is the rules' fold (merge.ts) recorded as a session of its own with a full before-image,
 * so `undo` of that session gives both entities back as they were.
 */
import type Database from 'better-sqlite3';
import { edgeIdOf, type EntityId } from '../../../shared/model/asset';
import { mergeEntity } from './merge';
import type { EdgeRow, EntityRow, MergeRow, SourceRow, TagRow } from './rows';
import { SOURCE_TAG } from '../case-graph';
import type { Stamp, Touched, WriteContext } from './write-context';
import { EngineError } from '../../util/engine-error';

/** The source a manual merge is attributed to (the seeds' attribution too). */
export const MANUAL_MERGE_SOURCE = 'Investigator';
const MERGE_HANDLER = 'merge';

interface EdgeImage {
  row: EdgeRow;
  sources: SourceRow[];
}

/** Everything a manual merge changes, as it was before: what its undo writes back. */
export interface MergeImage {
  from: EntityRow;
  fromTags: TagRow[];
  fromPosition: { x: number; y: number } | undefined;
  into: EntityRow;
  intoTags: TagRow[];
  /** The edges of `from` (deleted by the merge). */
  edges: EdgeImage[];
  /** The survivor's edges the merge wrote onto: id -> the edge before, or null when it was new. */
  targets: Record<string, EdgeImage | null>;
  /** Merges that pointed at `from` and were redirected to `into`. */
  redirected: MergeRow[];
  /**
   * Set when the session that created `from` was undone while it was folded away (undo-merged.ts):
   * undoing the merge then leaves `from` and its edges out.
   */
  dropped?: boolean;
}

/** A merge the case cannot do: unknown ids, one entity twice, or entities of different types. */
export class MergeRefusedError extends EngineError {
  override readonly name = 'MergeRefusedError';
  constructor(message: string, options?: ErrorOptions) {
    super('merge_refused', message, options);
  }
}

export function mergeManually(
  db: Database.Database,
  context: WriteContext,
  from: EntityId,
  into: EntityId,
  stamp: Stamp,
): { image: MergeImage; touched: Touched } {
  const s = context.statements;
  const fromRow = s.selectEntity.get(from);
  const intoRow = s.selectEntity.get(into);
  if (fromRow === undefined || intoRow === undefined) {
    throw new MergeRefusedError(`no entity ${fromRow === undefined ? from : into} in this case`);
  }
  if (from === into) {
    throw new MergeRefusedError(`cannot merge ${from} into itself`);
  }
  if (fromRow.type !== intoRow.type) {
    throw new MergeRefusedError(
      `cannot merge a ${fromRow.type} into a ${intoRow.type}: only entities of one type are the same`,
    );
  }
  const image = captureMergeImage(db, s, fromRow, intoRow);
  const touched: Touched = { entities: new Map(), edges: new Map(), merged: [] };
  mergeEntity(context, from, into, stamp, touched);
  s.insertTag.run(into, SOURCE_TAG, MANUAL_MERGE_SOURCE, MERGE_HANDLER, stamp.now, stamp.now);
  s.refreshTag.run(stamp.now, into, SOURCE_TAG, MANUAL_MERGE_SOURCE, MERGE_HANDLER);
  for (const [id, edge] of touched.edges) {
    if (edge === undefined) {
      s.stampEdge.run(stamp.seq, id);
    }
  }
  s.stampEntity.run(stamp.seq, into);
  return { image, touched };
}

/**
 * Everything folding `fromRow` into `intoRow` changes, as it is now: both entities and their
 * tags, the folded entity's edges and position, the survivor's edges the fold writes onto, and
 * merges that point at the folded entity. Used by manual merges and by the rules' merges inside a
 * session, so `undo` can write it back.
 */
export function captureMergeImage(
  db: Database.Database,
  s: WriteContext['statements'],
  fromRow: EntityRow,
  intoRow: EntityRow,
): MergeImage {
  const from = fromRow.id;
  const into = intoRow.id;
  const edges = s.edgesTouching.all(from, from).map((row) => imageOf(s, row));
  const targets: Record<string, EdgeImage | null> = {};
  for (const { row } of edges) {
    const edgeFrom = row.from_id === from ? into : row.from_id;
    const edgeTo = row.to_id === from ? into : row.to_id;
    if (edgeFrom !== edgeTo) {
      const id = edgeIdOf(edgeFrom, row.relation, edgeTo);
      const existing = s.selectEdge.get(id);
      targets[id] = existing === undefined ? null : imageOf(s, existing);
    }
  }
  const position = db
    .prepare<[string], { x: number; y: number }>('SELECT x, y FROM positions WHERE entity_id = ?')
    .get(from);
  return {
    from: fromRow,
    fromTags: s.selectTags.all(from),
    fromPosition: position,
    into: intoRow,
    intoTags: s.selectTags.all(into),
    edges,
    targets,
    redirected: db
      .prepare<[string], MergeRow>('SELECT from_id, into_id FROM merges WHERE into_id = ?')
      .all(from),
  };
}

function imageOf(s: WriteContext['statements'], row: EdgeRow): EdgeImage {
  return { row, sources: s.selectSources.all(row.id) };
}

/** Writes a manual merge's before-image back: both entities, their tags, edges and merges. */
export function unmerge(db: Database.Database, image: MergeImage, seq: number): void {
  const from = image.from.id;
  const into = image.into.id;
  db.prepare('DELETE FROM merges WHERE from_id = ?').run(from);
  const restoreMerge = db.prepare('UPDATE merges SET into_id = ?, seq = ? WHERE from_id = ?');
  for (const merge of image.redirected) {
    restoreMerge.run(merge.into_id, seq, merge.from_id);
  }
  for (const [id, before] of Object.entries(image.targets)) {
    db.prepare('DELETE FROM edges WHERE id = ?').run(id);
    if (before !== null) {
      insertEdge(db, before, seq);
    }
  }
  const { from: row } = image;
  if (image.dropped !== true) {
    db.prepare(
      'INSERT INTO entities (id, type, content, created_at, updated_at, seq) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(row.id, row.type, row.content, row.created_at, row.updated_at, seq);
  }
  db.prepare('UPDATE entities SET content = ?, updated_at = ?, seq = ? WHERE id = ?').run(
    image.into.content,
    image.into.updated_at,
    seq,
    into,
  );
  db.prepare('DELETE FROM entity_tags WHERE entity_id = ?').run(into);
  const insertTag = db.prepare(
    `INSERT INTO entity_tags (entity_id, name, value, handler, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const tag of [...(image.dropped === true ? [] : image.fromTags), ...image.intoTags]) {
    insertTag.run(tag.entity_id, tag.name, tag.value, tag.handler, tag.created_at, tag.updated_at);
  }
  if (image.fromPosition !== undefined && image.dropped !== true) {
    db.prepare('INSERT OR REPLACE INTO positions (entity_id, x, y) VALUES (?, ?, ?)').run(
      from,
      image.fromPosition.x,
      image.fromPosition.y,
    );
  }
  for (const edge of image.edges) {
    insertEdge(db, edge, seq);
  }
  // Either entity whose every source was undone since the merge (undo-merged.ts) goes, as its
  // own undo would have taken it had it not been merged: nothing in the case accounts for it.
  const unsourced = db.prepare(
    'DELETE FROM entities WHERE id = ? AND NOT EXISTS (SELECT 1 FROM entity_tags WHERE entity_id = ? AND name = ?)',
  );
  for (const id of [from, into]) {
    if (unsourced.run(id, id, SOURCE_TAG).changes === 1) {
      db.prepare('DELETE FROM positions WHERE entity_id = ?').run(id);
    }
  }
}

function insertEdge(db: Database.Database, { row, sources }: EdgeImage, seq: number): void {
  // An end undone since the merge (its session taken back) takes the edge with it, as it would have.
  const exists = db.prepare('SELECT 1 FROM entities WHERE id = ?');
  if (exists.get(row.from_id) === undefined || exists.get(row.to_id) === undefined) {
    return;
  }
  db.prepare(
    `INSERT OR REPLACE INTO edges (id, from_id, to_id, relation, properties, created_at, updated_at, seq)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(row.id, row.from_id, row.to_id, row.relation, row.properties, row.created_at, row.updated_at, seq);
  db.prepare('DELETE FROM edge_sources WHERE edge_id = ?').run(row.id);
  const insertSource = db.prepare(
    'INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  for (const source of sources) {
    insertSource.run(row.id, source.name, source.confidence, source.created_at, source.updated_at);
  }
}
