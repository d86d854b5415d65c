/**
 * Undo by provenance: takes back what one session contributed, from the `write_log` rows its
 * writes left (write.ts). What another session or source also confirms stays; changed fields get
 * their before-image back. Runs inside the store's write transaction (store.ts).
 */
import type Database from 'better-sqlite3';
import { prepareAnnotationStatements, undoAnnotations } from './annotations';
import { unmerge, type MergeImage } from './manual-merge';
import { SOURCE_TAG, type UndoSummary } from '../case-graph';
import { EngineError } from '../../util/engine-error';
import { CONFIRMED_SOURCE, CONFIRMED_TAG } from './write';
import { forgetInMergeImages } from './undo-merged';

interface LogRow {
  rowid: number;
  at: number;
  kind: string;
  target: string;
  detail: string;
}

/** A session id that no session of the case has (nothing to undo is an error, not a no-op). */
export class UnknownSessionError extends EngineError {
  override readonly name = 'UnknownSessionError';
  constructor(message: string, options?: ErrorOptions) {
    super('unknown_session', message, options);
  }
}

/**
 * Removes what only `session` contributed and restores what it changed. A tag or edge source the
 * session added is kept when it was confirmed after the session's last write (by a later run of
 * the same source); an entity it created is kept while any `source` tag remains, an edge it
 * created while any source remains. Before-images are restored oldest first per row, so a row the
 * session changed twice gets the value it had before the session.
 */
export function undoSessionWrites(db: Database.Database, session: string, seq: number): UndoSummary {
  const known = db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(session) !== undefined;
  const rows = db
    .prepare<[string], LogRow>(
      'SELECT rowid, at, kind, target, detail FROM write_log WHERE session = ? ORDER BY rowid',
    )
    .all(session);
  if (!known && rows.length === 0) {
    throw new UnknownSessionError(`no session ${session} in this case`);
  }
  const heirs = heirsOf(db, session);
  const summary: UndoSummary = {
    session,
    entitiesRemoved: 0,
    edgesRemoved: 0,
    fieldsRestored: 0,
    entitiesRestored: 0,
    changedEntities: [],
    changedEdges: [],
  };
  const changedEntities = new Set<string>();
  const changedEdges = new Set<string>();
  const restoredFields = new Set<string>();
  const restoredProperties = new Set<string>();

  // What this session created that a later merge folded away lives on in that merge's image.
  forgetInMergeImages(db, session, rows);

  // Manual merges first, newest first: the rows they folded come back before anything else runs.
  for (const row of [...rows].reverse()) {
    if (row.kind === 'merge') {
      const image = JSON.parse(row.detail) as MergeImage;
      unmerge(db, image, seq);
      summary.entitiesRestored += 1;
    }
  }

  for (const row of rows) {
    switch (row.kind) {
      case 'source': {
        const { name, before } = JSON.parse(row.detail) as { name: string; before?: number };
        if (before === undefined) {
          if (!heirs.handSource(row.target, name)) {
            db.prepare('DELETE FROM edge_sources WHERE edge_id = ? AND name = ?').run(row.target, name);
          }
        } else {
          db.prepare('UPDATE edge_sources SET confidence = ? WHERE edge_id = ? AND name = ?').run(
            before,
            row.target,
            name,
          );
        }
        changedEdges.add(row.target);
        break;
      }
      case 'properties':
        if (!restoredProperties.has(row.target)) {
          restoredProperties.add(row.target);
          db.prepare('UPDATE edges SET properties = ? WHERE id = ?').run(row.detail, row.target);
          changedEdges.add(row.target);
        }
        break;
      case 'tag': {
        if (!heirs.handTag(row.target, row.detail)) {
          const [name, value, handler] = JSON.parse(row.detail) as [string, string, string];
          db.prepare(
            'DELETE FROM entity_tags WHERE entity_id = ? AND name = ? AND value = ? AND handler = ?',
          ).run(row.target, name, value, handler);
        }
        changedEntities.add(row.target);
        break;
      }
      case 'fields':
        if (!restoredFields.has(row.target)) {
          restoredFields.add(row.target);
          db.prepare('UPDATE entities SET content = ? WHERE id = ?').run(row.detail, row.target);
          changedEntities.add(row.target);
          summary.fieldsRestored += 1;
        }
        break;
      default:
        break;
    }
  }

  // Rows the session created go when nothing else confirms them any more.
  for (const row of rows) {
    if (row.kind === 'edge') {
      const orphan = db
        .prepare(
          'DELETE FROM edges WHERE id = ? AND NOT EXISTS (SELECT 1 FROM edge_sources WHERE edge_id = ?)',
        )
        .run(row.target, row.target);
      summary.edgesRemoved += orphan.changes;
      if (orphan.changes === 0) {
        heirs.handRow(row.rowid, row.target, ['source']);
      }
    }
  }
  for (const row of rows) {
    if (row.kind === 'entity') {
      const unconfirmed =
        db
          .prepare('SELECT 1 FROM entity_tags WHERE entity_id = ? AND name = ?')
          .get(row.target, SOURCE_TAG) === undefined;
      if (unconfirmed) {
        const edges = db
          .prepare('SELECT count(*) AS n FROM edges WHERE from_id = ? OR to_id = ?')
          .get(row.target, row.target) as { n: number };
        summary.edgesRemoved += edges.n;
        db.prepare('DELETE FROM positions WHERE entity_id = ?').run(row.target);
        summary.entitiesRemoved += db.prepare('DELETE FROM entities WHERE id = ?').run(row.target).changes;
        // Edges of a removed entity go with it (foreign keys cascade).
      } else {
        heirs.handRow(row.rowid, row.target, ['tag']);
      }
    }
  }
  // Notes and flags the session wrote (annotations.ts).
  const annotated = undoAnnotations(prepareAnnotationStatements(db), session);
  annotated.entities.forEach((id) => changedEntities.add(id));
  annotated.edges.forEach((id) => changedEdges.add(id));
  const stampEntity = db.prepare('UPDATE entities SET seq = ? WHERE id = ?');
  for (const id of changedEntities) {
    if (stampEntity.run(seq, id).changes === 1) {
      summary.changedEntities.push(id);
    }
  }
  const stampEdge = db.prepare('UPDATE edges SET seq = ? WHERE id = ?');
  for (const id of changedEdges) {
    if (stampEdge.run(seq, id).changes === 1) {
      summary.changedEdges.push(id);
    }
  }
  db.prepare('DELETE FROM write_log WHERE session = ?').run(session);
  db.prepare('DELETE FROM sessions WHERE id = ?').run(session);
  return summary;
}

