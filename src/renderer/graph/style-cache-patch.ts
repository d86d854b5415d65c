/**
 * A faster `dirtyStyleCache` for Cytoscape's collections (issue 23: a 30,000-entity case's load).
 *
 * Cytoscape calls `dirtyStyleCache` on an element for every style property it sets on it
 * (`checkTriggers`), so a case's first style pass calls it several times per element. Outside
 * compound graphs it forgets the style cache of each element and of its connected edges, reached
 * with `connectedEdges()`, which builds two collections per call (that call takes no selector, so
 * Cytoscape's traversal cache does not keep them): 0.35 s of Collection construction and its
 * garbage while 30,000 entities loaded. The same edges are the node's own edge list
 * (`_private.edges`, what `connectedEdges` reads), so this reads that list and builds nothing.
 * Compound graphs (collections drawn as parents) keep Cytoscape's own version.
 *
 * Not public API: installed only where the members it relies on are there (a test pins them on
 * the Cytoscape version in use), otherwise Cytoscape's version stays.
 */
import type { Core } from 'cytoscape';

interface Private {
  styleCache: unknown;
  edges?: readonly { _private: Private }[];
}
interface Element {
  _private: Private;
  isNode(): boolean;
}
interface Collection {
  readonly length: number;
  readonly [index: number]: Element;
  cy(): { hasCompoundNodes(): boolean };
}
type DirtyStyleCache = (this: Collection) => Collection;
interface CollectionPrototype {
  dirtyStyleCache?: DirtyStyleCache & { withoutCollections?: true };
}

/** Installs the faster version on the prototype Cytoscape's collections share (once). */
export function installStyleCachePatch(cy: Core): boolean {
  const prototype = Object.getPrototypeOf(cy.collection()) as CollectionPrototype;
  const original = prototype.dirtyStyleCache;
  if (original === undefined) {
    return false;
  }
  if (original.withoutCollections === true) {
    return true;
  }
  const patched = function (this: Collection): Collection {
    if (this.cy().hasCompoundNodes()) {
      return original.call(this);
    }
    for (let index = 0; index < this.length; index += 1) {
      const element = this[index];
      if (element === undefined) {
        continue;
      }
      element._private.styleCache = null;
      if (element.isNode()) {
        for (const edge of element._private.edges ?? []) {
          edge._private.styleCache = null;
        }
      }
    }
    return this;
  };
  prototype.dirtyStyleCache = Object.assign(patched, { withoutCollections: true as const });
  return true;
}
