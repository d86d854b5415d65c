/**
 * Feeds host events into the store: graph deltas (a seq gap refetches a snapshot), graph resets
 * (an undo: refetch), progress, case list changes, a team case's connection state.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { EventChannel, EventMap } from '../../shared/ipc/contract';
import type { AppState } from './app-store';
import { refreshCases, refetchSnapshot } from './actions';

type Subscribe = <E extends EventChannel>(event: E, listener: (payload: EventMap[E]) => void) => () => void;

export function connectStoreToHost(store: StoreApi<AppState>, on: Subscribe): () => void {
  let refetching = false;
  let refetchAgain = false;
  /** One snapshot fetch at a time; a request meanwhile fetches once more after it (it may be newer). */
  const refetch = (): void => {
    if (refetching) {
      refetchAgain = true;
      return;
    }
    refetching = true;
    void refetchSnapshot(store).finally(() => {
      refetching = false;
      if (refetchAgain) {
        refetchAgain = false;
        refetch();
      }
    });
  };
  const stops = [
    on('graph:delta', (event) => {
      const outcome = store.getState().applyGraphDelta(event);
      if (outcome === 'gap' && !refetching) {
        refetch();
      }
    }),
    // An undo removed entities and edges (deltas carry no removals): reload the graph, once.
    on('graph:reset', ({ caseId, seq }) => {
      const state = store.getState();
      if (state.activeCase?.id === caseId && seq > state.lastSeq) {
        refetch();
      }
    }),
    on('session:progress', ({ caseId, progress }) => {
      if (store.getState().activeCase?.id === caseId) {
        store.getState().updateProgress(progress);
      }
    }),
    on('cases:changed', () => {
      void refreshCases(store);
    }),
    on('team-cases:connection', ({ caseId, state }) => {
      // What other members wrote meanwhile arrives as deltas once the case has caught up.
      store.getState().setTeamConnection(caseId, state);
    }),
  ];
  return () => {
    for (const stop of stops) {
      stop();
    }
  };
}
