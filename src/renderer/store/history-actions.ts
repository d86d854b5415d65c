/**
 * The action history's effects: recording the investigator's actions (history.ts holds the pure
 * rules), undoing one (Ctrl+Z, the History panel, "Remove the results of this run"), and the
 * manual merge ("Merge into…", then pick the other node, then confirm). Undo of what wrote to the
 * case file goes through the host (history:undo-session); the rest is canvas state.
 */
import type { EntityId } from '../../shared/model/asset';
import { refetchSnapshot } from './actions';
import type { HistoryEntry, HistoryKind } from './history';
import { describeAction, latestEntry, recordAction, withoutEntry, withoutSessions } from './history';
import type { HistoryDeps } from './history-store';
import { appDeps, initialHistoryState, nameOf, recordHistory } from './history-store';

/** The line the History panel shows for an entry. */
export function describeEntry(entry: HistoryEntry, deps: HistoryDeps = appDeps): string {
  return describeAction(entry.action, (id) => entry.names[id] ?? nameOf(deps.app, id));
}

/**
 * Undoes one entry. A session the case no longer has (undone from another window or the CLI) is
 * dropped with a notice; a refusal (a run still going) keeps the entry and says why.
 */
export async function undoEntry(entry: HistoryEntry, deps: HistoryDeps = appDeps): Promise<void> {
  const { action } = entry;
  const forget = (): void =>
    deps.history.setState((state) => ({ history: withoutEntry(state.history, entry.id) }));
  switch (action.kind) {
    case 'hide':
      deps.app.getState().showEntities(action.ids);
      forget();
      return;
    case 'move':
    case 'relayout':
      deps.canvas()?.restorePositions(action.before, action.kind === 'relayout');
      forget();
      return;
    case 'run':
    case 'merge':
    case 'review':
      // Its entries go with the session (forgetSession); a refusal keeps them.
      await undoSession(action.sessionId, deps);
      return;
  }
}

/** Ctrl+Z: undoes the newest entry, if any, one at a time. */
export async function undoLatest(deps: HistoryDeps = appDeps): Promise<void> {
  const { history, undoing } = deps.history.getState();
  const entry = latestEntry(history);
  if (entry === undefined || undoing) {
    return;
  }
  await undoEntry(entry, deps);
}

/** The newest entry of one kind (the canvas's "Undo re-layout" offer undoes its history entry). */
export async function undoLatestOfKind(kind: HistoryKind, deps: HistoryDeps = appDeps): Promise<void> {
  const entry = deps.history.getState().history.entries.findLast((each) => each.action.kind === kind);
  if (entry !== undefined) {
    await undoEntry(entry, deps);
  }
}

/**
 * Takes back what one session wrote ("Remove the results of this run / expansion", or the
 * session of a merge or review decision) and brings this window's graph up to date.
 */
export async function undoSession(
  sessionId: string,
  deps: HistoryDeps = appDeps,
): Promise<'undone' | 'gone' | 'refused'> {
  const caseId = deps.app.getState().activeCase?.id;
  if (caseId === undefined) {
    return 'refused';
  }
  deps.history.setState({ undoing: true });
  try {
    const result = await deps.invoke('history:undo-session', { caseId, sessionId });
    if (!result.ok) {
      const gone = result.error.code === 'not_found';
      deps.app.getState().setNotice({
        kind: gone ? 'info' : 'error',
        text: gone ? 'That was already undone (in another window or from the CLI).' : result.error.message,
      });
      if (gone) {
        forgetSession(sessionId, deps);
      }
      return gone ? 'gone' : 'refused';
    }
    forgetSession(sessionId, deps);
    // The host announced the change (graph:reset); fetch here too unless that already happened.
    if (deps.app.getState().lastSeq < result.value.seq) {
      await (deps.refetch ?? refetchSnapshot)(deps.app);
    }
    return 'undone';
  } finally {
    deps.history.setState({ undoing: false });
  }
}

/** The session is gone from the case: its history entries go, its progress panel says so. */
function forgetSession(sessionId: string, deps: HistoryDeps): void {
  deps.history.setState((state) => ({
    history: withoutSessions(state.history, new Set([sessionId])),
    removedSessions: new Set([...state.removedSessions, sessionId]),
  }));
}

/** "Merge into…": remembers the entity; the next node the investigator selects is the other one. */
export function beginMerge(from: EntityId | undefined, deps: HistoryDeps = appDeps): void {
  deps.history.setState({ mergeFrom: from });
}

/** Merges `from` into `into` on the host and records it; an error message, or undefined. */
export async function mergeEntities(
  from: EntityId,
  into: EntityId,
  deps: HistoryDeps = appDeps,
): Promise<string | undefined> {
  const caseId = deps.app.getState().activeCase?.id;
  if (caseId === undefined) {
    return 'Open a case first.';
  }
  const names = { from: nameOf(deps.app, from), into: nameOf(deps.app, into) };
  const result = await deps.invoke('graph:merge-entities', { caseId, from, into });
  if (!result.ok) {
    return result.error.message;
  }
  deps.history.setState((state) => ({
    mergeFrom: undefined,
    history: recordAction(
      state.history,
      { kind: 'merge', sessionId: result.value.sessionId, from, into: result.value.into },
      deps.now().toISOString(),
      { [from]: names.from, [into]: names.into, [result.value.into]: names.into },
    ),
  }));
  deps.app.getState().selectEntity(result.value.into);
  return undefined;
}

/**
 * Keeps the history in step with the app: a hide anywhere (keys, menus, details) is recorded, and
 * another case starts an empty history. Returns the unsubscribe function.
 */
export function connectHistory(deps: HistoryDeps = appDeps): () => void {
  return deps.app.subscribe((state, previous) => {
    if (state.activeCase?.id !== previous.activeCase?.id) {
      deps.history.setState(initialHistoryState());
      return;
    }
    if (state.hiddenIds !== previous.hiddenIds) {
      const added = [...state.hiddenIds].filter((id) => !previous.hiddenIds.has(id));
      recordHistory({ kind: 'hide', ids: added }, deps);
    }
  });
}
