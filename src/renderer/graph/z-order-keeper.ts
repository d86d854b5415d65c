/**
 * Cytoscape's draw order kept while a big case is taken in (z-order.ts explains the order). Each
 * element added drops Cytoscape's cache, and its next frame sorted every element it held: zoomed
 * in while 30,000 entities loaded (a search for an entity not drawn yet), 4.5 s of sorting over
 * the load. Here the sort keys of the elements a step added are read after it (the pool only
 * grows during a load), and a frame that finds the cache empty gets the order merged from them
 * instead of a sort. When the load ends, the order of every element is installed from the keys
 * read already (one sort of numbers, where `precomputeZOrder` read every key again in slices).
 *
 * Only where the keys cannot change while the case loads: no compound nodes (every depth is 0)
 * and a stylesheet without z-index properties (cy-style.ts sets none; a test pins it). Otherwise,
 * or once an element read is removed, Cytoscape sorts as before.
 */
import type { Core } from 'cytoscape';
import { elementPool } from './element-pool';
import type { Element } from './z-order';
import { createSortKeys, install, zOrderInternalsOf } from './z-order';

export interface ZOrderKeeper {
  /** A step's elements are in and styled: their keys are read. */
  afterStep(): void;
  /** Installs the order of every element and stops; false when it cannot (Cytoscape sorts). */
  finish(): boolean;
  /** Stops keeping the order (the load stopped). */
  dispose(): void;
}

/** The style properties the order depends on besides compound depth. */
const Z_PROPERTIES = ['z-index', 'z-compound-depth', 'z-index-compare'];

/** The keeper for this canvas, or undefined where it cannot keep the order (see above). */
export function createZOrderKeeper(cy: Core): ZOrderKeeper | undefined {
  const renderer = zOrderInternalsOf(cy);
  const compounds = (cy as unknown as { hasCompoundNodes(): boolean }).hasCompoundNodes();
  if (renderer === undefined || compounds || setsZOrder(cy)) {
    return undefined;
  }
  const keys = createKeys();
  const pool = (): ArrayLike<Element> => elementPool(cy) as unknown as ArrayLike<Element>;
  let broken = false;
  const readNew = (): boolean => {
    broken ||= !keys.readNew(pool());
    return !broken;
  };
  const sort = renderer.getCachedZSortedEles;
  const keeping = function (this: unknown, forceRecalc?: boolean) {
    if (forceRecalc !== true && (renderer.cachedZSortedEles ?? null) === null && readNew()) {
      install(renderer, keys.order());
    }
    return sort.call(this, forceRecalc);
  };
  renderer.getCachedZSortedEles = keeping;
  const dispose = (): void => {
    if (renderer.getCachedZSortedEles === keeping) {
      renderer.getCachedZSortedEles = sort;
    }
  };
  return {
    afterStep: () => {
      readNew();
    },
    finish() {
      dispose();
      if (!readNew()) {
        return false;
      }
      // Cytoscape may have sorted, or been given the order, in a frame meanwhile: it stands.
      if ((renderer.cachedZSortedEles ?? null) === null) {
        install(renderer, keys.order());
      }
      return true;
    },
    dispose,
  };
}

/** Whether any rule of the canvas's stylesheet sets a property the order depends on. */
function setsZOrder(cy: Core): boolean {
  const style = cy.style() as unknown as { json(): { style?: Record<string, unknown> }[] };
  const rules = style.json();
  return rules.some((rule) => Z_PROPERTIES.some((name) => rule.style?.[name] !== undefined));
}

/** The sort keys of a growing pool, in pool order, and the order of those merged so far. */
interface Keys {
  /** Reads the keys of the elements added since; false when the pool is not the one read. */
  readNew(pool: ArrayLike<Element>): boolean;
  /** The elements in draw order (those read since the last call merged in). */
  order(): Element[];
}

function createKeys(): Keys {
  const elements: Element[] = [];
  // No compound nodes here (see above): every compound depth is 0.
  const keys = createSortKeys();
  let sorted: number[] = [];
  return {
    readNew(pool) {
      const read = elements.length;
      if (pool.length < read || (read > 0 && pool[read - 1] !== elements[read - 1])) {
        return false; // an element was removed: the indexes are not the pool's any more
      }
      for (let index = read; index < pool.length; index += 1) {
        const element = pool[index] as Element;
        elements.push(element);
        keys.read(element, false);
      }
      return true;
    },
    order() {
      const fresh: number[] = [];
      for (let index = sorted.length; index < elements.length; index += 1) {
        fresh.push(index);
      }
      sorted = mergeSorted(sorted, fresh.sort(keys.compare), keys.compare);
      return sorted.map((index) => elements[index] as Element);
    },
  };
}

/** Two lists sorted by `before` as one. */
function mergeSorted(a: number[], b: number[], before: (x: number, y: number) => number): number[] {
  if (b.length === 0) {
    return a;
  }
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const takeA = j >= b.length || (i < a.length && before(a[i] as number, b[j] as number) < 0);
    merged.push(takeA ? (a[i] as number) : (b[j] as number));
    if (takeA) {
      i += 1;
    } else {
      j += 1;
    }
  }
  return merged;
}
