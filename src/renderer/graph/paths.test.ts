import cytoscape, { type Core } from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { commonNeighbours, createPathActions, PATH_CLASS, shortestPaths } from './paths';

/** A headless graph from "a-b" pairs (edge id "a-b"; "a-b#2" for a second relation). */
function graph(pairs: string[]): Core {
  const cy = cytoscape({ headless: true, styleEnabled: true });
  const ids = new Set(pairs.flatMap((pair) => pair.split('#')[0]?.split('-') ?? []));
  cy.add([...ids].map((id) => ({ group: 'nodes' as const, data: { id } })));
  cy.add(
    pairs.map((pair) => {
      const [from = '', to = ''] = pair.split('#')[0]?.split('-') ?? [];
      return { group: 'edges' as const, data: { id: pair, source: from, target: to } };
    }),
  );
  return cy;
}

describe('shortest paths between two entities', () => {
  it('finds the route three hops long, hop by hop, whichever way its edges point', () => {
    const cy = graph(['lei1-msft', 'github-msft', 'github-lei2', 'msft-x']);
    const [path] = shortestPaths(cy, 'lei1', 'lei2');
    expect(path?.nodeIds).toEqual(['lei1', 'msft', 'github', 'lei2']);
    expect(path?.steps.map((step) => step.edgeIds)).toEqual([
      ['lei1-msft'],
      ['github-msft'],
      ['github-lei2'],
    ]);
  });

  it('lists up to three distinct routes shortest first, with parallel relations in one hop', () => {
    const cy = graph(['a-b', 'a-b#2', 'b-z', 'a-c', 'c-z', 'a-d', 'd-e', 'e-z', 'a-f', 'f-g', 'g-h', 'h-z']);
    const paths = shortestPaths(cy, 'a', 'z');
    expect(paths.map((path) => path.nodeIds.join(''))).toEqual(expect.arrayContaining(['abz', 'acz']));
    expect(paths).toHaveLength(3);
    expect(paths[2]?.nodeIds.join('')).toBe('adez');
    expect(paths.find((path) => path.nodeIds.join('') === 'abz')?.steps[0]?.edgeIds).toEqual([
      'a-b',
      'a-b#2',
    ]);
  });

  it('finds nothing between unconnected entities or through an entity hidden by a filter', () => {
    const cy = graph(['a-b', 'b-c', 'x-y']);
    expect(shortestPaths(cy, 'a', 'y')).toEqual([]);
    cy.getElementById('b').addClass('filtered');
    expect(shortestPaths(cy, 'a', 'c')).toEqual([]);
  });
});

describe('common neighbours', () => {
  it('are the entities linked to every selected one, with the edges that link them', () => {
    const cy = graph(['a-m', 'b-m', 'a-n', 'b-n', 'a-o', 'a-b']);
    expect(commonNeighbours(cy, ['a', 'b'])).toEqual({
      nodeIds: ['m', 'n'],
      edgeIds: ['a-m', 'a-n', 'b-m', 'b-n'],
    });
    expect(commonNeighbours(cy, ['a'])).toEqual({ nodeIds: [], edgeIds: [] });
  });
});

describe('path actions', () => {
  it('highlight exactly the shown route and publish it, and clear it', () => {
    const cy = graph(['a-b', 'b-c', 'c-d']);
    const published: string[][] = [];
    const actions = createPathActions(
      cy,
      () => false,
      (ids) => published.push(ids),
    );
    actions.showPaths('a', 'c');
    expect(
      cy
        .elements(`.${PATH_CLASS}`)
        .map((element) => element.id())
        .sort(),
    ).toEqual(['a', 'a-b', 'b', 'b-c', 'c']);
    expect(published.at(-1)?.sort()).toEqual(['a', 'a-b', 'b', 'b-c', 'c']);
    actions.clearPaths();
    expect(cy.elements(`.${PATH_CLASS}`)).toHaveLength(0);
  });
});
