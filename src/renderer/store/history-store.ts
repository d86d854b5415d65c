/**
 * The window's action history as a store, and recording into it (history.ts holds the pure rules,
 * history-actions.ts the undo). Separate from history-actions.ts so that actions.ts can record the
 * runs it starts without importing the undo, which itself calls actions.ts.
 */
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { createStore } from 'zustand/vanilla';
import type { EntityId } from '../../shared/model/asset';
import { invoke } from '../api';
import type { CanvasController } from '../graph/canvas-controller';
import { labelContextOf, readableLabel } from '../graph/node-label';
import type { AppState } from './app-store';
import { appStore } from './app-store';
import type { History, HistoryAction } from './history';
import { emptyHistory, recordAction } from './history';

export interface HistoryState {
  history: History;
  /** "Merge into…" was chosen on this entity: the next node selected is the one it merges into. */
  mergeFrom: EntityId | undefined;
  /** Runs whose results were removed in this window (their progress panel says so). */
  removedSessions: ReadonlySet<string>;
  /** An undo is under way (the buttons wait for it). */
  undoing: boolean;
}

export function initialHistoryState(): HistoryState {
  return { history: emptyHistory, mergeFrom: undefined, removedSessions: new Set(), undoing: false };
}

export const historyStore: StoreApi<HistoryState> = createStore<HistoryState>()(initialHistoryState);

export function useHistoryStore<T>(selector: (state: HistoryState) => T): T {
  return useStore(historyStore, selector);
}

/** What undoing needs from its surroundings (the app, or a test). */
export interface HistoryDeps {
  app: StoreApi<AppState>;
  history: StoreApi<HistoryState>;
  invoke: typeof invoke;
  /** The canvas an undo moves nodes on (a workspace passes its own: components/canvas-context.tsx). */
  canvas: () => CanvasController | undefined;
  now: () => Date;
  /** Reloads the graph of the open case (default: refetchSnapshot in actions.ts). */
  refetch?: (app: StoreApi<AppState>) => Promise<void>;
}

export const appDeps: HistoryDeps = {
  app: appStore,
  history: historyStore,
  invoke,
  // No canvas here: the workspace's history dependencies carry the canvas it mounted.
  canvas: () => undefined,
  now: () => new Date(),
};

/** The readable name of an entity in the graph now, or its id. */
export function nameOf(app: StoreApi<AppState>, id: EntityId): string {
  const entity = app.getState().entitiesById.get(id);
  return entity === undefined
    ? id
    : readableLabel(
        entity,
        labelContextOf(() => app.getState()),
      );
}

function involvedIds(action: HistoryAction): EntityId[] {
  switch (action.kind) {
    case 'hide':
      return action.ids.slice(0, 1);
    case 'move':
      return Object.keys(action.before).slice(0, 1);
    case 'run':
      return action.seeds;
    case 'merge':
      return [action.from, action.into];
    case 'annotate':
      return [action.target];
    case 'relayout':
    case 'review':
      return [];
  }
}

/** Records an action with the names of the entities it involves, as they read now. */
export function recordHistory(action: HistoryAction, deps: HistoryDeps = appDeps): void {
  const names = Object.fromEntries(involvedIds(action).map((id) => [id, nameOf(deps.app, id)]));
  deps.history.setState((state) => ({
    history: recordAction(state.history, action, deps.now().toISOString(), names),
  }));
}
