/**
 * The action history's effects: recording the investigator's actions (history.ts holds the pure
 * rules), undoing one (Ctrl+Z, the History panel, "Remove the results of this run"), and the
 * manual merge ("Merge into…", then pick the other node, then confirm). Undo of what wrote to the
 * case file goes through the host (history:undo-session); the rest is canvas state.
 */
import type { CaseSessionEntry } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import { refetchSnapshot } from './actions';
import type { HistoryEntry, HistoryKind } from './history';
import {
  describeAction,
  describeUndone,
  latestEntry,
  recordAction,
  withoutEntry,
  withoutSessions,
} from './history';
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
    case 'review':
      // An accept started a run from the Organization: its results go first, unless they were
      // removed already (from the progress panel).
      if (
        action.runSessionId !== undefined &&
        !deps.history.getState().removedSessions.has(action.runSessionId) &&
        (await undoSession(action.runSessionId, deps)) === 'refused'
      ) {
        return;
      }
      await undoSession(action.sessionId, deps);
      return;
    case 'run':
    case 'merge':
    case 'annotate':
      // Its entries go with the session (forgetSession); a refusal keeps them.
      await undoSession(action.sessionId, deps);
      return;
  }
}

/** The Ctrl+Z presses still to be carried out, per history (one chain per window). */
const pendingUndos = new WeakMap<HistoryDeps, Promise<void>>();

/**
 * Ctrl+Z: undoes the newest entry, if any, one at a time. A press while an undo is still on its
 * way (the host answering, the graph reloading) waits for it and then undoes the next entry:
 * pressing twice quickly takes back two actions, as in any editor, instead of losing the second.
 */
export function undoLatest(deps: HistoryDeps = appDeps): Promise<void> {
  const previous = pendingUndos.get(deps) ?? Promise.resolve();
  const next = previous.then(async () => {
    const entry = latestEntry(deps.history.getState().history);
    if (entry !== undefined && !deps.history.getState().undoing) {
      await undoEntry(entry, deps);
    }
  });
  const settled = next.catch(() => undefined);
  pendingUndos.set(deps, settled);
  return next;
}

/**
 * Undoes the newest entry of one kind (the canvas's "Undo re-layout" offer undoes its history
 * entry); false when the history has none (e.g. dropped past MAX_HISTORY).
 */
export async function undoLatestOfKind(kind: HistoryKind, deps: HistoryDeps = appDeps): Promise<boolean> {
  const entry = deps.history.getState().history.entries.findLast((each) => each.action.kind === kind);
  if (entry === undefined) {
    return false;
  }
  await undoEntry(entry, deps);
  return true;
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
    deps.app.getState().setNotice({ kind: 'info', text: describeUndone(result.value) });
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

/**
 * Merges `from` into `into` on the host and records it; an error message, or undefined. `force`
 * confirms a merge the host asks to confirm (two Organizations holding different LEIs).
 */
export async function mergeEntities(
  from: EntityId,
  into: EntityId,
  deps: HistoryDeps = appDeps,
  force = false,
): Promise<string | undefined> {
  const caseId = deps.app.getState().activeCase?.id;
  if (caseId === undefined) {
    return 'Open a case first.';
  }
  const names = { from: nameOf(deps.app, from), into: nameOf(deps.app, into) };
  const result = await deps.invoke(
    'graph:merge-entities',
    force ? { caseId, from, into, force } : { caseId, from, into },
  );
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
    // The graph was reloaded (an undo here, in another window, or a gap): drop what is gone.
    if (state.snapshotVersion !== previous.snapshotVersion) {
      void pruneGoneSessions(deps);
    }
  });
}

/**
 * Forgets the history entries of sessions the case no longer has (undone in another window or
 * from the CLI), so the list offers nothing the host would refuse.
 */
export async function pruneGoneSessions(deps: HistoryDeps = appDeps): Promise<void> {
  const recorded = deps.history
    .getState()
    .history.entries.flatMap((entry) => ('sessionId' in entry.action ? [entry.action.sessionId] : []));
  if (recorded.length === 0) {
    return;
  }
  const loaded = await loadCaseSessions(deps);
  if (!('sessions' in loaded)) {
    return;
  }
  const known = new Set(loaded.sessions.map((session) => session.id));
  const gone = new Set(recorded.filter((id) => !known.has(id)));
  if (gone.size > 0) {
    deps.history.setState((state) => ({
      history: withoutSessions(state.history, gone),
      removedSessions: new Set([...state.removedSessions, ...gone]),
    }));
  }
}

/** The sessions recorded in the open case (every run, from any window or the CLI), oldest first. */
export async function loadCaseSessions(
  deps: HistoryDeps = appDeps,
): Promise<{ sessions: CaseSessionEntry[] } | { error: string }> {
  const caseId = deps.app.getState().activeCase?.id;
  if (caseId === undefined) {
    return { sessions: [] };
  }
  const result = await deps.invoke('history:list-sessions', { caseId });
  return result.ok ? { sessions: result.value } : { error: result.error.message };
}

/** How the case's list of runs names a session: what the investigator did, or the seeds it ran from. */
export function describeSession(session: CaseSessionEntry, deps: HistoryDeps = appDeps): string {
  const [first = '', second = ''] = session.seeds;
  if (session.action?.startsWith('merge ') === true && session.seeds.length === 2) {
    // A merge session's seeds are the two entities, folded one into the other.
    return `Merged ${nameOf(deps.app, first)} into ${nameOf(deps.app, second)}`;
  }
  if (session.action !== undefined) {
    return session.action;
  }
  return `Ran from ${session.seeds.map((id) => nameOf(deps.app, id)).join(', ')}`;
}
