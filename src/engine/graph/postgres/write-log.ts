/**
 * A team case's log of committed writes (schema.ts, `trace_graph_writes`): the SQL that reads and
 * appends it, and the replay of one logged write into a client's local replica. Every write's
 * input is stored whole (an apply's write time included), so replaying the log gives every member
 * the same graph with the SQLite store's own write path.
 */
import type pg from 'pg';
import type { GraphDelta } from '../../../shared/model/graph';
import type { EntityId } from '../../../shared/model/asset';
import type { Positions, UndoSummary } from '../case-graph';
import type { SqliteCaseGraph } from '../case-file';
import type { Findings } from '../findings';
import type { SessionRecord, WriteOptions } from '../types';

export const NOTIFY_CHANNEL = 'trace_graph_writes';

export type WriteKind = 'apply' | 'meta' | 'positions' | 'session' | 'undo' | 'merge';

export interface LoggedWrite {
  write_no: string;
  seq: string;
  kind: WriteKind;
  payload: unknown;
}

export interface ApplyPayload {
  findings: Findings;
  options: WriteOptions & { now: number };
}

/** An undo as logged: the session it takes back (undo draws no time and no id of its own). */
export interface UndoPayload {
  session: string;
}

/**
 * A manual merge as logged: the ids as the investigator gave them, with the session id and time
 * drawn once by the member who merged, so every replay records the same session.
 */
export interface MergePayload {
  from: EntityId;
  into: EntityId;
  session: string;
  now: number;
}

/** What replaying one logged write did on the replica. */
export interface Replayed {
  /** The write's delta, when it produced one (an apply or a merge). */
  delta?: GraphDelta;
  /** What an undo took back. */
  undone?: UndoSummary;
}

/** The case's writes after `lastWrite`, in order. */
export async function writesAfter(
  client: pg.Client,
  caseName: string,
  lastWrite: number,
): Promise<LoggedWrite[]> {
  const result = await client.query<LoggedWrite>(
    'SELECT write_no, seq, kind, payload FROM trace_graph_writes WHERE case_name = $1 AND write_no > $2 ORDER BY write_no',
    [caseName, lastWrite],
  );
  return result.rows;
}

/** Appends one write inside the caller's transaction and notifies the other clients on commit. */
export async function appendWrite(
  client: pg.Client,
  caseName: string,
  write: { writeNo: number; seq: number; kind: WriteKind; payload: unknown },
): Promise<void> {
  await client.query(
    'INSERT INTO trace_graph_writes (case_name, write_no, seq, kind, payload) VALUES ($1, $2, $3, $4, $5)',
    [caseName, write.writeNo, write.seq, write.kind, JSON.stringify(write.payload)],
  );
  await client.query('UPDATE trace_graph_cases SET last_write = $2, seq = $3 WHERE name = $1', [
    caseName,
    write.writeNo,
    write.seq,
  ]);
  await client.query('SELECT pg_notify($1, $2)', [
    NOTIFY_CHANNEL,
    JSON.stringify({ case: caseName, write: write.writeNo, seq: write.seq }),
  ]);
}

/** Runs one logged write on the replica: what it did. Throws what the replica's write throws. */
export function replayWrite(replica: SqliteCaseGraph, kind: WriteKind, payload: unknown): Replayed {
  switch (kind) {
    case 'apply': {
      const { findings, options } = payload as ApplyPayload;
      return { delta: replica.applyNow(findings, options) };
    }
    case 'undo':
      return { undone: replica.undoSessionNow((payload as UndoPayload).session) };
    case 'merge': {
      const { from, into, session, now } = payload as MergePayload;
      return { delta: replica.mergeEntitiesNow(from, into, { session, now }).delta };
    }
    case 'meta': {
      const { key, value } = payload as { key: string; value: string };
      replica.setMeta(key, value);
      return {};
    }
    case 'positions':
      replica.savePositions(payload as Positions);
      return {};
    case 'session':
      replica.saveSession(payload as SessionRecord);
      return {};
  }
}
