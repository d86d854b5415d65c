/**
 * What the overview's scene is built from (overview-scene.ts): the facts of every node and edge
 * Cytoscape holds, read in one pass over its element pool (element-pool.ts), at once or a slice per
 * task. At 30,000 entities reading them was 0.1 s or more, and the scene is rebuilt whenever the
 * graph changed (the end of a big case's load, seeds marked): read at once, that was a frame of
 * 0.2-0.3 s (issue 23: no main-thread task over 200 ms).
 */
import type { Core, EdgeSingular, NodeSingular, SingularElementArgument } from 'cytoscape';
import { flagColour } from '../annotation-look';
import { LEAN_CLASS } from '../cy-style';
import { elementPool } from '../element-pool';
import { CANDIDATE_NODE, REJECTED_NODE } from '../review-look';
import type { PreviewFacts } from './overview-preview';
import type { EdgeFacts, NodeFacts } from './overview-scene';

/** Every node and edge Cytoscape holds, read now. */
export function elementFacts(cy: Core): PreviewFacts {
  const facts: PreviewFacts = { nodes: [], edges: [] };
  const pool = elementPool(cy);
  for (let index = 0; index < pool.length; index += 1) {
    addFacts(facts, pool[index]);
  }
  return facts;
}

function addFacts(facts: PreviewFacts, element: SingularElementArgument | undefined): void {
  if (element === undefined || element.removed()) {
    return;
  }
  if (element.isNode()) {
    facts.nodes.push(nodeFactsOf(element));
  } else if (element.isEdge()) {
    facts.edges.push(edgeFactsOf(element));
  }
}

function nodeFactsOf(node: NodeSingular): NodeFacts {
  const { x, y } = node.position();
  // The data object read once (each `data(name)` goes through Cytoscape's generic accessor).
  const data = node.data() as { id: string; type?: string; flag?: unknown };
  return {
    id: data.id,
    x,
    y,
    type: String(data.type ?? ''),
    hidden: node.hasClass('filtered') || node.hasClass('folded') || node.hasClass(REJECTED_NODE),
    selected: node.selected(),
    searchHit: node.hasClass('search-hit'),
    failed: node.hasClass('lookup-failed'),
    collection: node.hasClass('collection'),
    fresh: node.hasClass('new'),
    candidate: node.hasClass(CANDIDATE_NODE),
    lean: node.hasClass(LEAN_CLASS),
    flagColour: flagColour(data.flag),
  };
}

function edgeFactsOf(edge: EdgeSingular): EdgeFacts {
  const data = edge.data() as { source: string; target: string; review?: unknown; label?: string };
  const review = data.review;
  return {
    source: String(data.source),
    target: String(data.target),
    hidden: edge.hasClass('filtered') || edge.hasClass('folded') || review === 'rejected',
    selected: edge.selected(),
    pending: review === 'pending',
    collectionEdge: edge.hasClass('collection-edge'),
    lean: edge.hasClass(LEAN_CLASS),
    label: review === 'pending' ? String(data.label ?? '') : undefined,
  };
}

export interface FactsSlices {
  /** Runs the next slice in a task of its own. */
  schedule: (work: () => void) => void;
  now: () => number;
  /** Milliseconds of reading per task. */
  budgetMs: number;
}

export interface FactsReading {
  cancel(): void;
}

/**
 * Reads the facts a slice per task; `done` gets them with the milliseconds of work they took. The
 * elements are those held when it starts, less any removed meanwhile; a change meanwhile is the
 * caller's to notice (the scene is marked stale and read again).
 */
export function readElementFactsInSlices(
  cy: Core,
  slices: FactsSlices,
  done: (facts: PreviewFacts, workMs: number) => void,
): FactsReading {
  const elements = Array.from(elementPool(cy) as ArrayLike<SingularElementArgument>);
  const facts: PreviewFacts = { nodes: [], edges: [] };
  let at = 0;
  let workMs = 0;
  let cancelled = false;
  const slice = (): void => {
    if (cancelled) {
      return;
    }
    const start = slices.now();
    while (at < elements.length) {
      addFacts(facts, elements[at]);
      at += 1;
      // The clock is read every 256 elements (a fraction of a millisecond of work).
      if ((at & 255) === 0 && slices.now() - start >= slices.budgetMs) {
        break;
      }
    }
    workMs += slices.now() - start;
    if (at < elements.length) {
      slices.schedule(slice);
    } else {
      done(facts, workMs);
    }
  };
  slices.schedule(slice);
  return {
    cancel: () => {
      cancelled = true;
    },
  };
}
