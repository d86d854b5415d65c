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
import type { Core, EventObject, SingularElementReturnValue } from 'cytoscape';
import type { FactsReading } from './element-facts';
import { elementFacts, readElementFactsInSlices } from './element-facts';
import type { Theme } from '../cy-style';
import { themeColors } from '../cy-style';
import type { OverviewView } from './overview-draw';
import { drawScene } from './overview-draw';
import { createStampMaker } from './stamps';
import type { Scene } from './overview-scene';
import { buildScene } from './overview-scene';
import type { PreviewFacts } from './overview-preview';
import { loadingFrames, viewKey } from './loading-frames';
import { createPreviewHits, selectInPreview } from './preview-hits';

export { OVERVIEW_MIN_NODES, OVERVIEW_ZOOM } from './thresholds';
import { OVERVIEW_MIN_NODES, OVERVIEW_ZOOM } from './thresholds';
import { inNextTask } from '../../next-task';
/** While the view moved this recently, a slow frame leaves edges out (as Cytoscape's hideEdgesOnViewport). */
const SETTLE_MS = 150;
/** A scene is rebuilt at most once per this many times what building it took (see draw). */
const REBUILD_GAP = 4;
/**
 * From this many nodes a changed graph's scene is rebuilt from facts read a slice per task
 * (element-facts.ts), the stale scene drawn meanwhile: read in one frame at 30,000 entities that
 * frame was 0.2-0.3 s.
 */
const SLICED_SCENE_NODES = 5_000;
/** Milliseconds of fact reading per task. */
const FACTS_SLICE_MS = 40;
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
  /** One frame of Cytoscape's: its elements' rendered style, z-order, layers. */
  render: (options?: { forcedContext?: unknown }) => void;
  /** Brings the rendered style of changed elements up to date (what a frame does first). */
  flushRenderedStyleQueue?: () => void;
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
    typeof renderer.render !== 'function' ||
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
  /**
   * Shows these facts (a big case Cytoscape is still taking in, overview-preview.ts) in place of
   * Cytoscape's elements; while the overview is active Cytoscape renders no frame meanwhile.
   */
  preview(facts: PreviewFacts): void;
  /** Back to Cytoscape's elements (all of them are held now, or the load stopped). */
  endPreview(): void;
  /**
   * The entity the preview draws at this model position (within a few pixels on screen), while a
   * preview shows; else undefined (Cytoscape hit-tests its own elements). See preview-hits.ts.
   */
  previewNodeAt(position: { x: number; y: number }): string | undefined;
  /** Rings this entity as selected in the preview (undefined: none), while a preview shows. */
  previewSelect(id: string | undefined): void;
  /** Figures of the last frame drawn (for the bench). */
  readonly lastFrame: { ms: number; nodes: number; edges: number; withEdges: boolean } | undefined;
  dispose(): void;
}

export interface OverviewOptions {
  theme: () => Theme;
  now?: () => number;
}

/** The layer's own canvas, above Cytoscape's node layer and below its drag layer. */
function overviewCanvas(renderer: CanvasRendererInternals): HTMLCanvasElement {
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
  return canvas;
}

/**
 * Wraps the renderer's element drawing (skipped for the on-screen node layer and the viewport
 * texture while `skipDrawing`) and its whole frame (skipped while `skipFrame`: `instead` runs);
 * returns the undo.
 */
function wrapRenderer(
  renderer: CanvasRendererInternals,
  skipDrawing: (target: unknown) => boolean,
  skipFrame: () => boolean,
  instead: () => void,
  rendered: () => void,
): () => void {
  const originals = {
    drawLayeredElements: renderer.drawLayeredElements,
    drawCachedNodes: renderer.drawCachedNodes,
    render: renderer.render,
  };
  for (const name of ['drawLayeredElements', 'drawCachedNodes'] as const) {
    const original = originals[name];
    renderer[name] = function (this: unknown, target: unknown, ...rest: unknown[]): void {
      if (!skipDrawing(target)) {
        original.call(this, target, ...rest);
      }
    };
  }
  renderer.render = function (this: unknown, options?: { forcedContext?: unknown }): void {
    // A forced context is an export (PNG): always drawn by Cytoscape.
    if (options?.forcedContext === undefined && skipFrame()) {
      instead();
    } else {
      originals.render.call(this, options);
      rendered();
    }
  };
  return () => Object.assign(renderer, originals);
}

