/**
 * The canvas's behaviour, outside React: feeds the store's graph into one Cytoscape instance
 * (snapshot redraws, time-sliced deltas, filters, selection), keeps the camera on the growing graph
 * until the user moves it, runs re-layouts (relayout.ts: cancellable, undoable, saved only when
 * finished), and exposes the imperative actions (fit, zoom, re-layout, PNG, jump) that toolbar,
 * menus and keys reach through the controller they are given (components: canvas-context.tsx).
 * GraphCanvas only mounts it. The steps live in canvas-parts.ts and canvas-steps.ts.
 */
import type { Core } from 'cytoscape';
import type { StoreApi } from 'zustand/vanilla';
import type { EntityId } from '../../shared/model/asset';
import type { AppState } from '../store/app-store';
import type { CanvasDeps, CanvasParts } from './canvas-parts';
import { countsPublisher, createCanvasScheduler, createDrawLoop, watchStore } from './canvas-parts';
import type { Look, SearchActions } from './canvas-steps';
import type { Opening } from './snapshot-loader';
import {
  bindHover,
  bindPointer,
  createFailureMarks,
  createLook,
  createSearch,
  trackSelectedPosition,
} from './canvas-steps';
import type { CollectionActions, CollectionView } from './collection-view';
import { collectionActions, createCollectionView } from './collection-view';
import { DEFAULT_FOLD_ABOVE, isCollectionId } from './collections';
import type { CyAdapter } from './cy-adapter';
import { createCyAdapter } from './cy-adapter';
import { createCamera } from './canvas-camera';
import { createPositionSaver } from './position-saver';
import { LEAN_CLASS } from './cy-style';
import type { LabelPolicy } from './label-policy';
import { createLabelPolicy, drawnLabelBoxes, LABEL_ZOOM } from './label-policy';
import { labelContextOf } from './node-label';
import { createPathActions, type PathActions } from './paths';
import type { Relayout } from './relayout';
import { createRelayout } from './relayout';
import { fitToPoints } from './fit-view';
import type { LayoutPositions } from './layouts/types';
import type { SteppedPositions } from './stepped-positions';
import { applyPositionsInSteps, STEPPED_POSITIONS_ABOVE } from './stepped-positions';
import { canvasSvg } from './svg-export';

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

export type { SearchPosition } from './canvas-steps';
export type { LayoutState, RunningLayout } from './relayout';
export type { CanvasDeps } from './canvas-parts';

export interface MountedCanvas {
  controller: CanvasController;
  /** Re-reads the theme and restyles (the system theme changed). */
  restyle: () => void;
  dispose: () => void;
}

const foldAbove = (state: AppState): number => state.settings?.values.foldAbove ?? DEFAULT_FOLD_ABOVE;

/**
 * The adapter drawing the store's graph and the collections folding it: each calls the other
 * inside one batch (a leaf that folds is never drawn first).
 */
function createDrawing(
  cy: Core,
  store: StoreApi<AppState>,
  look: Look,
): { adapter: CyAdapter; collections: CollectionView } {
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
      // New elements of a big graph take the lean look as they are added (the adapter's in their
      // definitions, the collections' inside the batch: one style pass); the ones drawn before it
      // became big switch a slice per frame.
      if (look.large() && more.nonempty()) {
        more.addClass(LEAN_CLASS);
      }
      return more;
    },
    (id) => (isCollectionId(id) ? collections.details(id)?.members.map((member) => member.id) : undefined),
    () => (look.large() ? LEAN_CLASS : undefined),
  );
  return { adapter, collections };
}

/** Labels by level of detail and importance (label-policy.ts); none while the overview draws. */
function createCanvasLabels(cy: Core, look: Look, dataset: Record<string, string | undefined>): LabelPolicy {
  return createLabelPolicy(
    cy,
    () => !look.large() || cy.zoom() >= LABEL_ZOOM,
    () => {
      // `data-label-boxes`: the drawn labels' boxes on screen (the end-to-end test reads them).
      dataset.labelBoxes = JSON.stringify(drawnLabelBoxes(cy));
    },
  );
}

/** Re-layouts in the worker (relayout.ts), reported on the element and to the component. */
function createCanvasRelayout(parts: Omit<CanvasParts, 'layouts'>, isDisposed: () => boolean): Relayout {
  const { deps, dataset, collections } = parts;
  return createRelayout({
    adapter: parts.adapter,
    startLayout: deps.startLayout,
    onError: (message) =>
      parts.store.getState().setNotice({ kind: 'error', text: `Re-layout failed: ${message}` }),
    onLayoutState: (state) => {
      // `data-layout`: the layout running in the worker, or "idle" (tests wait for it).
      dataset.layout = state.running ?? 'idle';
      deps.onLayoutState(state);
    },
    onRelayout: deps.onRelayout,
    withMembers: (positions) => collections.withMembers(positions),
    fit: () => parts.camera.fitAll(30),
    scheduleSave: parts.saver.schedule,
    isDisposed,
    applyInSteps: (positions, done) => steppedPositions(parts, positions, done),
  });
}

