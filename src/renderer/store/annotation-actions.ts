/** Notes and flags from the renderer (docs/notes-and-flags.md): one host write each, recorded for undo. */
import type { FlagName } from '../../shared/model/annotation';
import type { HistoryDeps } from './history-store';
import { appDeps, recordHistory } from './history-store';

/** Adds a note and/or sets the flag of an entity or edge; an error message, or undefined. */
export async function setAnnotation(
  target: string,
  change: { note?: string; flag?: FlagName },
  deps: HistoryDeps = appDeps,
): Promise<string | undefined> {
  const caseId = deps.app.getState().activeCase?.id;
  if (caseId === undefined) {
    return 'Open a case first.';
  }
  const result = await deps.invoke('annotation:set', { caseId, target, ...change });
  if (!result.ok) {
    return result.error.message;
  }
  const what =
    change.note !== undefined && change.flag !== undefined
      ? 'note and flag'
      : change.note !== undefined
        ? 'note'
        : 'flag';
  recordHistory({ kind: 'annotate', sessionId: result.value.sessionId, target, what }, deps);
  return undefined;
}
