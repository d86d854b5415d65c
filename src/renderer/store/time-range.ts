/** The timeline's range as a filter (docs/timeline.md): the canvas and the table show only its entities. */
import type { EntityId } from '../../shared/model/asset';
import type { AppState } from './app-store';

/** The ids the canvas hides: the user's hidden ones plus every entity outside the time range. */
export function hiddenWithTimeRange(
  state: Pick<AppState, 'hiddenIds' | 'timeRange' | 'entitiesById'>,
): ReadonlySet<EntityId> {
  const range = state.timeRange;
  if (range === undefined) {
    return state.hiddenIds;
  }
  const hidden = new Set(state.hiddenIds);
  for (const id of state.entitiesById.keys()) {
    if (!range.ids.has(id)) {
      hidden.add(id);
    }
  }
  return hidden;
}
