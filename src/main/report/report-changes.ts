/**
 * Which change records a report or a diff shows: those recorded by the runs after a chosen run
 * (by default the one before the last, so "what the last run changed").
 */
import { foldChanges } from '../../shared/model/change-diff';
import type { CaseChange, RecordedChange } from '../../shared/model/changes';
import type { GraphSnapshot } from '../../shared/model/graph';
import type { SessionRecord } from '../../engine/index';
import { ServiceError } from '../app-services/service-error';

/** A `since` run the case does not have: the user's input (CLI exit 2, `not_found` in the app). */
export class UnknownRunError extends ServiceError {
  override readonly name = 'UnknownRunError';
  constructor(message: string) {
    super('not_found', message);
  }
}

/** The run the changes are counted from: `since` when given, else the one before the last. */
export function baselineRun(
  sessions: readonly SessionRecord[],
  since: string | undefined,
): SessionRecord | undefined {
  if (since !== undefined) {
    const found = sessions.find((record) => record.id === since);
    if (found === undefined) {
      throw new UnknownRunError(`the case has no run ${since} (cli sessions lists them)`);
    }
    return found;
  }
  return sessions.length >= 2 ? sessions[sessions.length - 2] : undefined;
}

/** The records of every run after the baseline (all of them without one), in order. */
export function changesSince(
  records: readonly RecordedChange[] | undefined,
  sessions: readonly SessionRecord[],
  since: string | undefined,
): { since?: SessionRecord; list: RecordedChange[] } | undefined {
  const baseline = baselineRun(sessions, since);
  if (records === undefined) {
    return undefined;
  }
  if (baseline === undefined) {
    return { list: [...records] };
  }
  const after = new Set(
    sessions
      .filter(
        (record) =>
          record.startedAt > baseline.startedAt ||
          (record.startedAt === baseline.startedAt && record.id > baseline.id),
      )
      .map((record) => record.id),
  );
  return { since: baseline, list: records.filter((record) => after.has(record.session)) };
}

/** The diff of a case since a run: its change records folded into lines (shared/model/change-diff.ts). */
export function caseDiff(
  graph: { listSessions(): SessionRecord[]; listChanges?(): RecordedChange[]; snapshot(): GraphSnapshot },
  since: string | undefined,
): { since?: SessionRecord; lines: CaseChange[] } {
  const sessions = graph.listSessions();
  const window = changesSince(graph.listChanges?.() ?? [], sessions, since) ?? { list: [] };
  const edges = new Map(graph.snapshot().edges.map((edge) => [edge.id, edge]));
  const later = new Set(window.list.map((record) => record.session));
  const seeds = sessions.filter((record) => later.has(record.id)).flatMap((record) => record.seeds);
  const lines = foldChanges(window.list, edges, seeds);
  return window.since === undefined ? { lines } : { since: window.since, lines };
}
