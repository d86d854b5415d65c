/**
 * The overview of a big graph (docs/ui.md, "Overview layer"). Zoomed out past reading distance
 * on a graph of more than a few hundred nodes, Cytoscape's canvas renderer spends about 30 µs per
 * element on every frame (bounding boxes, texture caches, per-element state) to draw shapes a few
 * pixels wide without labels. There, this layer draws the graph itself, on a canvas of its own above
 * Cytoscape's node layer, one path per look (overview-draw.ts): a frame of 10,000 nodes costs a
 * few milliseconds instead of a second. Cytoscape keeps everything else: the elements, styles,
 * hit testing, selection, box selection, dragging (its drag layer is above this one), exports.
 *
 * Cytoscape has no public switch for "do not draw the elements", so the layer wraps two methods
 * of its canvas renderer (drawLayeredElements, drawCachedNodes) and skips them for the on-screen
 * node layer and the viewport texture while the overview is active; every other context (PNG
 * export) is drawn as before. Where the renderer lacks them (headless, another renderer, a
 * changed Cytoscape), the layer stays inactive and Cytoscape draws as it always did; a test pins
 * the methods on the Cytoscape version in use.
 */
import { flagColour } from '../annotation-look';
import type { Core, EventObject, SingularElementReturnValue } from 'cytoscape';
import type { Theme } from '../cy-style';
import { LEAN_CLASS, themeColors } from '../cy-style';
import { CANDIDATE_NODE, REJECTED_NODE } from '../review-look';
import type { OverviewView, Stamp, StampMaker } from './overview-draw';
import { drawScene, paintStamp, stampHalf } from './overview-draw';
import type { EdgeFacts, NodeFacts, NodeLook, Scene } from './overview-scene';
import { buildScene, nodeKey } from './overview-scene';

export { OVERVIEW_MIN_NODES, OVERVIEW_ZOOM } from './thresholds';
import { OVERVIEW_MIN_NODES, OVERVIEW_ZOOM } from './thresholds';
/** While the view moved this recently, a slow frame leaves edges out (as Cytoscape's hideEdgesOnViewport). */
const SETTLE_MS = 150;
/** A scene is rebuilt at most once per this many times what building it took (see draw). */
const REBUILD_GAP = 4;
/** A full frame slower than this is "slow". */
const SLOW_FRAME_MS = 12;
/** Events after which the scene is built again (what is drawn, where, and how it looks). */
const SCENE_EVENTS = 'add remove position data class select unselect';

type DrawElements = (context: unknown, ...rest: unknown[]) => void;

/** The parts of Cytoscape's canvas renderer the layer uses (not public API; see above). */
interface CanvasRendererInternals {
  NODE: number;
  TEXTURE_BUFFER: number;
  data: {
    contexts: unknown[];
    bufferContexts: unknown[];
    canvasContainer: HTMLElement;
  };
  drawLayeredElements: DrawElements;
  drawCachedNodes: DrawElements;
  getPixelRatio?: () => number;
}

/** The canvas renderer's internals, or undefined where they are not as this layer expects. */
export function canvasRendererOf(cy: Core): CanvasRendererInternals | undefined {
  const renderer = (
    cy as unknown as { renderer?: () => Partial<CanvasRendererInternals> | null }
  ).renderer?.();
  if (
    renderer === null ||
    renderer === undefined ||
    typeof renderer.drawLayeredElements !== 'function' ||
    typeof renderer.drawCachedNodes !== 'function' ||
    typeof renderer.NODE !== 'number' ||
    typeof renderer.TEXTURE_BUFFER !== 'number' ||
    !Array.isArray(renderer.data?.contexts) ||
    !Array.isArray(renderer.data.bufferContexts) ||
    renderer.data.canvasContainer === undefined
  ) {
    return undefined;
  }
  return renderer as CanvasRendererInternals;
}

export interface OverviewLayer {
  /** Whether the overview draws the graph now (and Cytoscape's node layer does not). */
  readonly active: boolean;
  /** Whether the layer could attach to Cytoscape's renderer at all. */
  readonly attached: boolean;
  /** Rebuilds and redraws (the theme changed). */
  invalidate(): void;
  /** Figures of the last frame drawn (for the bench). */
  readonly lastFrame: { ms: number; nodes: number; edges: number; withEdges: boolean } | undefined;
  dispose(): void;
}

