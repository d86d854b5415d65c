import { describe, expect, it } from 'vitest';
import type { Point } from './placement';
import { CHILD_SPACING, CLUSTER_GAP, createPlacement, planPositions } from './placement';

/** A star: the hub linked to every leaf. */
function star(hub: string, leaves: readonly string[]) {
  const links = new Map<string, string[]>([[hub, [...leaves]]]);
  for (const leaf of leaves) {
    links.set(leaf, [hub]);
  }
  return (id: string): string[] => links.get(id) ?? [];
}

const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

describe('node placement', () => {
  it('keeps a saved position as it is', () => {
    const placement = createPlacement();
    const [only] = placement.place(['a'], () => [], { a: { x: 12, y: -7 } });
    expect(only).toEqual({ id: 'a', at: { x: 12, y: -7 }, placed: false });
  });

  it('puts the first node of an empty drawing at the origin', () => {
    const placement = createPlacement();
    expect(placement.place(['a'], () => [], {})[0]?.at).toEqual({ x: 0, y: 0 });
  });

  it('places a child near the node it is linked to', () => {
    const placement = createPlacement();
    placement.place(['hub'], () => [], { hub: { x: 500, y: 500 } });
    const [child] = placement.place(['c'], star('hub', ['c']), {});
    expect(child?.placed).toBe(true);
    expect(distance(child?.at ?? { x: 0, y: 0 }, { x: 500, y: 500 })).toBeLessThan(300);
  });

  it('keeps siblings at least the child spacing apart however many there are', () => {
    const placement = createPlacement();
    const leaves = Array.from({ length: 200 }, (_, index) => `leaf${index}`);
    placement.place(['hub'], () => [], { hub: { x: 0, y: 0 } });
    const placed = placement.place(leaves, star('hub', leaves), {}).map((entry) => entry.at);
    let closest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < placed.length; i += 1) {
      for (let j = i + 1; j < placed.length; j += 1) {
        closest = Math.min(closest, distance(placed[i] ?? { x: 0, y: 0 }, placed[j] ?? { x: 0, y: 0 }));
      }
    }
    expect(closest).toBeGreaterThanOrEqual(CHILD_SPACING - 0.5);
  });

  it('places a chain breadth first, each link farther out than the one before', () => {
    const placement = createPlacement();
    const links: Record<string, string[]> = { root: ['a'], a: ['root', 'b'], b: ['a', 'c'], c: ['b'] };
    placement.place(['root'], () => [], { root: { x: 0, y: 0 } });
    const placed = placement.place(['c', 'b', 'a'], (id) => links[id] ?? [], {});
    const radii = ['a', 'b', 'c'].map((id) =>
      Math.hypot(placement.positionOf(id)?.x ?? 0, placement.positionOf(id)?.y ?? 0),
    );
    expect(placed.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect(radii[1]).toBeGreaterThan(radii[0] ?? 0);
    expect(radii[2]).toBeGreaterThan(radii[1] ?? 0);
  });

  it('starts an unrelated node as a new cluster in free space beside the drawing', () => {
    const placement = createPlacement();
    const leaves = Array.from({ length: 30 }, (_, index) => `leaf${index}`);
    placement.place(['hub'], () => [], { hub: { x: 0, y: 0 } });
    placement.place(leaves, star('hub', leaves), {});
    const drawn = ['hub', ...leaves].map((id) => placement.positionOf(id) ?? { x: 0, y: 0 });
    const [seed] = placement.place(['other seed'], () => [], {});
    const nearest = Math.min(...drawn.map((at) => distance(at, seed?.at ?? { x: 0, y: 0 })));
    expect(nearest).toBeGreaterThanOrEqual(CLUSTER_GAP);
  });

  it('never moves a node already drawn', () => {
    const placement = createPlacement();
    placement.place(['hub'], () => [], { hub: { x: 3, y: 4 } });
    expect(placement.place(['hub'], () => [], { hub: { x: 99, y: 99 } })).toEqual([]);
    expect(placement.positionOf('hub')).toEqual({ x: 3, y: 4 });
  });

  it('forgets a removed node, so it can be placed again', () => {
    const placement = createPlacement();
    placement.place(['a'], () => [], {});
    placement.forget('a');
    expect(placement.has('a')).toBe(false);
    expect(placement.size).toBe(0);
  });
});

describe('planning the positions of a case about to be drawn', () => {
  const planned = (ids: string[], links: { from: string; to: string }[], saved = {}, slice?: number) => {
    const plan = planPositions(ids, links, saved, slice);
    plan.steps.forEach((step) => step());
    return { steps: plan.steps.length, positions: plan.positions() };
  };

  it('keeps stored positions and places an entity without one next to its earlier neighbour', () => {
    const { positions } = planned(['a', 'b'], [{ from: 'a', to: 'b' }], { a: { x: 500, y: 500 } });
    expect(positions.a).toEqual({ x: 500, y: 500 });
    const b = positions.b ?? { x: Infinity, y: Infinity };
    expect(Math.hypot(b.x - 500, b.y - 500)).toBeLessThanOrEqual(200);
  });

  it('gives every entity a position, in one step per slice', () => {
    const { steps, positions } = planned(['a', 'b', 'c'], [], {}, 2);
    expect(steps).toBe(2);
    expect(Object.keys(positions).sort()).toEqual(['a', 'b', 'c']);
  });

  it('places a later slice next to a neighbour placed by an earlier one', () => {
    const { positions } = planned(['a', 'b'], [{ from: 'a', to: 'b' }], {}, 1);
    const [a, b] = [positions.a, positions.b].map((at) => at ?? { x: Infinity, y: Infinity });
    expect(Math.hypot((b?.x ?? 0) - (a?.x ?? 0), (b?.y ?? 0) - (a?.y ?? 0))).toBeLessThanOrEqual(200);
  });

  it('plans a tree listed in text order slice by slice no wider than in one pass', () => {
    // A 4-ary tree whose ids sorted as text (k0, k1, k10, k100...) put children before parents:
    // a slice whose entities have no neighbour placed yet would start a cluster per entity.
    const count = 400;
    const ids = Array.from({ length: count }, (_, index) => `k${index}`).sort();
    const links = Array.from({ length: count - 1 }, (_, index) => ({
      from: `k${Math.floor(index / 4)}`,
      to: `k${index + 1}`,
    }));
    const extent = (positions: Record<string, { x: number; y: number }>): number => {
      const xs = Object.values(positions).map((at) => at.x);
      const ys = Object.values(positions).map((at) => at.y);
      return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    };
    const sliced = extent(planned(ids, links, {}, 50).positions);
    expect(sliced).toBeLessThanOrEqual(1.5 * extent(planned(ids, links, {}, 1_000).positions));
  });

  it('needs no step when every position is stored', () => {
    expect(planPositions(['a'], [], { a: { x: 1, y: 2 } }).steps).toEqual([]);
  });
});
