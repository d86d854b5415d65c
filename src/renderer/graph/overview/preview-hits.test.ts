import { describe, expect, it } from 'vitest';
import { fakeNode } from './fake-facts';
import type { PreviewFacts } from './overview-preview';
import { createPreviewHits, pointIndex, selectInPreview } from './preview-hits';

const at = (id: string, x: number, y: number, hidden = false) => ({ id, x, y, hidden });

describe('the preview hit index', () => {
  it('finds the point under the pointer', () => {
    const index = pointIndex([at('a', 0, 0), at('b', 400, 0)]);
    expect(index.nearest(398, 3, 20)).toBe('b');
  });

  it('finds the nearest of several points within the radius', () => {
    const index = pointIndex([at('a', 0, 0), at('b', 30, 0), at('c', 55, 0)]);
    expect(index.nearest(40, 0, 50)).toBe('b');
  });

  it('finds nothing farther than the radius', () => {
    const index = pointIndex([at('a', 0, 0)]);
    expect(index.nearest(30, 30, 20)).toBeUndefined();
  });

  it('finds a point in a neighbouring cell across a cell border', () => {
    const index = pointIndex([at('a', 119, 0), at('b', -1, -1)]);
    expect(index.nearest(121, 0, 10)).toBe('a');
    expect(index.nearest(1, 1, 5)).toBe('b');
  });

  it('reaches points several cells away when the radius is wide (zoomed far out)', () => {
    const index = pointIndex([at('far', 900, 900)]);
    expect(index.nearest(600, 600, 600)).toBe('far');
  });

  it('never hits a hidden point', () => {
    const index = pointIndex([at('rejected', 0, 0, true), at('shown', 15, 0)]);
    expect(index.nearest(0, 0, 20)).toBe('shown');
  });
});

const facts = (...ids: string[]): PreviewFacts => ({
  nodes: ids.map((id, index) => fakeNode(id, { x: index * 100 })),
  edges: [],
});

describe('hits on the preview', () => {
  it('hits a node only inside it at reading zoom', () => {
    const hit = createPreviewHits();
    const shown = facts('a', 'b');
    expect(hit(shown, { x: 115, y: 0 }, 1)).toBe('b');
    expect(hit(shown, { x: 125, y: 0 }, 1)).toBeUndefined();
  });

  it('hits a node drawn as a dot a few pixels from the pointer when zoomed far out', () => {
    const hit = createPreviewHits();
    // At zoom 0.02, 4 px on screen are 200 model units.
    expect(hit(facts('a', 'b'), { x: 300, y: 0 }, 0.02)).toBe('b');
  });

  it('reads the facts of a new preview, not those of the one before', () => {
    const hit = createPreviewHits();
    expect(hit(facts('a'), { x: 0, y: 0 }, 1)).toBe('a');
    expect(hit(facts('z'), { x: 0, y: 0 }, 1)).toBe('z');
  });
});

describe('the selection ring in the preview', () => {
  it('rings the selected node only', () => {
    const shown = facts('a', 'b');
    selectInPreview(shown, 'a');
    selectInPreview(shown, 'b');
    expect(shown.nodes.map((node) => node.selected)).toEqual([false, true]);
  });

  it('says when nothing changed (the scene is not built again)', () => {
    const shown = facts('a', 'b');
    expect(selectInPreview(shown, 'a')).toBe(true);
    expect(selectInPreview(shown, 'a')).toBe(false);
  });
});
