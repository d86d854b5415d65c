import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { fitToNodes, fitViewport, NODE_EXTENT } from './fit-view';
import { REJECTED_NODE } from './review-look';

const view = { width: 1000, height: 600, padding: 40, minZoom: 0.02, maxZoom: 1.5 };

/** Where a model point lands on screen. */
const screen = (at: { x: number; y: number }, fit: ReturnType<typeof fitViewport>) => ({
  x: at.x * (fit?.zoom ?? 1) + (fit?.pan.x ?? 0),
  y: at.y * (fit?.zoom ?? 1) + (fit?.pan.y ?? 0),
});

describe('fitViewport', () => {
  it('puts the outermost nodes, with their node and label room, inside the padding', () => {
    const points = [
      { x: -2_000, y: 0 },
      { x: 3_000, y: 500 },
      { x: 0, y: -800 },
    ];
    const fit = fitViewport(points, view);
    const left = screen({ x: -2_000 - NODE_EXTENT.side, y: 0 }, fit);
    const right = screen({ x: 3_000 + NODE_EXTENT.side, y: 0 }, fit);
    expect(left.x).toBeCloseTo(40);
    expect(right.x).toBeCloseTo(960);
    const top = screen({ x: 0, y: -800 - NODE_EXTENT.top }, fit);
    const bottom = screen({ x: 0, y: 500 + NODE_EXTENT.bottom }, fit);
    expect(top.y).toBeGreaterThanOrEqual(40 - 1e-9);
    expect(bottom.y).toBeLessThanOrEqual(560 + 1e-9);
  });

  it('centres the graph in the view', () => {
    const fit = fitViewport(
      [
        { x: 100, y: 100 },
        { x: 300, y: 200 },
      ],
      { ...view, maxZoom: 100 },
    );
    const middle = screen({ x: 200, y: 150 + (NODE_EXTENT.bottom - NODE_EXTENT.top) / 2 }, fit);
    expect(middle.x).toBeCloseTo(500);
    expect(middle.y).toBeCloseTo(300);
  });

  it('comes no closer than the largest zoom, so one node is not blown up', () => {
    const fit = fitViewport([{ x: 10, y: 10 }], view);
    expect(fit?.zoom).toBe(1.5);
    expect(screen({ x: 10, y: 10 + (NODE_EXTENT.bottom - NODE_EXTENT.top) / 2 }, fit).x).toBeCloseTo(500);
  });

  it('goes no farther than the smallest zoom', () => {
    const fit = fitViewport(
      [
        { x: -1e7, y: 0 },
        { x: 1e7, y: 0 },
      ],
      view,
    );
    expect(fit?.zoom).toBe(0.02);
  });

  it('has nothing to fit without points', () => {
    expect(fitViewport([], view)).toBeUndefined();
  });
});

describe('fitToNodes', () => {
  /** Headless Cytoscape with a view size of its own (headless has no container to measure). */
  function canvasOf(nodes: { id: string; x: number; classes?: string }[]) {
    const cy = cytoscape({ headless: true, styleEnabled: true, minZoom: 0.02, maxZoom: 4 });
    cy.width = () => 1000;
    cy.height = () => 600;
    cy.add(
      nodes.map(({ id, x, classes }) => ({
        group: 'nodes' as const,
        data: { id },
        position: { x, y: 0 },
        ...(classes === undefined ? {} : { classes }),
      })),
    );
    return cy;
  }

  it('fits the shown nodes and leaves filtered, folded and rejected ones out', () => {
    const shown = [
      { id: 'a', x: 0 },
      { id: 'b', x: 400 },
    ];
    const alone = canvasOf(shown);
    const withHidden = canvasOf([
      ...shown,
      { id: 'filtered', x: 90_000, classes: 'filtered' },
      { id: 'folded', x: -90_000, classes: 'folded' },
      { id: 'rejected', x: 50_000, classes: REJECTED_NODE },
    ]);
    expect(fitToNodes(alone, 40)).toBe(true);
    expect(fitToNodes(withHidden, 40)).toBe(true);
    expect(withHidden.zoom()).toBeCloseTo(alone.zoom());
    expect(withHidden.pan()).toEqual(alone.pan());
    expect(alone.zoom()).toBeGreaterThan(1);
  });

  it('shows the whole of a drawing wider than the default zoom floor allows, lowering the floor', () => {
    const cy = canvasOf([
      { id: 'a', x: -250_000 },
      { id: 'b', x: 250_000 },
    ]);
    expect(fitToNodes(cy, 40)).toBe(true);
    const left = cy.getElementById('a').renderedPosition().x;
    const right = cy.getElementById('b').renderedPosition().x;
    expect(left).toBeGreaterThanOrEqual(40);
    expect(right).toBeLessThanOrEqual(960);
    expect(cy.minZoom()).toBeLessThan(cy.zoom());
  });

  it('leaves the view alone when no node is shown', () => {
    const cy = canvasOf([{ id: 'a', x: 5_000, classes: 'filtered' }]);
    cy.viewport({ zoom: 0.7, pan: { x: 12, y: 34 } });
    expect(fitToNodes(cy, 40)).toBe(false);
    expect(cy.zoom()).toBe(0.7);
    expect(cy.pan()).toEqual({ x: 12, y: 34 });
  });
});
