/**
 * How reviewed matches look on the canvas (docs/resolution.md, "Reviewing matches in the app"):
 * a candidate edge is dashed and labelled with its score, the entity it proposes is faded, and a
 * rejected candidate is not drawn (the case keeps it as the memory of the decision). Pure rules;
 * the Cytoscape adapter writes them as element data and classes, the stylesheet draws them.
 */
import { elementPool } from './element-pool';
import type { Core } from 'cytoscape';
import type { Edge } from '../../shared/model/graph';
import { reviewStateOf } from '../../shared/model/review';

/** The edge data the stylesheet reads: `review` (state or empty) and `label`. */
export interface EdgeReviewData {
  review: string;
  label: string;
}

/** "candidate · 30" for a pending candidate (the score rounded), the relation otherwise. */
export function edgeReviewData(edge: Pick<Edge, 'relation' | 'properties'>): EdgeReviewData {
  const review = reviewStateOf(edge) ?? '';
  if (review !== 'pending') {
    return { review, label: edge.relation };
  }
  const { score } = edge.properties;
  return {
    review,
    label: typeof score === 'number' ? `candidate · ${Math.round(score)}` : 'candidate',
  };
}

/** Node classes set by the review rule. */
export const CANDIDATE_NODE = 'review-candidate';
export const REJECTED_NODE = 'review-rejected';

/**
 * The class of an entity from the review states of the edges pointing at it and whether it has
 * any other edge: an entity known only as a proposal (every edge a pending or rejected candidate
 * pointing at it) is faded; one known only from rejected candidates is hidden. An entity with any
 * other edge (an accepted match, its own family) is drawn normally.
 */
export function candidateNodeClass(
  incomingReviews: readonly string[],
  hasOtherEdges: boolean,
): typeof CANDIDATE_NODE | typeof REJECTED_NODE | undefined {
  if (hasOtherEdges || incomingReviews.length === 0) {
    return undefined;
  }
  if (incomingReviews.some((review) => review !== 'pending' && review !== 'rejected')) {
    return undefined;
  }
  return incomingReviews.includes('pending') ? CANDIDATE_NODE : REJECTED_NODE;
}

/** The drawn candidates' labels ("candidate · 30"), one per line: published on the canvas element. */
export function drawnCandidateLabels(cy: Core): string {
  // Over the element pool: a selector builds a collection of every edge first (element-pool.ts).
  const labels: string[] = [];
  const pool = elementPool(cy);
  for (let index = 0; index < pool.length; index += 1) {
    const element = pool[index];
    if (element?.isEdge() === true && element.data('review') === 'pending') {
      labels.push(String(element.data('label')));
    }
  }
  return labels.join('\n');
}