export interface OverviewOptions {
  theme: () => Theme;
  now?: () => number;
}

/** Stamps kept (looks x recent scales); the cache is emptied when it is full. */
const MAX_STAMPS = 96;

/** Stamps painted on small canvases of their own, cached by look and scale. */
function createStampMaker(): StampMaker {
  const stamps = new Map<string, Stamp | undefined>();
  return (look: NodeLook, scale: number) => {
    const key = `${nodeKey(look)}@${scale.toFixed(3)}`;
    if (stamps.has(key)) {
      return stamps.get(key);
    }
    if (stamps.size >= MAX_STAMPS) {
      stamps.clear();
    }
    const half = stampHalf(look, scale);
    const canvas = document.createElement('canvas');
    canvas.width = half * 2;
    canvas.height = half * 2;
    const context = canvas.getContext('2d');
    const stamp = context === null ? undefined : { image: canvas, half };
    if (context !== null) {
      paintStamp(context, look, scale, half);
    }
    stamps.set(key, stamp);
    return stamp;
  };
}

function nodeFacts(cy: Core): NodeFacts[] {
  const facts: NodeFacts[] = [];
  cy.nodes().forEach((node) => {
    const { x, y } = node.position();
    facts.push({
      id: node.id(),
      x,
      y,
      type: String(node.data('type') ?? ''),
      hidden: node.hasClass('filtered') || node.hasClass('folded') || node.hasClass(REJECTED_NODE),
      selected: node.selected(),
      searchHit: node.hasClass('search-hit'),
      failed: node.hasClass('lookup-failed'),
      collection: node.hasClass('collection'),
      fresh: node.hasClass('new'),
      candidate: node.hasClass(CANDIDATE_NODE),
      lean: node.hasClass(LEAN_CLASS),
      flagColour: flagColour(node.data('flag')),
    });
  });
  return facts;
}

function edgeFacts(cy: Core): EdgeFacts[] {
  const facts: EdgeFacts[] = [];
  cy.edges().forEach((edge) => {
    const review = edge.data('review') as unknown;
    facts.push({
      source: String(edge.data('source')),
      target: String(edge.data('target')),
      hidden: edge.hasClass('filtered') || edge.hasClass('folded') || review === 'rejected',
      selected: edge.selected(),
      pending: review === 'pending',
      collectionEdge: edge.hasClass('collection-edge'),
      lean: edge.hasClass(LEAN_CLASS),
      label: review === 'pending' ? String(edge.data('label') ?? '') : undefined,
    });
  });
  return facts;
}

