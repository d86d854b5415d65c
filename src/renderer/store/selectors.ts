/** Named selectors over the app store; components select the smallest piece they need. */
import type { AssetType } from '../../shared/model/asset';
import type { SessionProgress } from '../../shared/model/session';
import type { AppState } from './app-store';

export const selectActiveCase = (state: AppState) => state.activeCase;
export const selectSelectedEntity = (state: AppState) =>
  state.selectedId === undefined ? undefined : state.entitiesById.get(state.selectedId);
export const selectCurrentProgress = (state: AppState): SessionProgress | undefined =>
  state.currentSessionId === undefined ? undefined : state.sessions[state.currentSessionId];
export const selectEntityCount = (state: AppState) => state.entitiesById.size;
export const selectEdgeCount = (state: AppState) => state.edgesById.size;

/** Asset types present in the graph, sorted (a joined string so selectors stay referentially stable). */
export const selectTypesPresentKey = (state: AppState): string =>
  [...new Set([...state.entitiesById.values()].map((entity) => entity.type))].sort().join(',');

/** Source names present on edges, sorted and joined. */
export const selectSourcesPresentKey = (state: AppState): string => {
  const names = new Set<string>();
  for (const edge of state.edgesById.values()) {
    for (const source of edge.sources) {
      names.add(source.name);
    }
  }
  return [...names].sort().join(',');
};

export function splitKey<T extends string = string>(key: string): T[] {
  return key === '' ? [] : (key.split(',') as T[]);
}

export type { AssetType };
