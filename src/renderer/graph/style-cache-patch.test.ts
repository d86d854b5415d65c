import cytoscape, { type Core } from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { installStyleCachePatch } from './style-cache-patch';

/** The style cache Cytoscape keeps per element (not in its typings). */
const cacheOf = (cy: Core, id: string): unknown =>
  (cy.getElementById(id) as unknown as { _private: { styleCache: unknown } })._private.styleCache;

function graph(): Core {
  const cy = cytoscape({ headless: true, styleEnabled: true });
  cy.add([
    { data: { id: 'a' } },
    { data: { id: 'b' } },
    { data: { id: 'c' } },
    { data: { id: 'ab', source: 'a', target: 'b' } },
    { data: { id: 'bc', source: 'b', target: 'c' } },
  ]);
  for (const element of cy.elements()) {
    (element as unknown as { _private: { styleCache: unknown } })._private.styleCache = { kept: true };
  }
  return cy;
}

describe('the style cache patch', () => {
  it('finds the members it relies on in the Cytoscape version in use', () => {
    const cy = graph();
    const node = cy.getElementById('a') as unknown as { _private: { edges: unknown[] } };
    expect(typeof (cy.collection() as unknown as { dirtyStyleCache: unknown }).dirtyStyleCache).toBe(
      'function',
    );
    expect(node._private.edges).toHaveLength(1);
    expect(installStyleCachePatch(cy)).toBe(true);
  });

  it("forgets a node's style cache and its edges', as Cytoscape's own version does", () => {
    const cy = graph();
    installStyleCachePatch(cy);
    (cy.getElementById('a') as unknown as { dirtyStyleCache(): void }).dirtyStyleCache();
    expect(['a', 'b', 'c', 'ab', 'bc'].map((id) => cacheOf(cy, id) === null)).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  it('forgets only an edge its own style cache', () => {
    const cy = graph();
    installStyleCachePatch(cy);
    (cy.getElementById('bc') as unknown as { dirtyStyleCache(): void }).dirtyStyleCache();
    expect(['b', 'c', 'ab', 'bc'].map((id) => cacheOf(cy, id) === null)).toEqual([false, false, false, true]);
  });

  it('builds no collection for the edges it forgets', () => {
    const cy = graph();
    installStyleCachePatch(cy);
    const node = cy.getElementById('b') as unknown as {
      connectedEdges: () => unknown;
      dirtyStyleCache(): void;
    };
    let built = 0;
    const connectedEdges = node.connectedEdges;
    node.connectedEdges = () => {
      built += 1;
      return connectedEdges.call(node);
    };
    node.dirtyStyleCache();
    expect({ built, ab: cacheOf(cy, 'ab'), bc: cacheOf(cy, 'bc') }).toEqual({ built: 0, ab: null, bc: null });
  });

  it('leaves compound graphs to Cytoscape, whose version also reaches parents and children', () => {
    const cy = graph();
    installStyleCachePatch(cy);
    cy.add([{ data: { id: 'group' } }, { data: { id: 'member', parent: 'group' } }]);
    (cy.getElementById('group') as unknown as { _private: { styleCache: unknown } })._private.styleCache = {
      kept: true,
    };
    (cy.getElementById('member') as unknown as { dirtyStyleCache(): void }).dirtyStyleCache();
    expect(cacheOf(cy, 'group')).toBeNull();
  });
});
