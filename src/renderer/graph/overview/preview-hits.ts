/**
 * Which node of the overview's preview is under the pointer, and its selection ring (docs/ui.md, "A big case is shown
 * whole before Cytoscape holds it"). While Cytoscape is still taking a big case in, the preview
 * draws every entity from the case's data; a click or hover there finds the entity here, so that
 * any node the user sees can be selected and inspected before Cytoscape holds it.
 *
 * A grid of square cells over the nodes' model positions, built once per preview (on the first
 * query, not while the case loads): a query reads the cells within its radius only.
 */

import type { PreviewFacts } from './overview-preview';

export interface PreviewPoint {
  id: string;
  x: number;
  y: number;
  /** Drawn as nothing (a rejected match): never hit. */
  hidden: boolean;
}

export interface PointIndex {
  /** The id of the nearest shown point within `radius` of (x, y), if any. */
  nearest(x: number, y: number, radius: number): string | undefined;
}

/** Cell side in model units: about three nodes across (nodes are 34 wide, spaced 40 or more). */
const CELL = 120;
/** A query never reads more cells than this across (a radius at the lowest zoom is bounded). */
const MAX_CELLS_ACROSS = 41;

const cellKey = (column: number, row: number): string => `${column}:${row}`;

export function pointIndex(points: readonly PreviewPoint[]): PointIndex {
  const cells = new Map<string, PreviewPoint[]>();
  for (const point of points) {
    if (point.hidden || !Number.isFinite(point.x) || !Number.isFinite(point.y)) {
      continue;
    }
    const key = cellKey(Math.floor(point.x / CELL), Math.floor(point.y / CELL));
    const cell = cells.get(key);
    if (cell === undefined) {
      cells.set(key, [point]);
    } else {
      cell.push(point);
    }
  }
  return {
    nearest(x, y, radius) {
      const reach = Math.min(Math.ceil(radius / CELL), (MAX_CELLS_ACROSS - 1) / 2);
      const column = Math.floor(x / CELL);
      const row = Math.floor(y / CELL);
      let best: PreviewPoint | undefined;
      let bestDistance = radius * radius;
      for (let dx = -reach; dx <= reach; dx += 1) {
        for (let dy = -reach; dy <= reach; dy += 1) {
          for (const point of cells.get(cellKey(column + dx, row + dy)) ?? []) {
            const distance = (point.x - x) ** 2 + (point.y - y) ** 2;
            if (distance <= bestDistance) {
              best = point;
              bestDistance = distance;
            }
          }
        }
      }
      return best?.id;
    },
  };
}

/** Half a node's width in model units (cy-style.ts): a click inside a node hits it at any zoom. */
const NODE_HALF = 17;
/** Zoomed far out, where a node is a dot: a click this many pixels from it still hits it. */
const HIT_PX = 5;

/** Hits on the facts a preview shows, indexed on the first query about them. */
export function createPreviewHits(): (
  facts: PreviewFacts,
  at: { x: number; y: number },
  zoom: number,
) => string | undefined {
  let indexed: { facts: PreviewFacts; index: PointIndex } | undefined;
  return (facts, at, zoom) => {
    if (indexed?.facts !== facts) {
      indexed = { facts, index: pointIndex(facts.nodes) };
    }
    return indexed.index.nearest(at.x, at.y, Math.max(NODE_HALF, HIT_PX / zoom));
  };
}

/** Marks this node (undefined: none) as the selected one in the facts; whether any mark changed. */
export function selectInPreview(facts: PreviewFacts, id: string | undefined): boolean {
  let changed = false;
  for (const node of facts.nodes) {
    const selected = node.id === id;
    if (node.selected !== selected) {
      node.selected = selected;
      changed = true;
    }
  }
  return changed;
}