/**
 * What another session still accounts for, and the hand-over: a tag, edge source, entity or edge
 * the undone session created stays when a session still in the case states it too (it confirmed
 * it again, or created it as well), and that session then holds it as its own, so undoing that
 * session later takes it away. The newest such session inherits.
 */
function heirsOf(db: Database.Database, session: string) {
  const claims = db.prepare<[string, string, string, string], { rowid: number }>(
    `SELECT rowid FROM write_log WHERE target = ? AND session <> ? AND kind IN (?, ?)
     ORDER BY rowid DESC`,
  );
  const rewrite = db.prepare('UPDATE write_log SET kind = ?, detail = ? WHERE rowid = ?');
  const move = db.prepare(
    'UPDATE write_log SET session = (SELECT session FROM write_log WHERE rowid = ?) WHERE rowid = ?',
  );
  return {
    handTag(entity: string, detail: string): boolean {
      const heir = claims
        .all(entity, session, 'tag', CONFIRMED_TAG)
        .find(
          (claim) =>
            db.prepare('SELECT detail FROM write_log WHERE rowid = ?').pluck().get(claim.rowid) === detail,
        );
      if (heir !== undefined) {
        rewrite.run('tag', detail, heir.rowid);
      }
      return heir !== undefined;
    },
    handSource(edge: string, name: string): boolean {
      const heir = claims.all(edge, session, 'source', CONFIRMED_SOURCE).find((claim) => {
        const detail = db.prepare('SELECT detail FROM write_log WHERE rowid = ?').pluck().get(claim.rowid);
        return (JSON.parse(String(detail)) as { name: string }).name === name;
      });
      if (heir !== undefined) {
        rewrite.run('source', JSON.stringify({ name }), heir.rowid);
      }
      return heir !== undefined;
    },
    /** Moves a kept entity's or edge's creation row to the newest session holding one of `kinds` on it. */
    handRow(rowid: number, target: string, kinds: readonly string[]): void {
      const [kind = '', other = kind] = kinds;
      const heir = claims.get(target, session, kind, other);
      if (heir !== undefined) {
        move.run(heir.rowid, rowid);
      }
    },
  };
}
