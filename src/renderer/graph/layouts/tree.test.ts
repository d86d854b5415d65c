import { describe, expect, it } from 'vitest';
import { computeLayout } from '../layout-compute';
import { overlapShare } from './quality';
import type { LayoutInput, LayoutKind, LayoutPositions } from './types';
import { LAYOUT_KINDS } from './types';

/**
 * An ownership-like graph: a 4-ary tree (edges parent -> child) plus cross links, every node
 * starting on the same spot (what a broken earlier layout leaves behind).
 */
function family(kind: LayoutKind, count: number): LayoutInput {
  const nodes: LayoutInput['nodes'] = [];
  const edges: LayoutInput['edges'] = [];
  for (let index = 0; index < count; index += 1) {
    nodes.push({ id: `n${index}`, x: 0, y: 0 });
  }
  for (let index = 1; index < count; index += 1) {
    edges.push({ source: `n${Math.floor((index - 1) / 4)}`, target: `n${index}` });
  }
  for (let index = 0; index < count / 4; index += 1) {
    edges.push({ source: `n${(index * 7919) % count}`, target: `n${(index * 104729) % count}` });
  }
  return { kind, nodes, edges };
}

function extentOf(positions: LayoutPositions) {
  const xs = Object.values(positions).map((at) => at.x);
  const ys = Object.values(positions).map((at) => at.y);
  const [x1, x2, y1, y2] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { x1, x2, y1, y2, width: x2 - x1, height: y2 - y1 };
}

describe('the re-layout kinds', () => {
  for (const kind of LAYOUT_KINDS) {
    it(`${kind}: spreads 3,000 stacked nodes so that no centre is within 8 px of another`, () => {
      const positions = computeLayout(family(kind, 3_000));
      expect(Object.keys(positions)).toHaveLength(3_000);
      expect(overlapShare(positions)).toBe(0);
    }, 120_000);
  }

  it('force: lays 10,000 nodes (beyond fcose) out compactly, with no overlapping centres', () => {
    const positions = computeLayout(family('force', 10_000));
    expect(overlapShare(positions)).toBe(0);
    // About a node per 100 x 100 px or denser: the radial layout it replaces spread 10,000 nodes
    // over 670,000 px, which no Fit could show.
    const { width, height } = extentOf(positions);
    expect(Math.max(width, height)).toBeLessThan(100 * Math.sqrt(10_000));
  }, 120_000);

  it('force: packs components of every size apart, their boxes never overlapping', () => {
    const sizes = [1, 1, 2, 5, 40, 300, 1_200];
    const nodes: LayoutInput['nodes'] = [];
    const edges: LayoutInput['edges'] = [];
    const members: string[][] = [];
    sizes.forEach((size, component) => {
      const ids = Array.from({ length: size }, (_, index) => `k${component}-${index}`);
      members.push(ids);
      nodes.push(...ids.map((id) => ({ id, x: 0, y: 0 })));
      ids
        .slice(1)
        .forEach((id, index) => edges.push({ source: ids[Math.floor(index / 3)] ?? '', target: id }));
    });
    const positions = computeLayout({ kind: 'force', nodes, edges });
    const boxes = members.map((ids) =>
      extentOf(Object.fromEntries(ids.map((id) => [id, positions[id] ?? { x: 0, y: 0 }]))),
    );
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const apart = a.x2 < b.x1 || b.x2 < a.x1 || a.y2 < b.y1 || b.y2 < a.y1;
        expect(apart).toBe(true);
      }
    }
  }, 120_000);

  it('hierarchical: draws every parent above its children', () => {
    const input = family('hierarchical', 200);
    input.edges = input.edges.filter((edge) => Number(edge.source.slice(1)) < Number(edge.target.slice(1)));
    const positions = computeLayout({ ...input, edges: input.edges.slice(0, 199) });
    for (const { source, target } of input.edges.slice(0, 199)) {
      expect(positions[source]?.y ?? 0).toBeLessThan(positions[target]?.y ?? 0);
    }
  });

  it('places separate components side by side, not on top of each other', () => {
    const positions = computeLayout({
      kind: 'force',
      nodes: ['a', 'b', 'c', 'd'].map((id) => ({ id, x: 0, y: 0 })),
      edges: [
        { source: 'a', target: 'b' },
        { source: 'c', target: 'd' },
      ],
    });
    expect(overlapShare(positions, 40)).toBe(0);
  });

  it('concentric: puts the best-connected node in the middle', () => {
    const leaves = Array.from({ length: 12 }, (_, index) => `leaf${index}`);
    const positions = computeLayout({
      kind: 'concentric',
      nodes: ['hub', ...leaves].map((id) => ({ id, x: 0, y: 0 })),
      edges: leaves.map((leaf) => ({ source: 'hub', target: leaf })),
    });
    expect(positions.hub).toEqual({ x: 0, y: 0 });
  });
});
