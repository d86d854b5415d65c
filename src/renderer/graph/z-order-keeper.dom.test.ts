import cytoscape from 'cytoscape';
import { describe, expect, it, vi } from 'vitest';
import { installFakeCanvas } from '../dom-test/fake-canvas';
import { buildStylesheet } from './cy-style';
import { createZOrderKeeper } from './z-order-keeper';
import { zOrderInternalsOf } from './z-order';

installFakeCanvas();

function mountGraph(): cytoscape.Core {
  const container = document.createElement('div');
  document.body.append(container);
  return cytoscape({
    container,
    // No z-index rule: the keeper keeps the order only where keys cannot change (as the app's).
    style: [
      { selector: '.hidden', style: { display: 'none' } },
      { selector: '.quiet', style: { events: 'no' } },
    ],
  });
}

/** Adds nodes `from`..`to` - 1, each with an edge to an earlier node, some raised or hidden. */
function addBatch(cy: cytoscape.Core, from: number, to: number): void {
  for (let index = from; index < to; index += 1) {
    const classes = index % 5 === 0 ? 'quiet' : index % 7 === 0 ? 'hidden' : '';
    cy.add({ group: 'nodes', data: { id: `n${index}` }, classes });
    if (index > 0) {
      cy.add({ group: 'edges', data: { id: `e${index}`, source: `n${index}`, target: `n${index >> 1}` } });
    }
  }
}

const ids = (list: { id(): string }[] | null | undefined): string[] | undefined =>
  list?.map((element) => element.id());

/** Cytoscape's own order of what it holds now (sorted afresh). */
function cytoscapeOrder(cy: cytoscape.Core): string[] | undefined {
  return ids(zOrderInternalsOf(cy)?.getCachedZSortedEles(true));
}

describe("keeping Cytoscape's draw order while a load adds elements", () => {
  it('gives a frame after each step the order Cytoscape would sort itself', () => {
    const cy = mountGraph();
    const keeper = createZOrderKeeper(cy);
    const renderer = zOrderInternalsOf(cy);
    const given: { order: string[] | undefined; interactive: string[] | undefined }[] = [];
    const expected: { order: string[] | undefined; interactive: string[] | undefined }[] = [];
    for (const [from, to] of [
      [0, 30],
      [30, 45],
      [45, 80],
    ] as const) {
      addBatch(cy, from, to);
      keeper?.afterStep();
      const ours = renderer?.getCachedZSortedEles();
      given.push({ order: ids(ours), interactive: ids(ours?.interactive) });
      const theirs = renderer?.getCachedZSortedEles(true);
      expected.push({ order: ids(theirs), interactive: ids(theirs?.interactive) });
    }
    expect(given).toEqual(expected);
    expect(expected[2]?.interactive?.length).toBeLessThan(expected[2]?.order?.length ?? 0);
    expect(keeper?.finish()).toBe(true);
    cy.destroy();
  });

  it("spares the frame Cytoscape's own sort of every element", () => {
    const cy = mountGraph();
    const keeper = createZOrderKeeper(cy);
    addBatch(cy, 0, 30);
    keeper?.afterStep();
    const pool = (cy as unknown as { mutableElements(): { toArray(): unknown[] } }).mutableElements();
    const copied = vi.spyOn(pool, 'toArray');
    zOrderInternalsOf(cy)?.getCachedZSortedEles();
    expect(copied).not.toHaveBeenCalled();
    keeper?.dispose();
    cy.destroy();
  });

  it('installs the order of every element when the load ends, from the keys read step by step', () => {
    const cy = mountGraph();
    const keeper = createZOrderKeeper(cy);
    const renderer = zOrderInternalsOf(cy);
    for (const [from, to] of [
      [0, 40],
      [40, 90],
    ] as const) {
      addBatch(cy, from, to);
      keeper?.afterStep();
    }
    expect(renderer?.cachedZSortedEles ?? null).toBeNull();
    expect(keeper?.finish()).toBe(true);
    const installed = renderer?.cachedZSortedEles;
    expect({
      order: ids(installed),
      interactive: ids(installed?.interactive),
    }).toEqual({
      order: cytoscapeOrder(cy),
      interactive: ids(renderer?.cachedZSortedEles?.interactive),
    });
    cy.destroy();
  });

  it('gives up when an element read before is removed', () => {
    const cy = mountGraph();
    const keeper = createZOrderKeeper(cy);
    addBatch(cy, 0, 20);
    keeper?.afterStep();
    cy.getElementById('n19').remove();
    addBatch(cy, 20, 22);
    keeper?.afterStep();
    expect(keeper?.finish()).toBe(false);
    cy.destroy();
  });

  it("is kept with each of the app's stylesheets (none sets a z-index)", () => {
    const kept = [false, true].flatMap((lean) =>
      (['light', 'dark'] as const).map((theme) => {
        const cy = mountGraph();
        cy.style().fromJson(buildStylesheet(theme, lean)).update();
        const keeper = createZOrderKeeper(cy);
        keeper?.dispose();
        cy.destroy();
        return keeper !== undefined;
      }),
    );
    expect(kept).toEqual([true, true, true, true]);
  });

  it('is not kept where the stylesheet sets a z-index', () => {
    const cy = mountGraph();
    cy.style()
      .fromJson([{ selector: '.high', style: { 'z-index': 4 } }])
      .update();
    expect(createZOrderKeeper(cy)).toBeUndefined();
    cy.destroy();
  });

  it('is not kept in a graph with compound nodes', () => {
    const cy = mountGraph();
    cy.add([
      { group: 'nodes', data: { id: 'group' } },
      { group: 'nodes', data: { id: 'child', parent: 'group' } },
    ]);
    expect(createZOrderKeeper(cy)).toBeUndefined();
    cy.destroy();
  });
});
