/**
 * Refresh and diff on the write path (docs/changes.md). A complete answer of a source's handler
 * about a subject (a write that marks the subject monitored) states a set of edges; the store
 * keeps that set. When the next complete answer leaves an edge out and no other answer of that
 * source states it any more, the source's attribution on the edge is marked no longer confirmed
 * (with the run and time), never deleted; an edge stated again is confirmed again. Every write of
 * a run also keeps change records: entities and edges added, edges gone, fields and edge
 * properties changed with their earlier value. Both backends get this from the one write path (a
 * team case replays its writes through this store).
 */
import type { EdgeId, EntityId } from '../../../shared/model/asset';
import type { RecordedChange } from '../../../shared/model/changes';
import type { Fields } from '../fields';
import type { ChangeRow } from './rows';
import type { Statements } from './statements';
import type { Touched } from './write-context';

export interface ChangeLog {
  added(kind: 'entity' | 'edge', id: string, source: string): void;
  gone(edge: EdgeId, source: string): void;
  changed(kind: 'entity' | 'edge', id: string, before: Fields, after: Fields, source: string): void;
}

/** The change records of one write; writes outside a run (imports, tests) keep none. */
export function changeLog(s: Statements, session: string | undefined, now: number): ChangeLog {
  if (session === undefined) {
    return { added: () => undefined, gone: () => undefined, changed: () => undefined };
  }
  const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));
  return {
    added: (kind, id, source) => {
      s.recordChange.run(
        session,
        now,
        'added',
        kind === 'entity' ? id : null,
        kind === 'edge' ? id : null,
        null,
        null,
        null,
        source,
      );
    },
    gone: (edge, source) => {
      s.recordChange.run(session, now, 'gone', null, edge, null, null, null, source);
    },
    changed: (kind, id, before, after, source) => {
      for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
        const was = json(before[field]);
        const is = json(after[field]);
        if (was !== is) {
          s.recordChange.run(
            session,
            now,
            'changed',
            kind === 'entity' ? id : null,
            kind === 'edge' ? id : null,
            field,
            was,
            is,
            source,
          );
        }
      }
    },
  };
}

/**
 * Records what one complete answer stated and marks what the source no longer states anywhere;
 * returns nothing, adding the edges whose attribution changed to `touched` (read back whole).
 */
export function restateAnswer(
  s: Statements,
  answer: {
    subject: EntityId;
    source: string;
    handler: string;
    edges: readonly EdgeId[];
    session: string | undefined;
    now: number;
  },
  touched: Touched,
  log: ChangeLog,
): void {
  const { subject, source, handler } = answer;
  const stated = new Set(answer.edges);
  for (const edge of s.statedBy.all(subject, source, handler)) {
    if (stated.has(edge)) {
      continue;
    }
    s.unstate.run(subject, source, handler, edge);
    if (
      s.stillStated.get(edge, source) === undefined &&
      s.markGone.run(answer.now, answer.session ?? '', edge, source).changes === 1
    ) {
      log.gone(edge, source);
      touched.edges.set(edge, undefined);
    }
  }
  for (const edge of stated) {
    s.state.run(subject, source, handler, edge);
    if (s.clearGone.run(edge, source).changes === 1) {
      log.added('edge', edge, source);
      touched.edges.set(edge, undefined);
    }
  }
}

/** Every change record the case keeps, oldest first. */
export function changeRecordsOf(s: Statements): RecordedChange[] {
  return s.allChanges.all().map(recordOf);
}

function recordOf(row: ChangeRow): RecordedChange {
  const record: RecordedChange = {
    change: row.change as RecordedChange['change'],
    session: row.session,
    at: new Date(row.at).toISOString(),
  };
  if (row.entity !== null) record.entity = row.entity;
  if (row.edge !== null) record.edge = row.edge;
  if (row.field !== null) record.field = row.field;
  if (row.before !== null) record.before = JSON.parse(row.before) as unknown;
  if (row.after !== null) record.after = JSON.parse(row.after) as unknown;
  if (row.source !== null) record.source = row.source;
  return record;
}
