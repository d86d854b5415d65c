import { describe, expect, it } from 'vitest';
import { overlapShare, separate } from './quality';

describe('layout quality', () => {
  it('counts every node whose centre is within 8 px of another', () => {
    const share = overlapShare({
      a: { x: 0, y: 0 },
      b: { x: 5, y: 0 },
      c: { x: 100, y: 0 },
      d: { x: 300, y: 0 },
    });
    expect(share).toBe(0.5);
  });

  it('reports no overlap for nodes that are apart', () => {
    expect(overlapShare({ a: { x: 0, y: 0 }, b: { x: 9, y: 0 } })).toBe(0);
  });

  it('spreads a thousand nodes stacked on one spot until none overlaps', () => {
    const stacked: Record<string, { x: number; y: number }> = {};
    for (let index = 0; index < 1000; index += 1) {
      stacked[`n${index}`] = { x: 10, y: 10 };
    }
    expect(overlapShare(separate(stacked))).toBe(0);
  });

  it('leaves nodes that are already apart where they are', () => {
    const apart = { a: { x: 0, y: 0 }, b: { x: 100, y: 0 } };
    expect(separate(apart)).toEqual(apart);
  });
});
