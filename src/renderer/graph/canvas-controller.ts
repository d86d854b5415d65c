/**
 * The canvas's behaviour, outside React: feeds the store's graph into one Cytoscape instance
 * (snapshot redraws, time-sliced deltas, filters, selection), keeps the camera on the growing graph
 * until the user moves it, runs re-layouts (relayout.ts: cancellable, undoable, saved only when
 * finished), and exposes the imperative actions (fit, zoom, re-layout, PNG, jump) that toolbar,
 * menus and keys call through `findCanvasController()`. GraphCanvas only mounts it.
 */
import type { Core } from 'cytoscape';
import type { StoreApi } from 'zustand/vanilla';
import type { NodePositions } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import type { GraphDelta } from '../../shared/model/graph';
import type { AppState } from '../store/app-store';
import { noResultsText, seedsWithoutResults } from '../store/seed-results';
import { hiddenWithTimeRange } from '../store/time-range';
import type { CollectionActions } from './collection-view';
import { collectionActions, createCollectionView } from './collection-view';
import { DEFAULT_FOLD_ABOVE, isCollectionId } from './collections';
import type { CyAdapter } from './cy-adapter';
import { createCyAdapter } from './cy-adapter';
import type { Theme } from './cy-style';
import { LEAN_CLASS } from './cy-style';
import { createDeltaScheduler, redrawIntervalMs } from './delta-scheduler';
import { fitCanvas } from './fit-view';
import { createLabelPolicy, drawnLabelBoxes, LABEL_ZOOM } from './label-policy';
import { labelContextOf } from './node-label';
import type { LayoutInput } from './layouts/types';
import type { LayoutState, Relayout, RunningLayout } from './relayout';
import type { SearchActions } from './canvas-steps';
import {
  bindHover,
  bindPointer,
  createFailureMarks,
  createLook,
  createSearch,
  trackSelectedPosition,
} from './canvas-steps';
import { createPathActions, type PathActions } from './paths';
import { createRelayout, mostlyUnplaced } from './relayout';
import { canvasSvg } from './svg-export';
import { drawnCandidateLabels } from './review-look';

export interface CanvasController
  extends
    CollectionActions,
    SearchActions,
    PathActions,
    Pick<Relayout, 'relayout' | 'stopLayout' | 'undoLayout' | 'restorePositions'> {
  fit(): void;
  zoomBy(factor: number): void;
  /** The whole graph as PNG at `scale` (1, 2, 4), capped where the browser's canvas ends. */
  png(scale?: number): Promise<Blob>;
  /** The visible graph as a standalone SVG document. */
  svg(): string;
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

export type { SearchPosition } from './canvas-steps';
export type { LayoutState, RunningLayout } from './relayout';

/** Everything the controller needs from its surroundings (browser or test). */
export interface CanvasDeps {
  cy: Core;
  /** Receives `data-nodes`, `data-edges`, `data-visible-nodes`, `data-entities`, `data-selected-position`, `data-path-elements`. */
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
  /** The node under the pointer, for the hover card (undefined: none). */
  onHover?: (request: { id: EntityId; x: number; y: number } | undefined) => void;
  /** The entity ids the case's runs started from (its seeds); none known without it. */
  seedsOf?: (caseId: string) => Promise<EntityId[]>;
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
      if (look.large()) {
        change.added.union(more).addClass(LEAN_CLASS);
      }
      return more;
    },
    (id) => (isCollectionId(id) ? collections.details(id)?.members.map((member) => member.id) : undefined),
  );
  let disposed = false;

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleSave = (): void => {
    saveTimer ??= setTimeout(() => {
      saveTimer = undefined;
      deps.savePositions(adapter.takeDirtyPositions());
    }, SAVE_DELAY_MS);
  };

  // The full or the lean look (cy-style.ts), and the overview layer drawing a big graph zoomed out.
  const look = createLook(cy, deps.theme, deps.requestFrame, deps.cancelFrame, now);
  const { overview, leanSwitch, restyle, chooseLookFor } = look;
  // Labels by level of detail and importance (label-policy.ts); none while the overview draws.
  const labels = createLabelPolicy(
    cy,
    () => !look.large() || cy.zoom() >= LABEL_ZOOM,
    () => {
      // `data-label-boxes`: the drawn labels' boxes on screen (the end-to-end test reads them).
      dataset.labelBoxes = JSON.stringify(drawnLabelBoxes(cy));
    },
  );
  /** The case's seeds, from its recorded runs (marked and labelled first). */
  const loadSeeds = (): void => {
    const caseId = store.getState().activeCase?.id;
    if (caseId !== undefined && deps.seedsOf !== undefined) {
      void deps.seedsOf(caseId).then((ids) => {
        if (!disposed && store.getState().activeCase?.id === caseId) {
          labels.setSeeds(ids);
        }
      });
    }
  };
  let viewportMovedAt = Number.NEGATIVE_INFINITY;
  cy.on('viewport', () => {
    labels.schedule();
    if (look.large()) {
      // Deltas are held (never dropped) while the view moves; see the scheduler's holdWhile.
      viewportMovedAt = now();
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
    labels.schedule();
    dataset.candidates = drawnCandidateLabels(cy);
  };

  const publishSelectedPosition = trackSelectedPosition(cy, store, dataset);

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
    labels.markSeeds();
    if (added.length > 0 && failures.any()) {
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
    holdWhile: () => look.large() && now() - viewportMovedAt < VIEWPORT_QUIET_MS,
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
      loadSeeds();
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

  const failures = createFailureMarks(cy, store);
  const markFailures = failures.mark;

  const initial = store.getState();
  adapter.applyFilters({
    hiddenTypes: initial.hiddenTypes,
    hiddenSources: initial.hiddenSources,
    hiddenIds: hiddenWithTimeRange(initial),
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
      state.hiddenIds !== previous.hiddenIds ||
      state.timeRange !== previous.timeRange
    ) {
      adapter.applyFilters({
        hiddenTypes: state.hiddenTypes,
        hiddenSources: state.hiddenSources,
        hiddenIds: hiddenWithTimeRange(state),
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
      loadSeeds();
      const empty = noResultsText(seedsWithoutResults(state.seedsBySession[run.sessionId] ?? [], state));
      if (run.state === 'done' && empty !== undefined) {
        state.setNotice({ kind: 'info', text: empty });
      }
    }
  });

  bindPointer(cy, store, deps.onContextMenu, (id) => controller.expandCollection(id));
  if (deps.onHover !== undefined) {
    bindHover(cy, deps.onHover);
  }
  cy.on('dragfree', 'node', scheduleSave);

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
    png: (scale = 1) =>
      cy.png({
        output: 'blob-promise',
        full: true,
        scale,
        // Chromium's canvas ends at 16,384 px a side: a bigger picture is scaled down to fit.
        maxWidth: 16_000,
        maxHeight: 16_000,
        bg: deps.background(),
      }),
    svg: () => canvasSvg(cy, deps.background()),
    ...createSearch(cy, adapter, collections, store, () => {
      following = false;
    }),
    selectNeighbours: (id) => {
      cy.getElementById(id).closedNeighborhood().not('.filtered, .folded').select();
    },
    focus: (id) => {
      following = false;
      cy.animate({ center: { eles: cy.getElementById(id) } }, { duration: 250 });
    },
    ...collectionActions(collections, store, publishCounts),
    ...createPathActions(
      cy,
      (id) => collections.reveal(id),
      (ids) => {
        following = false;
        // `data-path-elements`: the highlighted route's entities and edges (the e2e tests read it).
        dataset.pathElements = JSON.stringify(ids);
        publishCounts();
      },
    ),
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
