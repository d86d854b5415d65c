/**
 * Which change records a report or a diff shows: those recorded by the runs after a chosen run
 * (by default the one before the last, so "what the last run changed").
 */
import type { RecordedChange } from '../../shared/model/changes';
import type { SessionRecord } from '../../engine/index';

export class UnknownRunError extends Error {
  override readonly name = 'UnknownRunError';
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
