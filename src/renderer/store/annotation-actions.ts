/** Notes and flags from the renderer (docs/notes-and-flags.md): one host write each, recorded for undo. */
import type { FlagName } from '../../shared/model/annotation';
import { recordAction } from './history';
import type { HistoryDeps } from './history-store';
import { appDeps, nameOf } from './history-store';

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
  deps.history.setState((state) => ({
    history: recordAction(
      state.history,
      { kind: 'annotate', sessionId: result.value.sessionId, target, what },
      deps.now().toISOString(),
      { [target]: readableTarget(target, deps) },
    ),
  }));
  return undefined;
}

/** An entity's label, or an edge as "from → relation → to" (its id means little to a reader). */
function readableTarget(target: string, deps: HistoryDeps): string {
  const edge = deps.app.getState().edgesById.get(target);
  return edge === undefined
    ? nameOf(deps.app, target)
    : `${nameOf(deps.app, edge.from)} → ${edge.relation} → ${nameOf(deps.app, edge.to)}`;
}
