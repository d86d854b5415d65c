/**
 * Layouts computed in one pass over a breadth-first spanning forest, O(n log n), so they stay right
 * from ten nodes to tens of thousands (fcose's draft quality stacked hundreds of nodes on one spot,
 * and ForceAtlas2 and dagre took tens of seconds at a few thousand nodes on this machine; see
 * docs/ui.md):
 * - radial: each component around its best-connected node, depth by depth on rings, every node in
 *   a wedge proportional to the size of its subtree (the large-graph "force" layout);
 * - layered: ownership trees top-down (an edge points from parent to child), roots on top.
 * Components are packed on shelves, largest first.
 */
import type { LayoutInput, LayoutPositions } from './types';

/** Least distance wanted between two nodes on a ring or a row, and between rings or layers. */
export const NODE_SPACING = 48;
export const RING_GAP = 130;
export const LAYER_GAP = 140;
const COMPONENT_GAP = 200;

export function adjacencyOf(input: LayoutInput): Map<string, string[]> {
  const adjacency = new Map<string, string[]>();
  for (const node of input.nodes) {
    adjacency.set(node.id, []);
  }
  for (const { source, target } of input.edges) {
    const from = adjacency.get(source);
    const to = adjacency.get(target);
    if (from !== undefined && to !== undefined && source !== target) {
      from.push(target);
      to.push(source);
    }
  }
  return adjacency;
}

/** Node ids, best connected first (ties by id, so the result does not depend on input order). */
export function byDegree(adjacency: ReadonlyMap<string, readonly string[]>): string[] {
  return [...adjacency.keys()].sort(
    (a, b) => (adjacency.get(b)?.length ?? 0) - (adjacency.get(a)?.length ?? 0) || (a < b ? -1 : 1),
  );
}

export interface Tree {
  /** Breadth-first order; the root first. */
  order: string[];
  children: Map<string, string[]>;
  depth: Map<string, number>;
}

/** Breadth-first spanning trees, one per component, each rooted at its first id in `roots`. */
export function spanningForest(roots: readonly string[], next: (id: string) => readonly string[]): Tree[] {
  const seen = new Set<string>();
  const forest: Tree[] = [];
  for (const root of roots) {
    if (seen.has(root)) {
      continue;
    }
    seen.add(root);
    const tree: Tree = { order: [root], children: new Map(), depth: new Map([[root, 0]]) };
    for (let cursor = 0; cursor < tree.order.length; cursor += 1) {
      const id = tree.order[cursor] ?? '';
      const kids: string[] = [];
      for (const other of next(id)) {
        if (!seen.has(other)) {
          seen.add(other);
          kids.push(other);
          tree.order.push(other);
          tree.depth.set(other, (tree.depth.get(id) ?? 0) + 1);
        }
      }
      tree.children.set(id, kids);
    }
    forest.push(tree);
  }
  return forest;
}

export interface Box {
  positions: LayoutPositions;
  width: number;
  height: number;
}

/**
 * Room left around a component: a big one is kept well apart from the next, a lone node or a pair
 * only a little (else thousands of them would spread over the screen).
 */
function gapAround(box: Box): number {
  return Math.min(COMPONENT_GAP, Math.max(NODE_SPACING, Math.max(box.width, box.height) * 0.25));
}

/**
 * Shifts each component's box (centred on 0,0) onto shelves about as wide as the total is tall,
 * largest first; no two boxes overlap.
 */
export function pack(boxes: Box[]): LayoutPositions {
  const sorted = [...boxes].sort((a, b) => b.width * b.height - a.width * a.height);
  const area = sorted.reduce(
    (sum, box) => sum + (box.width + gapAround(box)) * (box.height + gapAround(box)),
    0,
  );
  const shelfWidth = Math.max(Math.sqrt(area) * 1.4, sorted[0]?.width ?? 0);
  const result: LayoutPositions = {};
  let x = 0;
  let y = 0;
  let shelfHeight = 0;
  for (const box of sorted) {
    const gap = gapAround(box);
    if (x > 0 && x + box.width > shelfWidth) {
      x = 0;
      y += shelfHeight;
      shelfHeight = 0;
    }
    for (const [id, at] of Object.entries(box.positions)) {
      result[id] = { x: at.x + x + box.width / 2, y: at.y + y + box.height / 2 };
    }
    x += box.width + gap;
    shelfHeight = Math.max(shelfHeight, box.height + gap);
  }
  return result;
}

