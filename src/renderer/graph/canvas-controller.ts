/**
 * The canvas's behaviour, outside React: feeds the store's graph into one Cytoscape instance
 * (snapshot redraws, time-sliced deltas, filters, selection), keeps the camera on the growing graph
 * until the user moves it, runs re-layouts (relayout.ts: cancellable, undoable, saved only when
 * finished), and exposes the imperative actions (fit, zoom, re-layout, PNG, jump) that toolbar,
 * menus and keys call through `findCanvasController()`. GraphCanvas only mounts it.
 */
import type { Core, EdgeSingular, NodeSingular } from 'cytoscape';
import type { StoreApi } from 'zustand/vanilla';
import type { NodePositions } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import type { GraphDelta } from '../../shared/model/graph';
import type { AppState } from '../store/app-store';
import { openFailures } from '../store/failures';
import { noResultsText, seedsWithoutResults } from '../store/seed-results';
import type { CollectionActions } from './collection-view';
import { collectionActions, createCollectionView, selectOnCanvas } from './collection-view';
import { DEFAULT_FOLD_ABOVE, isCollectionId } from './collections';
import type { CyAdapter } from './cy-adapter';
import { createCyAdapter } from './cy-adapter';
import type { Theme } from './cy-style';
import { buildStylesheet, isLargeGraph, LEAN_CLASS } from './cy-style';
import { createDeltaScheduler, redrawIntervalMs } from './delta-scheduler';
import { fitCanvas } from './fit-view';
import { createLabelsInView } from './labels-in-view';
import { createLeanSwitch } from './lean-switch';
import { labelContextOf } from './node-label';
import type { LayoutInput } from './layouts/types';
import type { LayoutState, Relayout, RunningLayout } from './relayout';
import { createRelayout, mostlyUnplaced } from './relayout';
import { createOverviewLayer } from './overview/overview-layer';
import { canvasSvg } from './svg-export';
import { drawnCandidateLabels } from './review-look';

export interface CanvasController
  extends CollectionActions, Pick<Relayout, 'relayout' | 'stopLayout' | 'undoLayout' | 'restorePositions'> {
  fit(): void;
  zoomBy(factor: number): void;
  png(): Promise<Blob>;
  /** The visible graph as a standalone SVG document. */
  svg(): string;
  /** Highlights every node matching the text and selects the best hit; what was found. */
  search(text: string): SearchPosition;
  /** Selects the next (+1) or previous (-1) hit of the last search. */
  searchStep(step: 1 | -1): SearchPosition;
  selectNeighbours(id: EntityId): void;
  focus(id: EntityId): void;
}

let current: CanvasController | undefined;

export function setCanvasController(controller: CanvasController | undefined): void {
  current = controller;
}

export function findCanvasController(): CanvasController | undefined {
  return current;
}

/** The hit selected (0-based) among all hits; index -1 when there is none. */
export interface SearchPosition {
  index: number;
  total: number;
}

export type { LayoutState, RunningLayout } from './relayout';

/** Everything the controller needs from its surroundings (browser or test). */
export interface CanvasDeps {
  cy: Core;
  /** Receives `data-nodes`, `data-edges`, `data-visible-nodes`, `data-entities`, `data-selected-position`. */
  dataset: Record<string, string | undefined>;
  store: StoreApi<AppState>;
  savePositions: (positions: NodePositions) => void;
  startLayout: (input: LayoutInput, onError: (message: string) => void) => RunningLayout;
  onContextMenu: (request: { id: EntityId; x: number; y: number } | undefined) => void;
  onLayoutState: (state: LayoutState) => void;
  /** A re-layout finished: where every node was before it (for the action history). */
  onRelayout?: (before: NodePositions) => void;
  theme: () => Theme;
  background: () => string;
  requestFrame: (callback: () => void) => number;
  cancelFrame: (handle: number) => void;
  /** Runs a delta application after the frame (delta-scheduler.ts, `defer`); default: in it. */
  afterFrame?: (work: () => void) => void;
  now?: () => number;
}

export interface MountedCanvas {
  controller: CanvasController;
  /** Re-reads the theme and restyles (the system theme changed). */
  restyle: () => void;
  dispose: () => void;
}

/** Deltas wait this long after the last pan or zoom of a big graph (its redraw is not sliceable). */
const VIEWPORT_QUIET_MS = 150;
/** The camera follows growth at most this often (a fit is a full redraw). */
const FOLLOW_INTERVAL_MS = 500;
const SAVE_DELAY_MS = 1_500;

