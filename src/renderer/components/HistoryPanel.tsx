/**
 * The investigator's history in this window: the list of their actions, newest first, each with
 * the button that undoes it; Ctrl+Z (Cmd+Z) undoes the newest. Also the pieces other panels mount
 * with one line: "Merge into…" (details panel), the merge prompt, and "Remove the results of this
 * run" (progress panel of a finished run). "All runs in this case" lists the case's recorded runs.
 */
import { useEffect, useState } from 'react';
import type { CaseSessionEntry } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import type { SessionProgress } from '../../shared/model/session';
import { edgeHoldsLei, leiCodeOf, leiMergeConflict } from '../../shared/model/review';
import type { AppState } from '../store/app-store';
import { appStore, useAppStore } from '../store/app-store';
import { entryOfSession, isUndoShortcut, undoLabel, undoesOnTheCase } from '../store/history';
import {
  beginMerge,
  describeEntry,
  describeSession,
  loadCaseSessions,
  mergeEntities,
  undoEntry,
  undoLatest,
  undoSession,
} from '../store/history-actions';
import { nameOf, useHistoryStore } from '../store/history-store';
import { formatDate } from './format';
import { isTyping } from './keys';
import { useHistoryDeps } from './canvas-context';
import type { HistoryDeps } from '../store/history-store';

/** Ctrl+Z / Cmd+Z anywhere in the workspace except in a text field (which keeps its own undo). */
function useUndoShortcut(deps: HistoryDeps): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (!isUndoShortcut(event) || isTyping(event.target)) {
        return;
      }
      event.preventDefault();
      void undoLatest(deps);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [deps]);
}

