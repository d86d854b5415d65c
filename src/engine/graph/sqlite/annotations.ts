/**
 * Notes and flags in a case file (schema step 5, docs/notes-and-flags.md): written by the one
 * write path (`Findings.annotations`), read onto the entities and edges they belong to, taken
 * back by undo with the session that wrote them. A team case replays the same writes into its
 * replica, so both backends keep them alike.
 */
import type Database from 'better-sqlite3';
import type { Annotated, Flag, Note } from '../../../shared/model/annotation';
import type { Edge, Entity } from '../../../shared/model/graph';
import type { AnnotationFinding } from '../findings';
import { iso } from './rows';
import { EngineError } from '../../util/engine-error';

interface AnnotationRow {
  target: string;
  kind: 'note' | 'flag';
  text: string;
  author: string;
  created_at: number;
}

/** A note or flag for an id that is neither an entity nor an edge of the case. */
export class UnknownAnnotationTargetError extends EngineError {
  override readonly name = 'UnknownAnnotationTargetError';
  constructor(message: string, options?: ErrorOptions) {
    super('unknown_annotation_target', message, options);
  }
}

export function prepareAnnotationStatements(db: Database.Database) {
  const columns = 'target, kind, text, author, created_at';
  return {
    insertAnnotation: db.prepare<[string, string, string, string, string, number, string | null]>(
      `INSERT INTO annotations (target, target_kind, kind, text, author, created_at, session)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    annotationsOf: db.prepare<[string], AnnotationRow>(
      `SELECT ${columns} FROM annotations WHERE target = ? ORDER BY id`,
    ),
    allAnnotations: db.prepare<[], AnnotationRow>(`SELECT ${columns} FROM annotations ORDER BY id`),
    annotationTargetsOfSession: db.prepare<[string], { target: string; target_kind: 'entity' | 'edge' }>(
      'SELECT DISTINCT target, target_kind FROM annotations WHERE session = ?',
    ),
    deleteSessionAnnotations: db.prepare<[string]>('DELETE FROM annotations WHERE session = ?'),
    edgeExists: db.prepare<[string], number>('SELECT 1 FROM edges WHERE id = ?').pluck(),
  };
}

type AnnotationStatements = ReturnType<typeof prepareAnnotationStatements>;

interface WriteTarget {
  statements: AnnotationStatements & { entityExists: { get(id: string): unknown } };
  resolveId(id: string): string;
}

/**
 * Stores each note and flag; returns the entities and edges they changed. Throws
 * UnknownAnnotationTargetError (the write's transaction then stores nothing) for an unknown id.
 */
export function writeAnnotations(
  context: WriteTarget,
  annotations: readonly AnnotationFinding[],
  now: number,
  session: string | undefined,
): { entities: string[]; edges: string[] } {
  const s = context.statements;
  const changed = { entities: new Set<string>(), edges: new Set<string>() };
  for (const annotation of annotations) {
    const entityId = context.resolveId(annotation.target);
    const kind =
      s.entityExists.get(entityId) !== undefined
        ? 'entity'
        : s.edgeExists.get(annotation.target) !== undefined
          ? 'edge'
          : undefined;
    if (kind === undefined) {
      throw new UnknownAnnotationTargetError(`no entity or edge ${annotation.target} in this case`);
    }
    const target = kind === 'entity' ? entityId : annotation.target;
    if (annotation.note !== undefined) {
      s.insertAnnotation.run(target, kind, 'note', annotation.note, annotation.author, now, session ?? null);
    }
    if (annotation.flag !== undefined) {
      s.insertAnnotation.run(target, kind, 'flag', annotation.flag, annotation.author, now, session ?? null);
    }
    (kind === 'entity' ? changed.entities : changed.edges).add(target);
  }
  return { entities: [...changed.entities], edges: [...changed.edges] };
}

/** Removes what `session` annotated; returns the targets whose notes or flag changed. */
export function undoAnnotations(
  s: AnnotationStatements,
  session: string,
): { entities: string[]; edges: string[] } {
  const targets = s.annotationTargetsOfSession.all(session);
  s.deleteSessionAnnotations.run(session);
  return {
    entities: targets.filter((row) => row.target_kind === 'entity').map((row) => row.target),
    edges: targets.filter((row) => row.target_kind === 'edge').map((row) => row.target),
  };
}

/** Notes oldest first, and the latest flag unless it was `none`. */
function annotatedOf(rows: readonly AnnotationRow[]): Annotated {
  const notes: Note[] = [];
  let flag: Flag | undefined;
  for (const row of rows) {
    if (row.kind === 'note') {
      notes.push({ text: row.text, author: row.author, createdAt: iso(row.created_at) });
    } else {
      flag =
        row.text === 'none'
          ? undefined
          : { name: row.text as Flag['name'], author: row.author, createdAt: iso(row.created_at) };
    }
  }
  const result: Annotated = {};
  if (notes.length > 0) result.notes = notes;
  if (flag !== undefined) result.flag = flag;
  return result;
}

/** The element with its notes and flag (unchanged when it has none). */
export function withAnnotations<T extends Entity | Edge>(
  item: T,
  rows: readonly AnnotationRow[] | undefined,
): T {
  if (rows === undefined || rows.length === 0) {
    return item;
  }
  return { ...item, ...annotatedOf(rows) };
}

/** Every annotation of the case by target, for whole-graph reads. */
export function annotationsByTarget(s: AnnotationStatements): Map<string, AnnotationRow[]> {
  const byTarget = new Map<string, AnnotationRow[]>();
  for (const row of s.allAnnotations.all()) {
    const list = byTarget.get(row.target);
    if (list === undefined) byTarget.set(row.target, [row]);
    else list.push(row);
  }
  return byTarget;
}

export function annotationsOf(s: AnnotationStatements, target: string): AnnotationRow[] {
  return s.annotationsOf.all(target);
}
