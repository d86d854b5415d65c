import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { CHILD_SPACING, createCyAdapter } from './cy-adapter';

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

function positionOf(cy: cytoscape.Core, id: string): { x: number; y: number } {
  return { ...cy.getElementById(`Organization:${id}`).position() };
}

function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function children(parent: string, count: number, prefix = parent) {
  const names = Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
  return {
    names,
    entities: names.map((name) => organization(name)),
    edges: names.map((name) => subsidiary(parent, name)),
  };
}

function setup() {
  const cy = cytoscape({ headless: true, styleEnabled: false });
  return { cy, adapter: createCyAdapter(cy) };
}

describe('the Cytoscape adapter', () => {
  it('finds an entity not drawn yet (a big case being taken in), unless its type is hidden', () => {
    const { adapter } = setup();
    adapter.reset([organization('drawn', 'Acme Holdings')], [], {});
    const undrawn = [organization('later', 'Acme Later')];
    expect(adapter.findNodes('acme', undrawn).sort()).toEqual(['Organization:drawn', 'Organization:later']);
    adapter.applyFilters({
      hiddenTypes: new Set(['Organization']),
      hiddenSources: new Set(),
      hiddenIds: new Set(),
    });
    expect(adapter.findNodes('acme', undrawn)).toEqual([]);
  });

  it('adds new nodes and edges with the classes it is given for new elements', () => {
    const cy = cytoscape({ headless: true, styleEnabled: false });
    let classes: string | undefined = undefined;
    const adapter = createCyAdapter(cy, undefined, undefined, undefined, () => classes);
    adapter.reset([organization('root')], [], {});
    classes = 'lean';
    adapter.applyDeltas([
      { seq: 1, entities: [organization('child')], edges: [subsidiary('root', 'child')], merged: [] },
    ]);
    expect(cy.getElementById('Organization:root').hasClass('lean')).toBe(false);
    expect(cy.getElementById('Organization:child').hasClass('lean')).toBe(true);
    expect(cy.getElementById(subsidiary('root', 'child').id).hasClass('lean')).toBe(true);
  });

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
    expect(adapter.findNodes('quay hold')).toEqual(['Organization:x']);
    expect(adapter.findNodes('nothing')).toEqual([]);
  });

  it('keeps siblings at least the minimum spacing apart, however many arrive and in how many deltas', () => {
    const { cy, adapter } = setup();
    adapter.reset([organization('root')], [], { 'Organization:root': { x: 0, y: 0 } });
    const first = children('root', 40, 'first');
    adapter.applyDeltas([{ seq: 1, entities: first.entities, edges: first.edges, merged: [] }]);
    for (let index = 0; index < 5; index += 1) {
      const more = children('root', 7, `later${index}`);
      adapter.applyDeltas([{ seq: index + 2, ...more, merged: [] }]);
    }
    const siblings = cy.nodes().filter((node) => node.id() !== 'Organization:root');
    expect(siblings).toHaveLength(75);
    let closest = Infinity;
    siblings.forEach((a) => {
      siblings.forEach((b) => {
        if (a.id() < b.id()) {
          closest = Math.min(closest, distance(a.position(), b.position()));
        }
      });
    });
    expect(closest).toBeGreaterThanOrEqual(CHILD_SPACING - 1e-6);
  });

  it('places children farther from the grandparent than their parent', () => {
    const { cy, adapter } = setup();
    adapter.reset([organization('root')], [], { 'Organization:root': { x: 0, y: 0 } });
    const parents = children('root', 6, 'parent');
    adapter.applyDeltas([{ seq: 1, ...parents, merged: [] }]);
    const grandchildren = children('parent-2', 30);
    adapter.applyDeltas([{ seq: 2, ...grandchildren, merged: [] }]);
    const root = positionOf(cy, 'root');
    const parentDistance = distance(positionOf(cy, 'parent-2'), root);
    for (const entity of grandchildren.entities) {
      expect(distance(cy.getElementById(entity.id).position(), root)).toBeGreaterThan(parentDistance);
    }
  });

  it('fans the children of a root away from the graph centre', () => {
    const { cy, adapter } = setup();
    adapter.reset([organization('left'), organization('right')], [], {
      'Organization:left': { x: -500, y: 0 },
      'Organization:right': { x: 500, y: 0 },
    });
    const fan = children('right', 12);
    adapter.applyDeltas([{ seq: 1, ...fan, merged: [] }]);
    for (const entity of fan.entities) {
      expect(cy.getElementById(entity.id).position().x).toBeGreaterThan(500);
    }
  });

  it('leaves every placed node where it is while a tree grows around it', () => {
    const { cy, adapter } = setup();
    adapter.reset([organization('root')], [], {});
    const seen = new Map<string, { x: number; y: number }>();
    let parents = ['root'];
    for (let level = 0; level < 3; level += 1) {
      const next: string[] = [];
      for (const parent of parents) {
        const fan = children(parent, 4);
        adapter.applyDeltas([{ seq: seen.size + 1, ...fan, merged: [] }]);
        next.push(...fan.names);
        for (const [id, at] of seen) {
          expect(cy.getElementById(id).position()).toEqual(at);
        }
        cy.nodes().forEach((node) => {
          seen.set(node.id(), { ...node.position() });
        });
      }
      parents = next;
    }
    expect(cy.nodes()).toHaveLength(1 + 4 + 16 + 64);
  });
});
