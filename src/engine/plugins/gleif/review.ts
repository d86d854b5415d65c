/**
 * Reviewed LEI matches (docs/resolution.md, "Reviewed matches"). A search match that is neither
 * exact nor confirmed by location is only a candidate: its `id` edge carries `review: "pending"`
 * and nothing of the record is applied until the investigator accepts it. The states live on the
 * edge so that every backend, export and the UI see them without a table of their own.
 */
import type { Edge } from '../../../shared/model/graph';
import { reviewStateOf } from '../../../shared/model/review';

// The states and their property are shared with the CLI and the app (shared/model/review.ts).
export { REVIEW_PROPERTY, reviewStateOf, type ReviewState } from '../../../shared/model/review';

/** Set by the search handler once it applied an accepted candidate's record. */
export const APPLIED_PROPERTY = 'applied';

/** True when the edge makes its Organization hold the LEI (not a pending or rejected candidate). */
export function holdsLei(edge: Edge): boolean {
  const state = reviewStateOf(edge);
  return state === undefined || state === 'accepted';
}

/** True when an investigator accepted the candidate and the record is still to be applied. */
export function awaitsApplication(edge: Edge): boolean {
  return reviewStateOf(edge) === 'accepted' && edge.properties[APPLIED_PROPERTY] !== true;
}

/**
 * Whether a selected match applies at once under the configured rule: `confirmed` accepts exact
 * names and postal-code matches only; `best` accepts any winner.
 */
export function isAutoAccepted(
  rule: 'confirmed' | 'best',
  selection: { matchType: 'exact' | 'partial'; locationMatched: boolean },
): boolean {
  return rule === 'best' || selection.matchType === 'exact' || selection.locationMatched;
}