/** Empties Cytoscape's on-screen layers (what they showed before a preview is not the case's). */
function clearCytoscapeLayers(renderer: CanvasRendererInternals): void {
  for (const context of renderer.data.contexts) {
    if (context instanceof CanvasRenderingContext2D) {
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, context.canvas.width, context.canvas.height);
    }
  }
}

/**
 * Brings Cytoscape's rendered style of the elements changed since its last frame up to date now
 * (a step of a big case's load pays for its own elements, not the frame after it).
 */
export function flushRenderedStyle(cy: Core): void {
  canvasRendererOf(cy)?.flushRenderedStyleQueue?.();
}

/**
 * The scene drawn, and whether the graph changed since it was built. Building walks every element
 * (60-100 ms at 30,000 nodes): while changes keep coming (a big case drawn in steps, one per frame),
 * it is rebuilt at most once per REBUILD_GAP times its own cost, the stale scene drawn meanwhile and
 * a rebuild due once changes stop. A preview's scene is built once from its facts.
 */
function createSceneKeeper(
  cy: Core,
  theme: () => Theme,
  now: () => number,
  redraw: () => void,
  big: () => boolean,
) {
  let scene: Scene | undefined;
  let stale = true;
  let builtAt = Number.NEGATIVE_INFINITY;
  let buildMs = 0;
  let rebuildTimer: ReturnType<typeof setTimeout> | undefined;
  let preview: PreviewFacts | undefined;
  /** A big graph's facts being read, a slice per task (the stale scene is drawn meanwhile). */
  let reading: FactsReading | undefined;
  const build = (facts: PreviewFacts): Scene => buildScene(facts.nodes, facts.edges, themeColors(theme()));
  const timed = (make: () => Scene, earlierMs = 0): Scene => {
    const start = now();
    scene = make();
    builtAt = now();
    buildMs = earlierMs + builtAt - start;
    return scene;
  };
  const stopReading = (): void => {
    reading?.cancel();
    reading = undefined;
  };
  const readInSlices = (): void => {
    stale = false;
    reading = readElementFactsInSlices(
      cy,
      { schedule: inNextTask, now, budgetMs: FACTS_SLICE_MS },
      (facts, workMs) => {
        // The scene is built in a task of its own (the last slice was a task's worth).
        const finished = reading;
        inNextTask(() => {
          if (reading === finished) {
            reading = undefined;
            timed(() => build(facts), workMs);
            redraw();
          }
        });
      },
    );
  };
  return {
    get previewing() {
      return preview !== undefined;
    },
    previewNodes: () => preview?.nodes.length ?? 0,
    previewFacts: (): PreviewFacts | undefined => preview,
    /** A mark in the preview's facts changed: its scene is built again from them. */
    previewChanged: () => (scene = preview === undefined ? scene : undefined),
    changed: () => {
      stale = true;
    },
    invalidate: () => {
      stopReading();
      scene = undefined;
      stale = true;
    },
    preview: (facts: PreviewFacts) => {
      stopReading();
      preview = facts;
      scene = undefined;
    },
    /** The preview's scene stays on screen until the elements' own is due (see REBUILD_GAP). */
    endPreview: () => {
      preview = undefined;
      stale = true;
      builtAt = now();
    },
    current: (start: number): Scene => {
      if (preview !== undefined) {
        const facts = preview;
        return scene ?? timed(() => build(facts));
      }
      const dueAt = builtAt + buildMs * REBUILD_GAP;
      if (scene === undefined || (stale && start >= dueAt && !big())) {
        stopReading();
        stale = false;
        return timed(() => build(elementFacts(cy)));
      }
      if (stale && start >= dueAt && reading === undefined) {
        readInSlices();
      } else if (stale && reading === undefined) {
        clearTimeout(rebuildTimer);
        rebuildTimer = setTimeout(redraw, dueAt - start);
      }
      return scene;
    },
    dispose: () => {
      clearTimeout(rebuildTimer);
      stopReading();
    },
  };
}

