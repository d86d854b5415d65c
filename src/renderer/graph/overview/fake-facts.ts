/** Test support: a node's and an edge's overview facts with plain defaults (a shown, lean element). */
import type { EdgeFacts, NodeFacts } from './overview-scene';

export function fakeNode(id: string, more: Partial<NodeFacts> = {}): NodeFacts {
  return {
    id,
    x: 0,
    y: 0,
    type: 'Organization',
    hidden: false,
    selected: false,
    searchHit: false,
    failed: false,
    collection: false,
    fresh: false,
    candidate: false,
    lean: true,
    ...more,
  };
}

export function fakeEdge(source: string, target: string, more: Partial<EdgeFacts> = {}): EdgeFacts {
  return {
    source,
    target,
    hidden: false,
    selected: false,
    pending: false,
    collectionEdge: false,
    lean: true,
    ...more,
  };
}
