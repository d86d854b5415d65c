/**
 * Cytoscape's draw order of a big graph, computed ahead in slices (issue 23: no main-thread task
 * over 200 ms while a case opens). Cytoscape's canvas renderer draws and hit-tests its elements in
 * z-order, which its first frame after a change to the element set computes in one go
 * (`getCachedZSortedEles`): a sort of every element with a comparator that reads three style
 * properties of both elements per comparison. At 60,000 elements (a 30,000-entity case) that sort
 * was 0.3-0.5 s of one task after the last step of the load.
 *
 * Here each element's sort key (the comparator's terms: compound depth, edges under nodes,
 * `z-index`, then the order added) is read once, a slice of elements per task, then the keys are
 * sorted as numbers and the result is installed as the renderer's cache, built as
 * `getCachedZSortedEles` builds it (the `interactive` list, the grabbed/dragged lists). The order is
 * the same as Cytoscape's own: the comparator is a total order (ties end at the pool index), and a
 * test compares both on compound nodes, edges and z-index styles (z-order.test.ts).
 *
 * Not public API: where the renderer lacks these members (headless, another renderer, a changed
 * Cytoscape) nothing is done and Cytoscape sorts in its frame as before; a test pins them on the
 * Cytoscape version in use. Whatever would make Cytoscape drop its cache while the keys are read
 * (an element added or removed, a z-index changed) drops this job's result too.
 */
import type { Core } from 'cytoscape';
import { elementPool } from './element-pool';

/** An element as the comparator reads it (these members are not in Cytoscape's typings). */
export interface Element {
  id(): string;
  isNode(): boolean;
  zDepth(): number;
  pstyle(name: string): { value: unknown };
  interactive(): boolean;
}

/** Cytoscape's z-sorted list: the elements in draw order with the lists derived from it. */
type ZSorted = Element[] & { interactive?: Element[] };

/** The parts of Cytoscape's renderer this uses (see above). */
export interface ZOrderInternals {
  cachedZSortedEles: ZSorted | null | undefined;
  getCachedZSortedEles: (forceRecalc?: boolean) => ZSorted;
  invalidateCachedZSortedEles: () => void;
  updateCachedGrabbedEles: () => void;
}

/** The renderer's z-order members, or undefined where they are not as expected. */
export function zOrderInternalsOf(cy: Core): ZOrderInternals | undefined {
  const renderer = (cy as unknown as { renderer?: () => Partial<ZOrderInternals> | null }).renderer?.();
  if (
    renderer === null ||
    renderer === undefined ||
    typeof renderer.getCachedZSortedEles !== 'function' ||
    typeof renderer.invalidateCachedZSortedEles !== 'function' ||
    typeof renderer.updateCachedGrabbedEles !== 'function' ||
    !('cachedZSortedEles' in renderer)
  ) {
    return undefined;
  }
  return renderer as ZOrderInternals;
}

/** Cytoscape draws `z-compound-depth: top` above everything (its MAX_INT). */
const TOP_DEPTH = Number.MAX_SAFE_INTEGER;

/** The comparator's first term: where the element's compound depth puts it. */
function compoundDepth(element: Element, compounds: boolean): number {
  switch (element.pstyle('z-compound-depth').value) {
    case 'auto':
      return compounds ? element.zDepth() : 0;
    case 'bottom':
      return -1;
    case 'top':
      return TOP_DEPTH;
    default:
      return 0; // 'orphan'
  }
}

/** The comparator's second term: edges under nodes, unless `z-index-compare: manual`. */
function kindDepth(element: Element): number {
  return element.pstyle('z-index-compare').value === 'auto' && element.isNode() ? 1 : 0;
}

/** The sort keys of a pool of elements, read a slice at a time. */
export interface ZKeys {
  readonly elements: Element[];
  /** Reads the keys of the next elements until `stop()` says so; true when every key is read. */
  readSome(stop: () => boolean): boolean;
  /** The elements in draw order (every key read). */
  sorted(): Element[];
}

/**
 * The comparator's terms of elements read one at a time, in pool order: an element's index among
 * those read is its pool index, the comparator's last term.
 */
export interface SortKeys {
  readonly count: number;
  /** Reads the next element's terms, and asks whether it takes pointer events (see below). */
  read(element: Element, compounds: boolean): void;
  /** Cytoscape's comparator on two indexes among those read: a total order. */
  readonly compare: (a: number, b: number) => number;
}

