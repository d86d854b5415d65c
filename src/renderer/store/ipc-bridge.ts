/**
 * Feeds host events into the store: graph deltas (a seq gap refetches a snapshot), progress, case
 * list changes, a team case's connection state.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { EventChannel, EventMap } from '../../shared/ipc/contract';
import type { AppState } from './app-store';
import { refreshCases, refetchSnapshot } from './actions';

type Subscribe = <E extends EventChannel>(event: E, listener: (payload: EventMap[E]) => void) => () => void;

export function connectStoreToHost(store: StoreApi<AppState>, on: Subscribe): () => void {
  let refetching = false;
  const stops = [
    on('graph:delta', (event) => {
      const outcome = store.getState().applyGraphDelta(event);
      if (outcome === 'gap' && !refetching) {
        refetching = true;
        void refetchSnapshot(store).finally(() => {
          refetching = false;
        });
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
