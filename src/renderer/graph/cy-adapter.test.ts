import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { createCyAdapter } from './cy-adapter';

function organization(id: string, name = id): Entity {
  return {
    id: `Organization:${id}`,
    type: 'Organization',
    asset: { unique_id: id, name },
    tags: [],
    createdAt: '',
    updatedAt: '',
  };
}

function subsidiary(from: string, to: string, source = 'GLEIF'): Edge {
  return {
    id: `Organization:${from}|subsidiary|Organization:${to}`,
    from: `Organization:${from}`,
    to: `Organization:${to}`,
    relation: 'subsidiary',
    sources: [{ name: source, confidence: 100, createdAt: '', updatedAt: '' }],
    properties: {},
    createdAt: '',
    updatedAt: '',
  };
}

function setup() {
  const cy = cytoscape({ headless: true, styleEnabled: false });
  return { cy, adapter: createCyAdapter(cy) };
}

describe('the Cytoscape adapter', () => {
  it('places a new node next to the node it came from', () => {
    const { cy, adapter } = setup();
    adapter.reset([organization('root')], [], { 'Organization:root': { x: 1000, y: 1000 } });
    adapter.applyDeltas([
      { seq: 1, entities: [organization('child')], edges: [subsidiary('root', 'child')], merged: [] },
    ]);
    const child = cy.getElementById('Organization:child').position();
    const distance = Math.hypot(child.x - 1000, child.y - 1000);
    expect(distance).toBeGreaterThan(0);
    expect(distance).toBeLessThan(400);
  });

  it('never moves nodes already drawn when new ones arrive', () => {
    const { cy, adapter } = setup();
    adapter.reset([organization('root'), organization('a')], [subsidiary('root', 'a')], {
      'Organization:root': { x: 0, y: 0 },
      'Organization:a': { x: 50, y: 75 },
    });
    for (let index = 0; index < 20; index += 1) {
      adapter.applyDeltas([
        {
          seq: index + 1,
          entities: [organization(`n${index}`)],
          edges: [subsidiary('a', `n${index}`)],
          merged: [],
        },
      ]);
    }
    expect(cy.getElementById('Organization:root').position()).toEqual({ x: 0, y: 0 });
    expect(cy.getElementById('Organization:a').position()).toEqual({ x: 50, y: 75 });
    expect(cy.nodes()).toHaveLength(22);
  });

  it('draws an edge that arrived before its endpoint once the endpoint arrives', () => {
    const { cy, adapter } = setup();
    adapter.reset([organization('root')], [], {});
    adapter.applyDeltas([{ seq: 1, entities: [], edges: [subsidiary('root', 'late')], merged: [] }]);
    expect(cy.edges()).toHaveLength(0);
    adapter.applyDeltas([{ seq: 2, entities: [organization('late')], edges: [], merged: [] }]);
    expect(cy.edges()).toHaveLength(1);
  });

  it('hides edges of a hidden source and the nodes reached only through them', () => {
    const { cy, adapter } = setup();
    adapter.reset(
      [organization('root'), organization('a'), organization('b')],
      [subsidiary('root', 'a', 'GLEIF'), subsidiary('root', 'b', 'CompanyData')],
      {},
    );
    adapter.applyFilters({
      hiddenTypes: new Set(),
      hiddenSources: new Set(['CompanyData']),
      hiddenIds: new Set(),
    });
    expect(cy.nodes('.filtered').map((node) => node.id())).toEqual(['Organization:b']);
    expect(cy.edges('.filtered')).toHaveLength(1);
  });

  it('finds a node by part of its label, ignoring case', () => {
    const { adapter } = setup();
    adapter.reset([organization('x', 'Lantern Quay Holdings')], [], {});
    expect(adapter.findNode('quay hold')).toBe('Organization:x');
    expect(adapter.findNode('nothing')).toBeUndefined();
  });
});