/** A big layout's positions applied in steps where the overview can show them meanwhile. */
function steppedPositions(
  parts: Omit<CanvasParts, 'layouts'>,
  positions: LayoutPositions,
  done: () => void,
): SteppedPositions | undefined {
  const { cy, adapter, deps } = parts;
  const { overview } = parts.look;
  if (!overview.attached || Object.keys(positions).length <= STEPPED_POSITIONS_ABOVE) {
    return undefined;
  }
  const later = deps.afterFrame ?? ((work: () => void) => work());
  const schedule = (work: () => void): void => {
    deps.requestFrame(() => later(work));
  };
  const fitTo = (to: LayoutPositions): void => {
    fitToPoints(cy, Object.values(to), 30);
  };
  return applyPositionsInSteps({ cy, adapter, overview, schedule, now: parts.now, fitTo }, positions, done);
}

/** The case's seeds, from its recorded runs (marked and labelled first). */
function seedLoader(deps: CanvasDeps, labels: LabelPolicy, isDisposed: () => boolean): () => void {
  const { store, seedsOf } = deps;
  return () => {
    const caseId = store.getState().activeCase?.id;
    if (caseId !== undefined && seedsOf !== undefined) {
      void seedsOf(caseId).then((ids) => {
        if (!isDisposed() && store.getState().activeCase?.id === caseId) {
          labels.setSeeds(ids);
        }
      });
    }
  };
}

/** The imperative actions toolbar, menus and keys call. */
function buildController(parts: CanvasParts, opening: Opening): CanvasController {
  const { cy, deps, camera, layouts } = parts;
  const stopFollowing = (): void => {
    camera.following = false;
  };
  return {
    fit: () => camera.fitAll(40),
    zoomBy: (factor) => {
      stopFollowing();
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
    ...createSearch(cy, parts.adapter, parts.collections, parts.store, stopFollowing, opening),
    selectNeighbours: (id) => {
      cy.getElementById(id).closedNeighborhood().not('.filtered, .folded').select();
    },
    focus: (id) => {
      stopFollowing();
      cy.animate({ center: { eles: cy.getElementById(id) } }, { duration: 250 });
    },
    ...collectionActions(parts.collections, parts.store, parts.publishCounts),
    ...createPathActions(
      cy,
      (id) => parts.collections.reveal(id),
      (ids) => {
        stopFollowing();
        // `data-path-elements`: the highlighted route's entities and edges (the e2e tests read it).
        parts.dataset.pathElements = JSON.stringify(ids);
        parts.publishCounts();
      },
    ),
  };
}

export function mountCanvas(deps: CanvasDeps): MountedCanvas {
  const { cy, store, dataset } = deps;
  const now = deps.now ?? (() => performance.now());
  let disposed = false;
  const isDisposed = (): boolean => disposed;
  // The full or the lean look (cy-style.ts), and the overview layer drawing a big graph zoomed out.
  const look = createLook(cy, deps.theme, deps.requestFrame, deps.cancelFrame, now);
  const { adapter, collections } = createDrawing(cy, store, look);
  const saver = createPositionSaver(() => adapter.takeDirtyPositions(), deps.savePositions);
  const labels = createCanvasLabels(cy, look, dataset);
  const camera = createCamera(cy, now);
  const counts = countsPublisher({ cy, dataset, collections, labels, now });
  const withoutLayouts: Omit<CanvasParts, 'layouts'> = {
    deps,
    cy,
    store,
    dataset,
    now,
    adapter,
    collections,
    look,
    labels,
    camera,
    saver,
    failures: createFailureMarks(cy, store),
    publishCounts: counts.publish,
    countsPublishedAt: counts.publishedAt,
    loadSeeds: seedLoader(deps, labels, isDisposed),
    publishSelectedPosition: trackSelectedPosition(cy, store, dataset),
  };
  const parts: CanvasParts = { ...withoutLayouts, layouts: createCanvasRelayout(withoutLayouts, isDisposed) };
  const scheduler = createCanvasScheduler(parts);
  const drawLoop = createDrawLoop(parts, scheduler);
  const stopStore = watchStore(parts, drawLoop, foldAbove);

  const controller = buildController(parts, drawLoop);
  const previewNodeAt = (position: { x: number; y: number }): string | undefined =>
    look.overview.previewNodeAt(position);
  bindPointer(cy, store, deps.onContextMenu, (id) => controller.expandCollection(id), previewNodeAt);
  if (deps.onHover !== undefined) {
    bindHover(cy, deps.onHover, previewNodeAt);
  }
  cy.on('dragfree', 'node', saver.schedule);

  return {
    controller,
    restyle: look.restyle,
    dispose: () => {
      disposed = true;
      stopStore();
      drawLoop.dispose();
      labels.dispose();
      look.overview.dispose();
      look.leanSwitch.dispose();
      scheduler.dispose();
      parts.layouts.dispose();
      saver.flush();
    },
  };
}
