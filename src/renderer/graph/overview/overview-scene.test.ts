import { describe, expect, it } from 'vitest';
import { ASSET_LOOKS } from '../asset-style';
import { MARK_COLORS, themeColors } from '../cy-style';
import { fakeEdge, fakeNode } from './fake-facts';
import { buildScene, edgeLookOf, nodeLookOf, ringOf } from './overview-scene';

const colors = themeColors('light');

const node = fakeNode;
const edge = fakeEdge;

describe('overview looks', () => {
  it('draws a node in its type colour and shape, 34 units wide, with no ring', () => {
    expect(nodeLookOf(node('a', { type: 'Location' }), colors)).toEqual({
      fill: ASSET_LOOKS.Location.color,
      shape: ASSET_LOOKS.Location.shape,
      size: 34,
      opacity: 1,
      ring: undefined,
      glyph: undefined,
    });
  });

  it('gives a node its type glyph and an edge its arrowhead with the full look only', () => {
    expect(nodeLookOf(node('a', { type: 'Location', lean: false }), colors).glyph).toBe(
      ASSET_LOOKS.Location.glyph,
    );
    expect(nodeLookOf(node('a', { type: 'Location', lean: true }), colors).glyph).toBeUndefined();
    expect(edgeLookOf(edge('a', 'b', { lean: false }), colors)).toMatchObject({ arrow: true, width: 1.2 });
    expect(edgeLookOf(edge('a', 'b', { lean: true }), colors)).toMatchObject({ arrow: false, width: 1 });
  });

  it('fades the entity a pending match proposes, as the stylesheet does', () => {
    expect(nodeLookOf(node('a', { candidate: true }), colors).opacity).toBe(0.45);
  });

  it('draws a collection larger, with a ring in the edge colour', () => {
    const look = nodeLookOf(node('a', { collection: true }), colors);
    expect(look.size).toBe(46);
    expect(look.ring).toEqual({ color: colors.edge, width: 4, dashed: false });
  });

  it('lets the later stylesheet rule win when marks overlap: a failed lookup over the selection', () => {
    expect(ringOf(node('a', { selected: true, failed: true }), colors)).toEqual({
      color: MARK_COLORS.failed,
      width: 3,
      dashed: true,
    });
  });

  it('rings a search hit in the search colour', () => {
    expect(ringOf(node('a', { searchHit: true }), colors)?.color).toBe(MARK_COLORS.searchHit);
  });

  it('draws a selected edge in the accent colour and wider, a pending match dashed', () => {
    expect(edgeLookOf(edge('a', 'b', { selected: true }), colors)).toEqual({
      color: colors.accent,
      width: 2.5,
      dashed: false,
      arrow: false,
    });
    expect(edgeLookOf(edge('a', 'b', { pending: true }), colors).dashed).toBe(true);
  });
});

describe('buildScene', () => {
  it('groups nodes of one look into one group of interleaved centres', () => {
    const scene = buildScene(
      [node('a', { x: 1, y: 2 }), node('b', { x: 3, y: 4 }), node('c', { type: 'Person', x: 5, y: 6 })],
      [],
      colors,
    );
    expect(scene.nodes).toBe(3);
    expect(scene.nodeGroups.map((group) => group.points)).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
  });

  it('leaves out hidden nodes and every edge that touches one', () => {
    const scene = buildScene(
      [node('a'), node('b', { hidden: true, x: 9 }), node('c', { x: 5 })],
      [edge('a', 'b'), edge('a', 'c')],
      colors,
    );
    expect(scene.nodes).toBe(2);
    expect(scene.edges).toBe(1);
    expect(scene.edgeGroups[0]?.segments).toEqual([0, 0, 5, 0]);
  });

  it('leaves out a hidden edge between shown nodes (filtered, folded or rejected)', () => {
    const scene = buildScene([node('a'), node('c', { x: 5 })], [edge('a', 'c', { hidden: true })], colors);
    expect(scene.edges).toBe(0);
  });

  it("writes a pending match's score along its edge with the full stylesheet, from zoom 0.5", () => {
    const scene = buildScene(
      [node('a', { x: 100, y: 0 }), node('b')],
      [edge('a', 'b', { pending: true, label: 'candidate · 30', lean: false })],
      colors,
    );
    expect(scene.texts).toEqual([{ text: 'candidate · 30', x: 50, y: 0, size: 10, angle: 0, minZoom: 0.5 }]);
  });

  it('puts ringed nodes after plain ones, so rings are drawn on top', () => {
    const scene = buildScene([node('a', { selected: true }), node('b')], [], colors);
    expect(scene.nodeGroups.map((group) => group.look.ring === undefined)).toEqual([true, false]);
  });
});
