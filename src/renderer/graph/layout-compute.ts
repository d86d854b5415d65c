/**
 * The re-layout as a pure function (elements in, positions out), run inside the layout worker so
 * the UI thread never blocks on it. Every kind ends with `separate`, so no two node centres are
 * left on top of each other whatever the layout did.
 * - force: each connected component on its own: fcose (headless Cytoscape) at full quality for
 *   components up to FCOSE_MAX_NODES (at most FCOSE_BUDGET nodes in all, run in chunks), d3-force's
 *   simulation (layouts/many-body.ts) for bigger ones (fcose's draft quality stacked hundreds of
 *   nodes on one spot there, and its full quality takes many seconds); then the components are packed apart on shelves (fcose's own
 *   packing needs a plugin this app does not carry, and left component boxes overlapping);
 * - hierarchical: layers top-down along edge direction (parent above child in ownership trees);
 * - concentric, grid: by degree, best connected in the middle / top left.
 */
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';
import { manyBodyBox } from './layouts/many-body';
import { separate } from './layouts/quality';
import type { Box } from './layouts/tree';
import {
  adjacencyOf,
  byDegree,
  concentricLayout,
  gridLayout,
  layeredLayout,
  pack,
  spanningForest,
} from './layouts/tree';
import type { LayoutInput, LayoutPositions } from './layouts/types';

export type { LayoutInput, LayoutKind, LayoutPositions } from './layouts/types';
export { LAYOUT_KINDS } from './layouts/types';

/** Above this many nodes in a component fcose's full quality takes too long; d3-force takes over. */
export const FCOSE_MAX_NODES = 1_000;
/** At most this many nodes of a graph go through fcose (smallest components first); the rest go to d3-force. */
export const FCOSE_BUDGET = 2_000;

let registered = false;

function fcoseLayout(input: LayoutInput): LayoutPositions {
  if (!registered) {
    cytoscape.use(fcose);
    registered = true;
  }
  const cy = cytoscape({ headless: true, styleEnabled: true });
  const ids = new Set(input.nodes.map((node) => node.id));
  cy.add([
    ...input.nodes.map((node) => ({
      group: 'nodes' as const,
      data: { id: node.id },
      position: { x: node.x, y: node.y },
    })),
    ...input.edges
      .filter((edge) => ids.has(edge.source) && ids.has(edge.target) && edge.source !== edge.target)
      .map((edge, index) => ({
        group: 'edges' as const,
        data: { id: `e${index}`, source: edge.source, target: edge.target },
      })),
  ]);
  cy.layout({
    name: 'fcose',
    quality: 'default',
    randomize: true,
    animate: false,
    fit: false,
    nodeDimensionsIncludeLabels: false,
    nodeRepulsion: 6000,
    idealEdgeLength: 90,
  } as unknown as Parameters<typeof cy.layout>[0]).run();
  const positions: LayoutPositions = {};
  cy.nodes().forEach((node) => {
    positions[node.id()] = { ...node.position() };
  });
  cy.destroy();
  return positions;
}

/** The positions' box, centred on 0,0. */
function boxAround(ids: readonly string[], positions: LayoutPositions): Box {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const id of ids) {
    const at = positions[id] ?? { x: 0, y: 0 };
    x1 = Math.min(x1, at.x);
    y1 = Math.min(y1, at.y);
    x2 = Math.max(x2, at.x);
    y2 = Math.max(y2, at.y);
  }
  const centred: LayoutPositions = {};
  for (const id of ids) {
    const at = positions[id] ?? { x: 0, y: 0 };
    centred[id] = { x: at.x - (x1 + x2) / 2, y: at.y - (y1 + y2) / 2 };
  }
  return { positions: centred, width: x2 - x1 + 60, height: y2 - y1 + 60 };
}

/** The edges with both ends among these ids. */
function edgesWithin(input: LayoutInput, ids: ReadonlySet<string>): LayoutInput['edges'] {
  return input.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target));
}

/** fcose over a few components at once (one headless Cytoscape), each returned as its own box. */
function fcoseBoxes(input: LayoutInput, components: readonly string[][]): Box[] {
  const ids = new Set(components.flat());
  const nodes = input.nodes.filter((node) => ids.has(node.id));
  const positions = fcoseLayout({ kind: 'force', nodes, edges: edgesWithin(input, ids) });
  return components.map((component) => boxAround(component, positions));
}

/** Each component laid out on its own (fcose or d3-force), then the components packed apart. */
function forceLayout(input: LayoutInput): LayoutPositions {
  const adjacency = adjacencyOf(input);
  const forest = spanningForest(byDegree(adjacency), (id) => adjacency.get(id) ?? []);
  const smallestFirst = [...forest].sort((a, b) => a.order.length - b.order.length);
  const boxes: Box[] = [];
  let chunk: string[][] = [];
  let chunkSize = 0;
  let budget = FCOSE_BUDGET;
  for (const tree of smallestFirst) {
    const size = tree.order.length;
    if (size > FCOSE_MAX_NODES || size > budget) {
      boxes.push(manyBodyBox(tree.order, input.edges));
      continue;
    }
    budget -= size;
    if (chunkSize + size > FCOSE_MAX_NODES) {
      boxes.push(...fcoseBoxes(input, chunk));
      chunk = [];
      chunkSize = 0;
    }
    chunk.push(tree.order);
    chunkSize += size;
  }
  if (chunk.length > 0) {
    boxes.push(...fcoseBoxes(input, chunk));
  }
  return pack(boxes);
}

function positionsFor(input: LayoutInput): LayoutPositions {
  switch (input.kind) {
    case 'force':
      return forceLayout(input);
    case 'hierarchical':
      return layeredLayout(input);
    case 'concentric':
      return concentricLayout(input);
    case 'grid':
      return gridLayout(input);
  }
}

export function computeLayout(input: LayoutInput): LayoutPositions {
  const positions = separate(positionsFor(input));
  for (const at of Object.values(positions)) {
    at.x = Math.round(at.x * 10) / 10;
    at.y = Math.round(at.y * 10) / 10;
  }
  return positions;
}