export function createSortKeys(): SortKeys {
  const depth: number[] = [];
  const kind: number[] = [];
  const zIndex: number[] = [];
  return {
    get count() {
      return depth.length;
    },
    read(element, compounds) {
      depth.push(compoundDepth(element, compounds));
      kind.push(kindDepth(element));
      zIndex.push(Number(element.pstyle('z-index').value));
      // Whether it takes pointer events: Cytoscape caches the answer on the element until its
      // style changes, and its first computation is most of the cost of installing the order.
      element.interactive();
    },
    compare: (a, b) =>
      (depth[a] as number) - (depth[b] as number) ||
      (kind[a] as number) - (kind[b] as number) ||
      (zIndex[a] as number) - (zIndex[b] as number) ||
      a - b,
  };
}

export function zKeysOf(cy: Core): ZKeys {
  // The pool's order is the comparator's last term (Cytoscape's poolIndex).
  const elements = Array.from(elementPool(cy) as ArrayLike<unknown>) as Element[];
  const compounds = (cy as unknown as { hasCompoundNodes(): boolean }).hasCompoundNodes();
  const keys = createSortKeys();
  return {
    elements,
    readSome(stop) {
      while (keys.count < elements.length) {
        keys.read(elements[keys.count] as Element, compounds);
        // The clock is read every 256 elements (a few hundred microseconds of work).
        if ((keys.count & 255) === 0 && stop()) {
          break;
        }
      }
      return keys.count >= elements.length;
    },
    sorted() {
      const order = Array.from(elements, (_, index) => index).sort(keys.compare);
      return order.map((index) => elements[index] as Element);
    },
  };
}

export interface ZOrderJob {
  cancel(): void;
}

export interface ZOrderDeps {
  /** Runs the next slice in a task of its own. */
  schedule: (work: () => void) => void;
  now: () => number;
  /** Milliseconds of key reading per task. */
  budgetMs: number;
}

/**
 * Computes the renderer's z-order cache in slices and installs it; `done(true)` once installed,
 * `done(false)` where it could not (no such renderer, or the elements changed meanwhile: Cytoscape
 * then sorts in its next frame, as it always did).
 */
export function precomputeZOrder(cy: Core, deps: ZOrderDeps, done: (installed: boolean) => void): ZOrderJob {
  const renderer = zOrderInternalsOf(cy);
  let cancelled = false;
  if (renderer === undefined || (renderer.cachedZSortedEles ?? null) !== null) {
    // Nothing to do: no such renderer, or Cytoscape's cache is current already.
    deps.schedule(() => {
      if (!cancelled) {
        done(false);
      }
    });
    return { cancel: () => (cancelled = true) };
  }
  // Whatever makes Cytoscape drop its cache (elements added or removed, a z-index changed) makes
  // this result stale too.
  let stale = false;
  const invalidate = renderer.invalidateCachedZSortedEles;
  const watching = function (this: unknown): void {
    stale = true;
    invalidate.call(this);
  };
  renderer.invalidateCachedZSortedEles = watching;
  const stopWatching = (): void => {
    if (renderer.invalidateCachedZSortedEles === watching) {
      renderer.invalidateCachedZSortedEles = invalidate;
    }
  };
  const keys = zKeysOf(cy);
  const slice = (): void => {
    if (cancelled) {
      return;
    }
    if (stale) {
      stopWatching();
      done(false);
      return;
    }
    const start = deps.now();
    if (!keys.readSome(() => deps.now() - start >= deps.budgetMs)) {
      deps.schedule(slice);
      return;
    }
    stopWatching();
    // Cytoscape may have sorted in a frame meanwhile (the view zoomed in): its cache stands.
    if ((renderer.cachedZSortedEles ?? null) === null) {
      install(renderer, keys.sorted());
    }
    done(true);
  };
  deps.schedule(slice);
  return {
    cancel: () => {
      cancelled = true;
      stopWatching();
    },
  };
}

/**
 * Installs a z-sorted list as `getCachedZSortedEles` builds it. `interactive()` is asked again: the
 * answers read with the keys are cached on each element, an element restyled since is computed
 * afresh (the list is as it would be, built now).
 */
export function install(renderer: ZOrderInternals, order: Element[]): void {
  const sorted: ZSorted = order;
  sorted.interactive = order.filter((element) => element.interactive());
  renderer.cachedZSortedEles = sorted;
  renderer.updateCachedGrabbedEles();
}
