/**
 * What the overview layer shows of a big case while Cytoscape is still taking its elements in
 * (docs/ui.md, "A big case is shown whole before Cytoscape holds it"): every entity and edge of
 * the snapshot, from the store's data and the positions the case opens with, in the looks they
 * have before any mark (no selection, search hit or failed lookup can exist yet). Collections and
 * review classes are derived once the elements are drawn; the real scene replaces this one then.
 */
import type { NodePositions } from '../../../shared/ipc/contract';
import type { Edge, Entity } from '../../../shared/model/graph';
import { reviewStateOf } from '../../../shared/model/review';
import { flagColour } from '../annotation-look';
import { edgeReviewData } from '../review-look';
import type { EdgeFacts, NodeFacts } from './overview-scene';

export interface PreviewFacts {
  nodes: NodeFacts[];
  edges: EdgeFacts[];
}

const UNMARKED = {
  hidden: false,
  selected: false,
  searchHit: false,
  failed: false,
  collection: false,
  fresh: false,
  candidate: false,
  lean: false,
} as const;

/** The facts of every entity with a position (the others are not drawn yet) and of every edge. */
export function previewFacts(
  entities: readonly Entity[],
  edges: readonly Edge[],
  positions: NodePositions,
): PreviewFacts {
  const nodes: NodeFacts[] = [];
  for (const entity of entities) {
    const at = positions[entity.id];
    if (at !== undefined) {
      const flag = entity.flag === undefined ? undefined : flagColour(entity.flag.name);
      nodes.push({ ...UNMARKED, id: entity.id, x: at.x, y: at.y, type: entity.type, flagColour: flag });
    }
  }
  const edgeFacts: EdgeFacts[] = edges.map((edge) => {
    const review = reviewStateOf(edge);
    return {
      source: edge.from,
      target: edge.to,
      hidden: review === 'rejected',
      selected: false,
      pending: review === 'pending',
      collectionEdge: false,
      lean: false,
      label: review === 'pending' ? edgeReviewData(edge).label : undefined,
    };
  });
  return { nodes, edges: edgeFacts };
}