function radialTree(tree: Tree): Box {
  // Subtree weights (leaves count 1), bottom-up.
  const weight = new Map<string, number>();
  for (let index = tree.order.length - 1; index >= 0; index -= 1) {
    const id = tree.order[index] ?? '';
    const kids = tree.children.get(id) ?? [];
    weight.set(id, kids.length === 0 ? 1 : kids.reduce((sum, kid) => sum + (weight.get(kid) ?? 1), 0));
  }
  // A ring is at least RING_GAP outside the previous one and long enough for its nodes.
  const perDepth: number[] = [];
  for (const depth of tree.depth.values()) {
    perDepth[depth] = (perDepth[depth] ?? 0) + 1;
  }
  const radius: number[] = [0];
  for (let depth = 1; depth < perDepth.length; depth += 1) {
    radius[depth] = Math.max(
      (radius[depth - 1] ?? 0) + RING_GAP,
      ((perDepth[depth] ?? 0) * NODE_SPACING) / (2 * Math.PI),
    );
  }
  const positions: LayoutPositions = {};
  const wedge = new Map<string, [number, number]>([[tree.order[0] ?? '', [0, 2 * Math.PI]]]);
  for (const id of tree.order) {
    const [from, to] = wedge.get(id) ?? [0, 2 * Math.PI];
    const r = radius[tree.depth.get(id) ?? 0] ?? 0;
    const angle = (from + to) / 2;
    positions[id] = { x: r * Math.cos(angle), y: r * Math.sin(angle) };
    const kids = tree.children.get(id) ?? [];
    const total = weight.get(id) ?? 1;
    let start = from;
    for (const kid of kids) {
      const share = ((to - from) * (weight.get(kid) ?? 1)) / total;
      wedge.set(kid, [start, start + share]);
      start += share;
    }
  }
  const extent = 2 * (radius[radius.length - 1] ?? 0) + NODE_SPACING;
  return { positions, width: extent, height: extent };
}

export function radialLayout(input: LayoutInput): LayoutPositions {
  const adjacency = adjacencyOf(input);
  const forest = spanningForest(byDegree(adjacency), (id) => adjacency.get(id) ?? []);
  return pack(forest.map(radialTree));
}

/** Most nodes side by side in one row of a layer; a wider layer wraps onto more rows. */
function rowLimit(nodeCount: number): number {
  return Math.max(40, Math.ceil(Math.sqrt(nodeCount) * 2));
}

export function layeredLayout(input: LayoutInput): LayoutPositions {
  const ids = new Set(input.nodes.map((node) => node.id));
  const outgoing = new Map<string, string[]>();
  const incoming = new Map<string, number>();
  for (const { source, target } of input.edges) {
    if (source !== target && ids.has(source) && ids.has(target)) {
      outgoing.set(source, [...(outgoing.get(source) ?? []), target]);
      incoming.set(target, (incoming.get(target) ?? 0) + 1);
    }
  }
  const adjacency = adjacencyOf(input);
  // Roots first (nothing points at them), then the rest, so a cycle still gets a top.
  const order = byDegree(adjacency);
  const roots = [...order.filter((id) => (incoming.get(id) ?? 0) === 0), ...order];
  const forest = spanningForest(roots, (id) => outgoing.get(id) ?? []);
  const limit = rowLimit(input.nodes.length);
  const boxes = forest.map((tree): Box => {
    // Breadth-first order already keeps siblings together and in their parents' order.
    const layers: string[][] = [];
    for (const id of tree.order) {
      const depth = tree.depth.get(id) ?? 0;
      (layers[depth] ??= []).push(id);
    }
    const positions: LayoutPositions = {};
    let y = 0;
    let width = 0;
    for (const layer of layers) {
      for (let start = 0; start < layer.length; start += limit) {
        const row = layer.slice(start, start + limit);
        const rowWidth = (row.length - 1) * NODE_SPACING;
        width = Math.max(width, rowWidth);
        row.forEach((id, index) => {
          positions[id] = { x: index * NODE_SPACING - rowWidth / 2, y };
        });
        y += start + limit < layer.length ? NODE_SPACING * 1.5 : LAYER_GAP;
      }
    }
    const height = Math.max(0, y - LAYER_GAP);
    for (const at of Object.values(positions)) {
      at.y -= height / 2;
    }
    return { positions, width: width + NODE_SPACING, height: height + NODE_SPACING };
  });
  return pack(boxes);
}

/** Rings around the best-connected nodes: each ring as full as NODE_SPACING allows. */
export function concentricLayout(input: LayoutInput): LayoutPositions {
  const positions: LayoutPositions = {};
  let ring = 0;
  let used = 0;
  for (const id of byDegree(adjacencyOf(input))) {
    const r = ring * RING_GAP;
    const capacity = ring === 0 ? 1 : Math.floor((2 * Math.PI * r) / NODE_SPACING);
    const angle = capacity === 0 ? 0 : (2 * Math.PI * used) / capacity + ring * 0.5;
    positions[id] = { x: r * Math.cos(angle), y: r * Math.sin(angle) };
    used += 1;
    if (used >= capacity) {
      ring += 1;
      used = 0;
    }
  }
  return positions;
}

/** A square grid, best-connected nodes first (top left). */
export function gridLayout(input: LayoutInput): LayoutPositions {
  const order = byDegree(adjacencyOf(input));
  const columns = Math.max(1, Math.ceil(Math.sqrt(order.length)));
  const positions: LayoutPositions = {};
  order.forEach((id, index) => {
    positions[id] = {
      x: (index % columns) * NODE_SPACING * 1.5,
      y: Math.floor(index / columns) * NODE_SPACING * 1.5,
    };
  });
  return positions;
}
