/** Named selectors over the app store; components select the smallest piece they need. */
import type { AssetType } from '../../shared/model/asset';
import type { SessionProgress } from '../../shared/model/session';
import type { AppState } from './app-store';

export const selectSelectedEntity = (state: AppState) =>
  state.selectedId === undefined ? undefined : state.entitiesById.get(state.selectedId);
export const selectCurrentProgress = (state: AppState): SessionProgress | undefined =>
  state.currentSessionId === undefined ? undefined : state.sessions[state.currentSessionId];
export const selectEntityCount = (state: AppState) => state.entitiesById.size;
export const selectEdgeCount = (state: AppState) => state.edgesById.size;

/** A name with how many entities (types) or edges (sources) carry it. */
export interface NamedCount<T extends string = string> {
  name: T;
  count: number;
}

/**
 * Sorted counts derived from one of the store's count maps, recomputed only when graphVersion
 * changes (the same array otherwise, so a subscribed component does not re-render).
 */
function memoByVersion<T extends string>(
  pick: (state: AppState) => ReadonlyMap<T, number>,
): (state: AppState) => readonly NamedCount<T>[] {
  let version = -1;
  let counts: ReadonlyMap<T, number> | undefined;
  let result: readonly NamedCount<T>[] = [];
  return (state) => {
    const next = pick(state);
    if (state.graphVersion !== version || next !== counts) {
      version = state.graphVersion;
      counts = next;
      result = [...next]
        .map(([name, count]) => ({ name, count }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    return result;
  };
}

/** Asset types present in the graph with their entity counts, sorted by type. */
export const selectTypeCounts = memoByVersion((state) => state.typeCounts);

/** Source names present on edges with their edge counts, sorted by name. */
export const selectSourceCounts = memoByVersion((state) => state.sourceCounts);

export type { AssetType };
