import { describe, expect, it } from 'vitest';
import type { LayoutInput } from './layout-compute';
import { computeLayout } from './layout-compute';

/** Two stars of eight leaves each, hubs linked, all nodes starting on one point. */
function twoStars(): LayoutInput {
  const nodes: LayoutInput['nodes'] = [];
  const edges: LayoutInput['edges'] = [];
  for (const hub of ['a', 'b']) {
    nodes.push({ id: hub, x: 0, y: 0 });
    for (let index = 0; index < 8; index += 1) {
      nodes.push({ id: `${hub}${index}`, x: 0, y: 0 });
      edges.push({ source: hub, target: `${hub}${index}` });
    }
  }
  edges.push({ source: 'a', target: 'b' });
  return { kind: 'force', nodes, edges };
}

function distance(positions: ReturnType<typeof computeLayout>, from: string, to: string): number {
  const a = positions[from];
  const b = positions[to];
  if (a === undefined || b === undefined) {
    throw new Error(`no position for ${from} or ${to}`);
  }
  return Math.hypot(a.x - b.x, a.y - b.y);
}

describe('the re-layout computation', () => {
  it('returns a finite position for every node it was given', () => {
    const input = twoStars();
    const positions = computeLayout(input);
    expect(Object.keys(positions).sort()).toEqual(input.nodes.map((node) => node.id).sort());
    for (const { x, y } of Object.values(positions)) {
      expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
    }
  });

  it('draws each star around its own hub', () => {
    const positions = computeLayout(twoStars());
    const mean = (hub: string, leafHub: string): number => {
      let sum = 0;
      for (let index = 0; index < 8; index += 1) {
        sum += distance(positions, hub, `${leafHub}${index}`);
      }
      return sum / 8;
    };
    expect(mean('a', 'a')).toBeLessThan(mean('a', 'b'));
    expect(mean('b', 'b')).toBeLessThan(mean('b', 'a'));
  });

  it('ignores edges to nodes it was not given', () => {
    const positions = computeLayout({
      kind: 'force',
      nodes: [{ id: 'a', x: 0, y: 0 }],
      edges: [{ source: 'a', target: 'hidden' }],
    });
    expect(Object.keys(positions)).toEqual(['a']);
  });
});
