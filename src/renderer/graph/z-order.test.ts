import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { zKeysOf } from './z-order';

/** A graph that exercises every term of Cytoscape's z-order comparator. */
function mixedGraph(): cytoscape.Core {
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    style: [
      { selector: '.high', style: { 'z-index': 5 } },
      { selector: '.low', style: { 'z-index': -2 } },
      { selector: '.top', style: { 'z-compound-depth': 'top' } },
      { selector: '.bottom', style: { 'z-compound-depth': 'bottom' } },
      { selector: '.orphan', style: { 'z-compound-depth': 'orphan' } },
      { selector: '.manual', style: { 'z-index-compare': 'manual' } },
    ],
  });
  const nodes = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const classes = ['', 'high', 'low', 'top', 'bottom', 'orphan', 'manual high', ''];
  cy.add({ group: 'nodes', data: { id: 'group' } });
  cy.add({ group: 'nodes', data: { id: 'inner', parent: 'group' } });
  nodes.forEach((id, index) => {
    cy.add({
      group: 'nodes',
      data: { id, ...(index % 3 === 0 ? { parent: index % 2 === 0 ? 'inner' : 'group' } : {}) },
      classes: classes[index] ?? '',
    });
  });
  nodes.forEach((from, index) => {
    const to = nodes[(index * 3 + 1) % nodes.length] ?? 'a';
    cy.add({
      group: 'edges',
      data: { id: `${from}-${to}`, source: from, target: to },
      classes: classes[(index + 2) % classes.length] ?? '',
    });
  });
  // Added after others with the same keys: only the pool index tells them apart.
  cy.add({ group: 'nodes', data: { id: 'late' } });
  cy.add({ group: 'edges', data: { id: 'late-a', source: 'late', target: 'a' }, classes: 'high manual' });
  return cy;
}

/** Cytoscape's own z-order (the comparator its renderer sorts with). */
function cytoscapeOrder(cy: cytoscape.Core): string[] {
  const sortable = cy.elements() as unknown as { sortByZIndex(): cytoscape.Collection };
  return sortable.sortByZIndex().map((element) => element.id());
}

describe('the z-order computed ahead', () => {
  it("equals Cytoscape's own order on compound nodes, edges and z-index styles", () => {
    const cy = mixedGraph();
    const keys = zKeysOf(cy);
    expect(keys.readSome(() => false)).toBe(true);
    expect(keys.sorted().map((element) => element.id())).toEqual(cytoscapeOrder(cy));
    cy.destroy();
  });

  it("equals Cytoscape's own order when read a few elements per slice", () => {
    const cy = cytoscape({
      headless: true,
      styleEnabled: true,
      style: [{ selector: '.high', style: { 'z-index': 3 } }],
    });
    for (let index = 0; index < 600; index += 1) {
      cy.add({ group: 'nodes', data: { id: `n${index}` }, classes: index % 7 === 0 ? 'high' : '' });
      if (index > 0) {
        cy.add({
          group: 'edges',
          data: { id: `e${index}`, source: `n${index}`, target: `n${Math.floor(index / 2)}` },
        });
      }
    }
    cy.getElementById('n300').remove();
    const keys = zKeysOf(cy);
    let slices = 0;
    while (!keys.readSome(() => true)) {
      slices += 1;
    }
    expect(slices).toBeGreaterThan(1);
    expect(keys.sorted().map((element) => element.id())).toEqual(cytoscapeOrder(cy));
    cy.destroy();
  });

  it('finds the canvas renderer members it fills in the Cytoscape version in use', () => {
    // An upgrade that renames them must fail here, not leave the sort in Cytoscape's frame.
    const CanvasRenderer = cytoscape('renderer', 'canvas') as { prototype: Record<string, unknown> };
    expect(typeof CanvasRenderer.prototype.getCachedZSortedEles).toBe('function');
    expect(typeof CanvasRenderer.prototype.invalidateCachedZSortedEles).toBe('function');
    expect(typeof CanvasRenderer.prototype.updateCachedGrabbedEles).toBe('function');
  });
});