export function mountCanvas(deps: CanvasDeps): MountedCanvas {
  const { cy, store, dataset } = deps;
  const now = deps.now ?? (() => performance.now());
  const foldAbove = (state: AppState): number => state.settings?.values.foldAbove ?? DEFAULT_FOLD_ABOVE;
  const collections = createCollectionView(
    cy,
    (positions) => adapter.applyPositions(positions),
    foldAbove(store.getState()),
  );
  const adapter: CyAdapter = createCyAdapter(
    cy,
    labelContextOf(() => store.getState()),
    (change) => {
      const more = collections.onDrawn(change);
      // New elements of a big graph take the lean look as they are added (inside the batch: one
      // style pass); the ones drawn before it became big switch a slice per frame.
      if (large) {
        change.added.union(more).addClass(LEAN_CLASS);
      }
      return more;
    },
  );
  let disposed = false;

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleSave = (): void => {
    saveTimer ??= setTimeout(() => {
      saveTimer = undefined;
      deps.savePositions(adapter.takeDirtyPositions());
    }, SAVE_DELAY_MS);
  };

  /** A big graph (cy-style.ts, LARGE_GRAPH_NODES): drawn with the lean look. */
  let large = false;
  /** The lean stylesheet is in use (a case opened big); else the full one, with LEAN_CLASS rules. */
  let leanSheet = false;
  const leanSwitch = createLeanSwitch(cy, deps.requestFrame, deps.cancelFrame);
  // A big graph zoomed out is drawn by the overview layer, not element by element by Cytoscape.
  const overview = createOverviewLayer(cy, { theme: deps.theme, now });
  const restyle = (): void => {
    cy.style(buildStylesheet(deps.theme(), leanSheet));
    overview.invalidate();
  };
  /**
   * Chooses the full or the lean look before elements are added, so new ones get it. With no
   * element drawn (a case being opened) the stylesheet itself is chosen, which costs nothing then.
   */
  const chooseLookFor = (nodeCount: number, nothingDrawn = false): void => {
    const big = isLargeGraph(nodeCount);
    if (nothingDrawn ? leanSheet !== big : leanSheet && !big) {
      // A lean-sheet graph shrinking below the threshold restyles at most 1,500 nodes.
      leanSheet = big;
      restyle();
    }
    if (large !== big) {
      large = big;
      leanSwitch.set(large);
    }
  };

  // Lean stylesheet: labels only for the nodes in view once zoomed in far enough to read them.
  const labels = createLabelsInView(cy, () => large);
  let viewportMovedAt = Number.NEGATIVE_INFINITY;
  cy.on('viewport', () => {
    if (large) {
      // Deltas are held (never dropped) while the view moves; see the scheduler's holdWhile.
      viewportMovedAt = now();
      labels.schedule();
    }
  });

  // The camera follows the graph as it grows until the user pans or zooms it.
  let following = true;
  let followedAt = Number.NEGATIVE_INFINITY;
  cy.on('dragpan scrollzoom pinchzoom', () => {
    following = false;
  });
  const fitAll = (padding: number): void => {
    if (fitCanvas(cy, padding)) {
      followedAt = now();
    }
  };

  /** Counts on the element, for screen readers' summaries and for the end-to-end tests. */
  let countsAt = Number.NEGATIVE_INFINITY;
  const publishCounts = (): void => {
    countsAt = now();
    Object.assign(dataset, collections.counts());
    dataset.candidates = drawnCandidateLabels(cy);
  };

  /**
   * `data-selected-position`: where the selected node is drawn, "x,y" in pixels from the canvas's
   * top-left corner (absent when nothing drawn is selected). The camera moves in animations and
   * layouts move nodes, so the end-to-end tests read this instead of assuming where a node is.
   */
  const publishSelectedPosition = (): void => {
    const { selectedId, selectedCollectionId } = store.getState();
    const node = cy.getElementById(selectedId ?? selectedCollectionId ?? '');
    if (node.empty() || !node.isNode() || node.hasClass('folded') || node.hasClass('filtered')) {
      delete dataset.selectedPosition;
      return;
    }
    const { x, y } = node.renderedPosition();
    dataset.selectedPosition = `${Math.round(x)},${Math.round(y)}`;
  };
  cy.on('viewport', publishSelectedPosition);
  cy.on('position', 'node:selected', publishSelectedPosition);

  const layouts = createRelayout({
    adapter,
    startLayout: deps.startLayout,
    onError: (message) => store.getState().setNotice({ kind: 'error', text: `Re-layout failed: ${message}` }),
    onLayoutState: (state) => {
      // `data-layout`: the layout running in the worker, or "idle" (tests wait for it).
      dataset.layout = state.running ?? 'idle';
      deps.onLayoutState(state);
    },
    onRelayout: deps.onRelayout,
    withMembers: (positions) => collections.withMembers(positions),
    fit: () => fitAll(30),
    scheduleSave,
    isDisposed: () => disposed,
  });

  const applyDeltas = (deltas: GraphDelta[]): void => {
    chooseLookFor(cy.nodes().length + deltas.reduce((sum, delta) => sum + delta.entities.length, 0));
    const added = adapter.applyDeltas(deltas);
    layouts.noteAdded(added);
    if (added.length > 0 && failed.size > 0) {
      markFailures();
    }
    if (added.length > 0 && following && now() - followedAt >= FOLLOW_INTERVAL_MS) {
      fitAll(60);
    }
    scheduleSave();
  };
  // Deltas are applied in time slices (a few ms per frame), never all at once, and never dropped.
  const scheduler = createDeltaScheduler({
    apply: applyDeltas,
    minIntervalMs: () => redrawIntervalMs(cy.nodes().length),
    holdWhile: () => large && now() - viewportMovedAt < VIEWPORT_QUIET_MS,
    requestFrame: deps.requestFrame,
    cancelFrame: deps.cancelFrame,
    ...(deps.afterFrame === undefined ? {} : { defer: deps.afterFrame }),
    now,
    onApplied: (more) => {
      if (!more && following) {
        fitAll(60);
      }
      // Counting walks every element: exact once drained, at most every 250 ms while draining.
      if (!more || now() - countsAt >= 250) {
        publishCounts();
      }
    },
  });

  let drawnVersion = -1;
  const draw = (): void => {
    const state = store.getState();
    if (state.snapshotVersion !== drawnVersion) {
      drawnVersion = state.snapshotVersion;
      scheduler.clear();
      const keep = state.entitiesById.size === 0 ? {} : adapter.positions();
      // The look is chosen before the elements exist: a restyle of 25,000 elements is seconds.
      cy.elements().remove();
      chooseLookFor(state.entitiesById.size, true);
      adapter.reset(state.entitiesById.values(), state.edgesById.values(), {
        ...state.savedPositions,
        ...keep,
      });
      state.takePendingDeltas();
      following = true;
      fitAll(40);
      if (mostlyUnplaced(state.entitiesById.keys(), state.savedPositions, keep)) {
        layouts.relayout('force', { opening: true });
      }
      markFailures();
      scheduleSave();
      publishCounts();
      return;
    }
    const deltas = state.takePendingDeltas();
    if (deltas.length > 0) {
      scheduler.push(deltas);
    }
  };
  // Draw at most once per frame, however many deltas arrive.
  let frame: number | undefined;
  const scheduleDraw = (): void => {
    frame ??= deps.requestFrame(() => {
      frame = undefined;
      draw();
    });
  };

  /** Nodes with a failed lookup get a red dashed ring (the details panel offers Retry). */
  let failed = new Set<EntityId>();
  const markFailures = (): void => {
    const { sessions, retriedAt } = store.getState();
    const next = new Set(openFailures(sessions, retriedAt).keys());
    cy.batch(() => {
      for (const id of failed) {
        if (!next.has(id)) {
          cy.getElementById(id).removeClass('lookup-failed');
        }
      }
      for (const id of next) {
        cy.getElementById(id).addClass('lookup-failed');
      }
    });
    failed = next;
  };

  const initial = store.getState();
  adapter.applyFilters({
    hiddenTypes: initial.hiddenTypes,
    hiddenSources: initial.hiddenSources,
    hiddenIds: initial.hiddenIds,
  });
  draw();
  const stopStore = store.subscribe((state, previous) => {
    if (
      (state.pendingDeltas !== previous.pendingDeltas ||
        state.snapshotVersion !== previous.snapshotVersion) &&
      (state.pendingDeltas.length > 0 || state.snapshotVersion !== drawnVersion)
    ) {
      scheduleDraw();
    }
    if (
      state.hiddenTypes !== previous.hiddenTypes ||
      state.hiddenSources !== previous.hiddenSources ||
      state.hiddenIds !== previous.hiddenIds
    ) {
      adapter.applyFilters({
        hiddenTypes: state.hiddenTypes,
        hiddenSources: state.hiddenSources,
        hiddenIds: state.hiddenIds,
      });
      publishCounts();
    }
    if (
      state.selectedId !== previous.selectedId ||
      state.selectedEdgeId !== previous.selectedEdgeId ||
      state.selectedCollectionId !== previous.selectedCollectionId
    ) {
      // An entity selected inside a collection (search, member list, relation link) is drawn.
      if (collections.reveal(state.selectedId)) {
        publishCounts();
      }
      cy.batch(() => {
        cy.$(':selected').unselect();
        const id = state.selectedId ?? state.selectedEdgeId ?? state.selectedCollectionId;
        if (id !== undefined) {
          cy.getElementById(id).select();
        }
      });
      publishSelectedPosition();
    }
    if (collections.setFoldAbove(foldAbove(state))) {
      publishCounts();
    }
    if (state.sessions !== previous.sessions || state.retriedAt !== previous.retriedAt) {
      markFailures();
    }
    // A new run: follow its growth again; a run that ends: show all of it.
    if (state.currentSessionId !== previous.currentSessionId && state.currentSessionId !== undefined) {
      following = true;
    }
    const id = state.currentSessionId;
    const run = id === undefined ? undefined : state.sessions[id];
    const before = id === undefined ? undefined : previous.sessions[id];
    if (
      run !== undefined &&
      run.state !== before?.state &&
      (run.state === 'done' || run.state === 'cancelled')
    ) {
      if (following) {
        fitAll(40);
      }
      const empty = noResultsText(seedsWithoutResults(state.seedsBySession[run.sessionId] ?? [], state));
      if (run.state === 'done' && empty !== undefined) {
        state.setNotice({ kind: 'info', text: empty });
      }
    }
  });

  cy.on('tap', 'node', (event) => {
    selectOnCanvas(store, (event.target as NodeSingular).id());
    deps.onContextMenu(undefined);
  });
  cy.on('dbltap', 'node.collection', (event) =>
    controller.expandCollection((event.target as NodeSingular).id()),
  );
  cy.on('tap', 'edge', (event) => {
    store.getState().selectEdge((event.target as EdgeSingular).id());
    deps.onContextMenu(undefined);
  });
  cy.on('tap', (event) => {
    if (event.target === cy) {
      store.getState().selectEntity(undefined);
      deps.onContextMenu(undefined);
    }
  });
  cy.on('cxttap', 'node', (event) => {
    const node = event.target as NodeSingular;
    selectOnCanvas(store, node.id());
    if (isCollectionId(node.id())) {
      return; // a collection's actions are in the details panel
    }
    const rendered = event.renderedPosition ?? node.renderedPosition();
    deps.onContextMenu({ id: node.id(), x: rendered.x, y: rendered.y });
  });
  cy.on('dragfree', 'node', scheduleSave);

  let hits: EntityId[] = [];
  let hitIndex = -1;
  const controller: CanvasController = {
    fit: () => fitAll(40),
    zoomBy: (factor) => {
      following = false;
      cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
    },
    relayout: layouts.relayout,
    stopLayout: layouts.stopLayout,
    undoLayout: layouts.undoLayout,
    restorePositions: layouts.restorePositions,
    png: () => cy.png({ output: 'blob-promise', full: true, scale: 1, bg: deps.background() }),
    svg: () => canvasSvg(cy, deps.background()),
    search: (text) => {
      hits = adapter.findNodes(text);
      hitIndex = -1;
      cy.batch(() => {
        cy.nodes('.search-hit').removeClass('search-hit');
        for (const id of hits) {
          cy.getElementById(id).addClass('search-hit');
        }
        collections.markHits(hits);
      });
      return controller.searchStep(1);
    },
    searchStep: (step) => {
      if (hits.length === 0) {
        return { index: -1, total: 0 };
      }
      hitIndex = (hitIndex + step + hits.length) % hits.length;
      const id = hits[hitIndex] ?? '';
      following = false;
      selectOnCanvas(store, id);
      cy.animate(
        { center: { eles: cy.getElementById(id) }, zoom: Math.max(cy.zoom(), 1) },
        { duration: 250 },
      );
      return { index: hitIndex, total: hits.length };
    },
    selectNeighbours: (id) => {
      cy.getElementById(id).closedNeighborhood().not('.filtered, .folded').select();
    },
    focus: (id) => {
      following = false;
      cy.animate({ center: { eles: cy.getElementById(id) } }, { duration: 250 });
    },
    ...collectionActions(collections, store, publishCounts),
  };

  return {
    controller,
    restyle,
    dispose: () => {
      disposed = true;
      stopStore();
      if (frame !== undefined) {
        deps.cancelFrame(frame);
      }
      labels.dispose();
      overview.dispose();
      leanSwitch.dispose();
      scheduler.dispose();
      layouts.dispose();
      if (saveTimer !== undefined) {
        clearTimeout(saveTimer);
        deps.savePositions(adapter.takeDirtyPositions());
      }
    },
  };
}