export function createOverviewLayer(cy: Core, options: OverviewOptions): OverviewLayer {
  const renderer = canvasRendererOf(cy);
  if (renderer === undefined) {
    return { active: false, attached: false, invalidate: () => {}, lastFrame: undefined, dispose: () => {} };
  }
  const now = options.now ?? (() => performance.now());
  // Counted from add and remove events (cy.nodes() walks every element). One listener without a
  // selector: Cytoscape matches a listener's selector against every element added, which cost a
  // quarter of a second when a 30,000-node case opened.
  let nodeCount = cy.nodes().length;
  const isActive = (): boolean => nodeCount >= OVERVIEW_MIN_NODES && cy.zoom() < OVERVIEW_ZOOM;

  const canvas = document.createElement('canvas');
  canvas.setAttribute('data-testid', 'graph-overview');
  Object.assign(canvas.style, {
    position: 'absolute',
    left: '0',
    top: '0',
    // Above Cytoscape's node layer (z-index 1, earlier in the container), below its drag layer.
    zIndex: '1',
    pointerEvents: 'none',
  });
  renderer.data.canvasContainer.appendChild(canvas);
  const context = canvas.getContext('2d');

  const nodeLayer = renderer.data.contexts[renderer.NODE];
  const textureLayer = renderer.data.bufferContexts[renderer.TEXTURE_BUFFER];
  const skipped = (target: unknown): boolean =>
    (target === nodeLayer || target === textureLayer) && isActive();
  const originals = {
    drawLayeredElements: renderer.drawLayeredElements,
    drawCachedNodes: renderer.drawCachedNodes,
  };
  for (const name of ['drawLayeredElements', 'drawCachedNodes'] as const) {
    const original = originals[name];
    renderer[name] = function (this: unknown, target: unknown, ...rest: unknown[]): void {
      if (!skipped(target)) {
        original.call(this, target, ...rest);
      }
    };
  }

  // The scene drawn, and whether the graph changed since it was built. Building walks every
  // element (60-100 ms at 30,000 nodes): while changes keep coming (a big case drawn in steps,
  // one per frame), it is rebuilt at most once per REBUILD_GAP times its own cost, the stale
  // scene drawn meanwhile and a rebuild due once changes stop.
  let scene: Scene | undefined;
  let stale = true;
  let builtAt = Number.NEGATIVE_INFINITY;
  let buildMs = 0;
  let rebuildTimer: ReturnType<typeof setTimeout> | undefined;
  const stamps = createStampMaker();
  const invalidateScene = (event: EventObject): void => {
    stale = true;
    if (event.type === 'add' || event.type === 'remove') {
      const target = event.target as SingularElementReturnValue;
      if (target.isNode()) {
        nodeCount += event.type === 'add' ? 1 : -1;
      }
    }
  };
  cy.on(SCENE_EVENTS, invalidateScene);

  let movedAt = Number.NEGATIVE_INFINITY;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let showing = false;
  let lastFullMs = 0;
  let lastFrame: OverviewLayer['lastFrame'];

  const clear = (): void => {
    if (showing && context !== null) {
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, canvas.width, canvas.height);
    }
    showing = false;
  };

  const draw = (): void => {
    if (context === null || !isActive()) {
      clear();
      return;
    }
    const pixelRatio = renderer.getPixelRatio?.() ?? 1;
    const view: OverviewView = {
      zoom: cy.zoom(),
      pan: cy.pan(),
      width: cy.width(),
      height: cy.height(),
      pixelRatio,
    };
    const width = Math.round(view.width * pixelRatio);
    const height = Math.round(view.height * pixelRatio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${view.width}px`;
      canvas.style.height = `${view.height}px`;
    }
    const start = now();
    const dueAt = builtAt + buildMs * REBUILD_GAP;
    if (scene === undefined || (stale && start >= dueAt)) {
      scene = buildScene(nodeFacts(cy), edgeFacts(cy), themeColors(options.theme()));
      stale = false;
      builtAt = now();
      buildMs = builtAt - start;
    } else if (stale) {
      clearTimeout(rebuildTimer);
      rebuildTimer = setTimeout(draw, dueAt - start);
    }
    const moving = start - movedAt < SETTLE_MS;
    const withEdges = !moving || lastFullMs <= SLOW_FRAME_MS;
    const drawn = drawScene(context, scene, view, withEdges, stamps);
    const ms = now() - start;
    if (withEdges) {
      lastFullMs = ms;
    } else {
      // The full frame once the view rests.
      clearTimeout(settleTimer);
      settleTimer = setTimeout(draw, SETTLE_MS);
    }
    lastFrame = { ms, ...drawn, withEdges };
    showing = true;
  };

  const onViewport = (): void => {
    movedAt = now();
  };
  // Cytoscape renders a frame whenever anything visible changed (elements, styles, the view):
  // the overview draws in the same frame, after it.
  cy.on('viewport', onViewport);
  cy.on('render', draw);

  return {
    get active() {
      return isActive();
    },
    attached: true,
    invalidate() {
      scene = undefined;
      stale = true;
      draw();
    },
    get lastFrame() {
      return lastFrame;
    },
    dispose() {
      clearTimeout(settleTimer);
      clearTimeout(rebuildTimer);
      cy.off(SCENE_EVENTS, invalidateScene);
      cy.off('viewport', onViewport);
      cy.off('render', draw);
      renderer.drawLayeredElements = originals.drawLayeredElements;
      renderer.drawCachedNodes = originals.drawCachedNodes;
      canvas.remove();
    },
  };
}