/** Where Cytoscape has no canvas renderer (headless): Cytoscape draws everything itself. */
const DETACHED: OverviewLayer = {
  active: false,
  attached: false,
  invalidate: () => {},
  preview: () => {},
  endPreview: () => {},
  previewNodeAt: () => undefined,
  previewSelect: () => {},
  lastFrame: undefined,
  dispose: () => {},
};

export function createOverviewLayer(cy: Core, options: OverviewOptions): OverviewLayer {
  const renderer = canvasRendererOf(cy);
  if (renderer === undefined) {
    return DETACHED;
  }
  const now = options.now ?? (() => performance.now());
  // Counted from add and remove events (cy.nodes() walks every element). One listener without a
  // selector: Cytoscape matches a listener's selector against every element added, which cost a
  // quarter of a second when a 30,000-node case opened.
  let nodeCount = cy.nodes().length;
  const scenes = createSceneKeeper(
    cy,
    options.theme,
    now,
    () => draw(),
    () => nodeCount >= SLICED_SCENE_NODES,
  );
  const isActive = (): boolean =>
    Math.max(nodeCount, scenes.previewNodes()) >= OVERVIEW_MIN_NODES && cy.zoom() < OVERVIEW_ZOOM;

  const canvas = overviewCanvas(renderer);
  const context = canvas.getContext('2d');
  const stamps = createStampMaker();
  const nodeLayer = renderer.data.contexts[renderer.NODE];
  const textureLayer = renderer.data.bufferContexts[renderer.TEXTURE_BUFFER];
  const loading = loadingFrames(cy, now);
  const unwrap = wrapRenderer(
    renderer,
    (target) => (target === nodeLayer || target === textureLayer) && isActive(),
    // While a preview shows a big case from its data, Cytoscape's frames (sorting and measuring
    // every element it holds so far) would draw nothing the user sees; zoomed in meanwhile, they
    // are spaced out.
    () => scenes.previewing && (isActive() || loading.spaced()),
    () => drawPreviewFrame(),
    () => loading.rendered(),
  );
  // The preview's scene stays as it is while elements are taken in: drawn again only where the
  // view changed (a frame of 30,000 nodes and edges is a tenth of a second or more).
  let previewView = '';
  const previewHit = createPreviewHits();
  const drawPreviewFrame = (): void => {
    const view = viewKey(cy);
    if (view !== previewView) {
      previewView = view;
      draw();
    }
  };

  const invalidateScene = (event: EventObject): void => {
    scenes.changed();
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

  const fitCanvas = (view: OverviewView): void => {
    const width = Math.round(view.width * view.pixelRatio);
    const height = Math.round(view.height * view.pixelRatio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${view.width}px`;
      canvas.style.height = `${view.height}px`;
    }
  };

  const draw = (): void => {
    if (context === null || !isActive()) {
      clear();
      return;
    }
    const view: OverviewView = {
      zoom: cy.zoom(),
      pan: cy.pan(),
      width: cy.width(),
      height: cy.height(),
      pixelRatio: renderer.getPixelRatio?.() ?? 1,
    };
    fitCanvas(view);
    const start = now();
    const scene = scenes.current(start);
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
      scenes.invalidate();
      draw();
    },
    preview(facts) {
      scenes.preview(facts);
      clearCytoscapeLayers(renderer);
      previewView = '';
      drawPreviewFrame();
    },
    previewNodeAt(position) {
      const facts = scenes.previewFacts();
      return facts === undefined || !isActive() ? undefined : previewHit(facts, position, cy.zoom());
    },
    previewSelect(id) {
      const facts = scenes.previewFacts();
      if (facts !== undefined && selectInPreview(facts, id)) {
        scenes.previewChanged();
        previewView = '';
        drawPreviewFrame();
      }
    },
    endPreview() {
      if (scenes.previewing) {
        scenes.endPreview();
        // Cytoscape's own frame again (it draws the elements where the overview is not active).
        cy.forceRender();
      }
    },
    get lastFrame() {
      return lastFrame;
    },
    dispose() {
      clearTimeout(settleTimer);
      scenes.dispose();
      cy.off(SCENE_EVENTS, invalidateScene);
      cy.off('viewport', onViewport);
      cy.off('render', draw);
      unwrap();
      canvas.remove();
    },
  };
}