export function HistoryPanel() {
  // The workspace's dependencies: undoing a move or a re-layout moves its canvas.
  const deps = useHistoryDeps();
  useUndoShortcut(deps);
  const history = useHistoryStore((state) => state.history);
  const undoing = useHistoryStore((state) => state.undoing);
  // Entries carry the names taken when they were recorded: no re-render per graph delta.
  const entries = [...history.entries].reverse();
  return (
    <section className="history" aria-label="History">
      <h2>History</h2>
      <MergePrompt />
      {entries.length === 0 ? (
        <p className="muted">Nothing to undo yet.</p>
      ) : (
        <>
          <p className="muted">Ctrl+Z (⌘Z) undoes the newest.</p>
          <ol className="history-list">
            {entries.map((entry) => (
              <li key={entry.id} data-testid="history-entry" data-kind={entry.action.kind}>
                <span className="history-text">{describeEntry(entry)}</span>{' '}
                <span className="muted">{formatDate(entry.at)}</span>{' '}
                <button
                  type="button"
                  disabled={undoing}
                  className={undoesOnTheCase(entry.action) ? 'danger' : undefined}
                  onClick={() => void undoEntry(entry, deps)}
                >
                  {undoLabel(entry.action)}
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
      <CaseRuns />
    </section>
  );
}

/**
 * Every run recorded in the case (earlier launches, other windows, the CLI), loaded when opened:
 * the results of any of them can be removed, not only this window's.
 */
function CaseRuns() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<{ sessions: CaseSessionEntry[] } | { error: string }>();
  const undoing = useHistoryStore((state) => state.undoing);
  const removed = useHistoryStore((state) => state.removedSessions);
  // A run that ends, or an undo, changes the list.
  const finished = useAppStore(
    (state) =>
      Object.values(state.sessions).filter((run) => run.state === 'done' || run.state === 'cancelled').length,
  );
  useEffect(() => {
    if (!open) {
      return;
    }
    let current = true;
    void loadCaseSessions().then((result) => {
      if (current) {
        setLoaded(result);
      }
    });
    return () => {
      current = false;
    };
  }, [open, finished, removed]);
  const sessions = loaded !== undefined && 'sessions' in loaded ? [...loaded.sessions].reverse() : [];
  return (
    <details className="case-runs" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>All runs in this case</summary>
      {loaded !== undefined && 'error' in loaded && <p role="alert">{loaded.error}</p>}
      {loaded !== undefined && 'sessions' in loaded && sessions.length === 0 && (
        <p className="muted">No runs recorded.</p>
      )}
      <ol className="history-list">
        {sessions.map((session) => (
          <li key={session.id} data-testid="case-run">
            <span className="history-text">{describeSession(session)}</span>{' '}
            <span className="muted">
              {formatDate(session.startedAt)}
              {session.counts !== undefined &&
                ` · ${session.counts.done} done, ${session.counts.failed} failed`}
            </span>{' '}
            {session.running ? (
              <span className="muted">running</span>
            ) : (
              <button
                type="button"
                className="danger"
                disabled={undoing}
                onClick={() => void undoSession(session.id)}
              >
                {session.action === undefined ? 'Remove the results of this run' : 'Undo'}
              </button>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** "Merge into…" on an entity: the next node selected is the one it is the same as. */
export function MergeIntoButton({ id }: { id: EntityId }) {
  return (
    <button type="button" onClick={() => beginMerge(id)} title="This is the same as another node">
      Merge into…
    </button>
  );
}

/** The LEIs an entity holds in this window's graph (pending or rejected candidates do not count). */
function heldLeisIn(
  state: Pick<AppState, 'edgesById' | 'entitiesById' | 'edgeIdsByEntity'>,
  id: EntityId,
): string[] {
  const leis: string[] = [];
  for (const edgeId of state.edgeIdsByEntity.get(id) ?? []) {
    const edge = state.edgesById.get(edgeId);
    const to = edge === undefined ? undefined : state.entitiesById.get(edge.to);
    if (edge !== undefined && edge.from === id && edgeHoldsLei(edge, to)) {
      leis.push(leiCodeOf(to));
    }
  }
  return leis;
}

/**
 * While a merge is being set up: which node merges, then (once another node is selected) the
 * confirmation, with what will happen and that it can be undone.
 */
function MergePrompt() {
  const from = useHistoryStore((state) => state.mergeFrom);
  const selected = useAppStore((state) => state.selectedId);
  const fromEntity = useAppStore((state) => (from === undefined ? undefined : state.entitiesById.get(from)));
  const intoEntity = useAppStore((state) =>
    selected === undefined || selected === from ? undefined : state.entitiesById.get(selected),
  );
  useEffect(() => {
    if (from === undefined) {
      return;
    }
    // Escape gives up the merge (as it gives up a selection).
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        beginMerge(undefined);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [from]);
  if (from === undefined) {
    return null;
  }
  const cancel = (): void => beginMerge(undefined);
  if (fromEntity === undefined) {
    // Merged or removed meanwhile: nothing left to merge.
    return (
      <div className="merge-prompt" role="status">
        That node is no longer in the graph.{' '}
        <button type="button" onClick={cancel}>
          Close
        </button>
      </div>
    );
  }
  const fromName = nameOf(appStore, fromEntity.id);
  if (intoEntity === undefined) {
    return (
      <div className="merge-prompt" role="status" data-testid="merge-prompt">
        Merging <strong>{fromName}</strong>: select the node it is the same as.{' '}
        <button type="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    );
  }
  const intoName = nameOf(appStore, intoEntity.id);
  const sameType = intoEntity.type === fromEntity.type;
  const state = appStore.getState();
  const conflict = leiMergeConflict(
    { name: fromName, leis: heldLeisIn(state, fromEntity.id) },
    { name: intoName, leis: heldLeisIn(state, intoEntity.id) },
  );
  const merge = async (): Promise<void> => {
    const error = await mergeEntities(fromEntity.id, intoEntity.id, undefined, conflict !== undefined);
    if (error !== undefined) {
      appStore.getState().setNotice({ kind: 'error', text: error });
    }
  };
  return (
    <div className="merge-prompt" role="dialog" aria-label="Merge two nodes">
      <p>
        Merge <strong>{fromName}</strong> into <strong>{intoName}</strong>?
      </p>
      {sameType ? (
        <p className="muted">
          Its relations, fields and tags move onto {intoName}; the merge is recorded as yours (Investigator)
          and can be undone from the history.
        </p>
      ) : (
        <p role="alert">
          Only nodes of one type can be the same ({fromEntity.type} and {intoEntity.type}). Select another
          node.
        </p>
      )}
      {sameType && conflict !== undefined && (
        <p role="alert" data-testid="merge-conflict">
          Not the same by the registry: {conflict}. Merge only if you are sure the registry is wrong.
        </p>
      )}
      <button type="button" disabled={!sameType} onClick={() => void merge()}>
        {conflict === undefined ? 'Merge' : 'Merge anyway'}
      </button>{' '}
      <button type="button" onClick={cancel}>
        Cancel
      </button>
    </div>
  );
}

/** In the progress panel of a run that ended: take back what it brought. */
export function RemoveRunResults({ progress }: { progress: Pick<SessionProgress, 'sessionId' | 'state'> }) {
  const removed = useHistoryStore((state) => state.removedSessions.has(progress.sessionId));
  const undoing = useHistoryStore((state) => state.undoing);
  const entry = useHistoryStore((state) => entryOfSession(state.history, progress.sessionId));
  if (progress.state !== 'done' && progress.state !== 'cancelled') {
    return null;
  }
  if (removed) {
    return <p className="muted">The results of this run were removed.</p>;
  }
  const expansion = entry?.action.kind === 'run' && entry.action.expansion;
  return (
    <button
      type="button"
      className="danger"
      disabled={undoing}
      onClick={() => void undoSession(progress.sessionId)}
    >
      {expansion ? 'Remove the results of this expansion' : 'Remove the results of this run'}
    </button>
  );
}
