import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { installFakeCanvas } from '../dom-test/fake-canvas';
import { precomputeZOrder, zOrderInternalsOf } from './z-order';

installFakeCanvas();

function mountGraph(): cytoscape.Core {
  const container = document.createElement('div');
  document.body.append(container);
  const cy = cytoscape({
    container,
    style: [
      { selector: '.high', style: { 'z-index': 4 } },
      { selector: '.hidden', style: { display: 'none' } },
      { selector: '.top', style: { 'z-compound-depth': 'top' } },
    ],
  });
  cy.add({ group: 'nodes', data: { id: 'group' } });
  for (let index = 0; index < 40; index += 1) {
    const classes = index % 5 === 0 ? 'high' : index % 7 === 0 ? 'hidden' : index % 11 === 0 ? 'top' : '';
    cy.add({
      group: 'nodes',
      data: { id: `n${index}`, ...(index % 4 === 0 ? { parent: 'group' } : {}) },
      classes,
    });
    if (index > 0) {
      cy.add({ group: 'edges', data: { id: `e${index}`, source: `n${index}`, target: `n${index >> 1}` } });
    }
  }
  return cy;
}

const ids = (list: { id(): string }[] | undefined): string[] | undefined =>
  list?.map((element) => element.id());

describe('the z-order installed ahead in the canvas renderer', () => {
  it('is the cache Cytoscape builds itself: order, interactive, grabbed and dragged lists', async () => {
    const cy = mountGraph();
    const renderer = zOrderInternalsOf(cy);
    expect(renderer).toBeDefined();
    cy.getElementById('n3').grabify();
    (cy.getElementById('n3') as unknown as { _private: { grabbed: boolean } })._private.grabbed = true;
    renderer?.invalidateCachedZSortedEles();
    const tasks: (() => void)[] = [];
    const installed = await new Promise<boolean>((resolve) => {
      precomputeZOrder(cy, { schedule: (work) => tasks.push(work), now: () => 0, budgetMs: 10 }, resolve);
      while (tasks.length > 0) tasks.shift()?.();
    });
    expect(installed).toBe(true);
    const ours = renderer?.cachedZSortedEles;
    const theirs = renderer?.getCachedZSortedEles(true) as typeof ours & { drag?: []; nondrag?: [] };
    expect({
      order: ids(ours ?? undefined),
      interactive: ids(ours?.interactive),
      drag: ids((ours as typeof theirs)?.drag),
      nondrag: ids((ours as typeof theirs)?.nondrag),
    }).toEqual({
      order: ids(theirs ?? undefined),
      interactive: ids(theirs?.interactive),
      drag: ids(theirs?.drag),
      nondrag: ids(theirs?.nondrag),
    });
    expect(ids(ours?.interactive)?.length).toBeLessThan(ours?.length ?? 0);
    cy.destroy();
  });

  it('installs nothing when an element is added while the keys are read', () => {
    const cy = mountGraph();
    const renderer = zOrderInternalsOf(cy);
    renderer?.invalidateCachedZSortedEles();
    const tasks: (() => void)[] = [];
    const results: boolean[] = [];
    precomputeZOrder(cy, { schedule: (work) => tasks.push(work), now: () => 0, budgetMs: 10 }, (done) =>
      results.push(done),
    );
    cy.add({ group: 'nodes', data: { id: 'late' } });
    while (tasks.length > 0) tasks.shift()?.();
    expect({ results, cache: renderer?.cachedZSortedEles ?? null }).toEqual({
      results: [false],
      cache: null,
    });
    cy.destroy();
  });
});
