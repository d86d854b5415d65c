/**
 * Layout quality as a number, and the last pass every layout gets: nodes drawn on (almost) the same
 * spot are unreadable, so the share of nodes whose centre is within a few pixels of another's is
 * measured (bench, tests) and driven to zero by nudging such nodes apart. Both use a spatial hash
 * (cells as wide as the distance), so they cost O(n) for evenly spread nodes.
 */
import type { LayoutPositions } from './types';

/** Two nodes closer than this read as one (a node is 30 px wide at zoom 1). */
export const OVERLAP_PX = 8;

function cellKey(x: number, y: number, size: number): string {
  return `${Math.floor(x / size)},${Math.floor(y / size)}`;
}

function buildGrid(positions: LayoutPositions, size: number): Map<string, string[]> {
  const grid = new Map<string, string[]>();
  for (const [id, { x, y }] of Object.entries(positions)) {
    const key = cellKey(x, y, size);
    const cell = grid.get(key);
    if (cell === undefined) {
      grid.set(key, [id]);
    } else {
      cell.push(id);
    }
  }
  return grid;
}

/** The ids within `distance` of the point (the point's own id included when present). */
function near(
  grid: Map<string, string[]>,
  positions: LayoutPositions,
  x: number,
  y: number,
  distance: number,
): string[] {
  const found: string[] = [];
  const cx = Math.floor(x / distance);
  const cy = Math.floor(y / distance);
  for (let dx = -1; dx <= 1; dx += 1) {
    for (let dy = -1; dy <= 1; dy += 1) {
      for (const id of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
        const at = positions[id];
        if (at !== undefined && Math.hypot(at.x - x, at.y - y) < distance) {
          found.push(id);
        }
      }
    }
  }
  return found;
}

/** Share (0..1) of nodes whose centre is within `distance` of another node's centre. */
export function overlapShare(positions: LayoutPositions, distance = OVERLAP_PX): number {
  const ids = Object.keys(positions);
  if (ids.length === 0) {
    return 0;
  }
  const grid = buildGrid(positions, distance);
  let crowded = 0;
  for (const id of ids) {
    const at = positions[id];
    if (at !== undefined && near(grid, positions, at.x, at.y, distance).length > 1) {
      crowded += 1;
    }
  }
  return crowded / ids.length;
}

/**
 * Moves nodes that sit within `distance` of an earlier node onto the nearest free spot of a small
 * spiral around where they were, so no two centres end up closer than `distance`. Nodes that were
 * already apart do not move. Deterministic (id order).
 */
export function separate(positions: LayoutPositions, distance = OVERLAP_PX * 2): LayoutPositions {
  const result: LayoutPositions = {};
  const grid = new Map<string, string[]>();
  const golden = Math.PI * (3 - Math.sqrt(5));
  const put = (id: string, x: number, y: number): void => {
    result[id] = { x, y };
    const key = cellKey(x, y, distance);
    const cell = grid.get(key);
    if (cell === undefined) {
      grid.set(key, [id]);
    } else {
      cell.push(id);
    }
  };
  for (const [id, { x, y }] of Object.entries(positions)) {
    let step = 0;
    let px = x;
    let py = y;
    while (near(grid, result, px, py, distance).length > 0) {
      step += 1;
      const radius = distance * Math.sqrt(step);
      px = x + radius * Math.cos(step * golden);
      py = y + radius * Math.sin(step * golden);
    }
    put(id, px, py);
  }
  return result;
}
