/**
 * The parts of a mounted canvas (canvas-controller.ts, `mountCanvas`) and the steps that keep them
 * in step with the store: the camera that follows a growing graph, the delayed save of moved
 * positions, the snapshot redraw (in steps for a big case) and the time-sliced deltas, and the reactions to filters,
 * selection and runs. Each step takes the parts it works on.
 */
import { hiddenWithTimeRange } from '../store/time-range';
import type { Core } from 'cytoscape';
import type { StoreApi } from 'zustand/vanilla';
import type { NodePositions } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import type { GraphDelta } from '../../shared/model/graph';
import type { AppState } from '../store/app-store';
import { noResultsText, seedsWithoutResults } from '../store/seed-results';
import type { FailureMarks, Look } from './canvas-steps';
import type { CollectionView } from './collection-view';
import type { CyAdapter } from './cy-adapter';
import type { Theme } from './cy-style';
import type { DeltaScheduler } from './delta-scheduler';
import { createDeltaScheduler, redrawIntervalMs } from './delta-scheduler';
import { fitToPoints } from './fit-view';
import type { Camera } from './canvas-camera';
import type { PositionSaver } from './position-saver';
import type { LabelPolicy } from './label-policy';
import type { LayoutInput } from './layouts/types';
import type { LayoutState, Relayout, RunningLayout } from './relayout';
import { mostlyUnplaced } from './relayout';
import { drawnCandidateLabels } from './review-look';
import type { Opening, SnapshotLoad } from './snapshot-loader';
import { loadSnapshot, STEP_BUDGET_MS, STEPPED_ABOVE, widened } from './snapshot-loader';
import type { ZOrderJob } from './z-order';
import { precomputeZOrder } from './z-order';
import { createZOrderKeeper } from './z-order-keeper';
import { flushRenderedStyle } from './overview/overview-layer';
import { previewFacts } from './overview/overview-preview';
import { planPositions } from './placement';

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
  /** The node under the pointer, for the hover card (undefined: none). */
  onHover?: (request: { id: EntityId; x: number; y: number } | undefined) => void;
  /** The entity ids the case's runs started from (its seeds); none known without it. */
  seedsOf?: (caseId: string) => Promise<EntityId[]>;
  /** Runs a delta application after the frame (delta-scheduler.ts, `defer`); default: in it. */
  afterFrame?: (work: () => void) => void;
  now?: () => number;
}

/** Deltas wait this long after the last pan or zoom of a big graph (its redraw is not sliceable). */
const VIEWPORT_QUIET_MS = 150;

/** The parts of a mounted canvas that the steps share. */
export interface CanvasParts {
  deps: CanvasDeps;
  cy: Core;
  store: StoreApi<AppState>;
  dataset: Record<string, string | undefined>;
  now: () => number;
  adapter: CyAdapter;
  collections: CollectionView;
  look: Look;
  labels: LabelPolicy;
  camera: Camera;
  saver: PositionSaver;
  failures: FailureMarks;
  layouts: Relayout;
  /** Counts on the element, for screen readers' summaries and for the end-to-end tests. */
  publishCounts: () => void;
  /** When the counts were last published (`now()`). */
  countsPublishedAt: () => number;
  /** The case's seeds, from its recorded runs (marked and labelled first). */
  loadSeeds: () => void;
  publishSelectedPosition: () => void;
}

/** Draws a batch of deltas: the look for the new size, placement, seeds, failure rings, camera. */
function applyDeltas(parts: CanvasParts, deltas: GraphDelta[]): void {
  const { cy, adapter, camera, failures } = parts;
  parts.look.chooseLookFor(cy.nodes().length + deltas.reduce((sum, delta) => sum + delta.entities.length, 0));
  const added = adapter.applyDeltas(deltas);
  parts.layouts.noteAdded(added);
  parts.labels.markSeeds();
  if (added.length > 0 && failures.any()) {
    failures.mark();
  }
  if (added.length > 0 && camera.following && !camera.followedRecently()) {
    camera.fitAll(60);
  }
  parts.saver.schedule();
}

/** Deltas are applied in time slices (a few ms per frame), never all at once, and never dropped. */
export function createCanvasScheduler(parts: CanvasParts): DeltaScheduler {
  const { cy, deps, look, now } = parts;
  let viewportMovedAt = Number.NEGATIVE_INFINITY;
  cy.on('viewport', () => {
    parts.labels.schedule();
    if (look.large()) {
      // Deltas are held (never dropped) while the view moves; see the scheduler's holdWhile.
      viewportMovedAt = now();
    }
  });
  return createDeltaScheduler({
    apply: (deltas) => applyDeltas(parts, deltas),
    minIntervalMs: () => redrawIntervalMs(cy.nodes().length),
    holdWhile: () => look.large() && now() - viewportMovedAt < VIEWPORT_QUIET_MS,
    requestFrame: deps.requestFrame,
    cancelFrame: deps.cancelFrame,
    ...(deps.afterFrame === undefined ? {} : { defer: deps.afterFrame }),
    now,
    onApplied: (more) => {
      if (!more && parts.camera.following) {
        parts.camera.fitAll(60);
      }
      // Counting walks every element: exact once drained, at most every 250 ms while draining.
      if (!more || now() - parts.countsPublishedAt() >= 250) {
        parts.publishCounts();
      }
    },
  });
}

/**
 * What follows a drawn snapshot: camera, seeds, the opening layout if unplaced, marks, counts.
 * `later` runs the counts in a task of their own (they walk every element: 0.2 s at 30,000).
 */
function snapshotDrawn(
  parts: CanvasParts,
  state: AppState,
  keep: NodePositions,
  later: (work: () => void) => void = (work) => work(),
): void {
  // Fitted to the whole case unless the user moved the camera while a big case was taken in.
  if (parts.camera.following) {
    parts.camera.fitAll(40);
  }
  parts.loadSeeds();
  parts.failures.mark();
  parts.saver.schedule();
  // Selected while the case was shown from its data and not selected on the canvas since (the
  // steps select it once drawn): selected now. Only then: the unselect walks every element.
  const current = parts.store.getState();
  const selected = selectedOf(current);
  if (selected !== undefined && parts.cy.getElementById(selected).selected() !== true) {
    showSelection(parts, current);
  }
  // Each in a task of its own after a big case's load: the layout's input reads every element and
  // is copied to the worker, the counts walk every element too.
  later(() => {
    const current = parts.store.getState().snapshotVersion === state.snapshotVersion;
    if (current && mostlyUnplaced(state.entitiesById.keys(), state.savedPositions, keep)) {
      parts.layouts.relayout('force', { opening: true });
    }
  });
  later(() => parts.publishCounts());
}

/**
 * A new snapshot (a case opened or reloaded): redrawn at once up to STEPPED_ABOVE entities, above
 * in steps across frames (snapshot-loader.ts); laid out if unplaced. Returns the stepped load.
 */
function drawSnapshot(parts: CanvasParts, state: AppState, onDrawn: () => void): SnapshotLoad | undefined {
  const { cy, adapter, dataset } = parts;
  const keep = state.entitiesById.size === 0 ? {} : adapter.positions();
  const positions = { ...state.savedPositions, ...keep };
  parts.camera.following = true;
  // The look is chosen before the elements exist: a restyle of 25,000 elements is seconds.
  parts.look.overview.endPreview();
  delete dataset.shown;
  cy.elements().remove();
  parts.look.chooseLookFor(state.entitiesById.size, true);
  state.takePendingDeltas();
  if (state.entitiesById.size <= STEPPED_ABOVE) {
    adapter.reset(state.entitiesById.values(), state.edgesById.values(), positions);
    snapshotDrawn(parts, state, keep);
    return undefined;
  }
  const entities = [...state.entitiesById.values()];
  const edges = [...state.edgesById.values()];
  const { overview } = parts.look;
  const { requestFrame, cancelFrame, afterFrame } = parts.deps;
  const later = afterFrame ?? ((work: () => void) => work());
  let finish: number | undefined;
  let zOrder: ZOrderJob | undefined;
  let zOrderRunning = false;
  const zOrderKeeper = createZOrderKeeper(cy);
  // Every position known before the first step (stored, else planned as the steps would place
  // them): the camera is where the whole graph will be, and the overview shows all of it from the
  // first frame while Cytoscape takes the elements in, step by step (docs/ui.md).
  const plan = planPositions(
    entities.map((entity) => entity.id),
    edges,
    positions,
  );
  const opening = (): NodePositions => plan.positions();
  const fit = (): void => {
    fitToPoints(cy, Object.values(opening()), 40);
  };
  const showPreview = (): void => {
    overview.preview(previewFacts(entities, edges, opening()));
    if (overview.active) {
      dataset.shown = String(entities.length);
    }
  };
  const load = loadSnapshot(
    {
      adapter,
      requestFrame,
      cancelFrame,
      ...(afterFrame === undefined ? {} : { afterFrame }),
      now: parts.now,
      prepare: [...plan.steps, fit, showPreview],
      settle: () => {
        flushRenderedStyle(cy);
        // Read now: a frame zoomed in meanwhile finds the order without sorting every element.
        zOrderKeeper?.afterStep();
      },
      // With the preview on screen Cytoscape renders no frame between steps: small steps cost
      // no more than big ones.
      ...(overview.attached ? { minGrowth: 0, stepsBackToBack: true } : {}),
      // Zoomed in meanwhile (the preview no longer draws), what the user looks at comes first.
      viewFirst: () => (overview.active ? undefined : widened(cy.extent())),
      onStep: (drawn) => {
        // Counting walks every element (seconds over a whole load): once drawn, in
        // snapshotDrawn; meanwhile only how far the drawing has come.
        dataset.loaded = String(drawn);
        // Selected meanwhile (on the preview, or found by a search): selected once drawn.
        const selected = cy.getElementById(parts.store.getState().selectedId ?? '');
        if (selected.nonempty() && !selected.selected()) {
          selected.select();
          parts.publishSelectedPosition();
        }
      },
      onDone: () => {
        delete dataset.loaded;
        // Cytoscape's draw order of every element, read in slices before its first frame of the
        // whole case (that frame sorted 60,000 elements in one task at 30,000 entities).
        const nextTask = (work: () => void): void => {
          finish = requestFrame(() =>
            later(() => {
              if (finish !== undefined) {
                work();
              }
            }),
          );
        };
        const drawn = (): void => {
          zOrderRunning = false;
          overview.endPreview();
          // In a task of its own after Cytoscape's first frame of the whole case: the opening
          // layout's input and the counts walk every element too.
          nextTask(() => {
            finish = undefined;
            snapshotDrawn(parts, state, keep, later);
            onDrawn();
          });
        };
        // In a task of its own: the keys were read step by step, one sort installs the order.
        // Else they are read again, in slices (while the preview shows, Cytoscape renders no
        // frame, so the slices need not wait for one).
        const sliceTask = overview.active && afterFrame !== undefined ? afterFrame : nextTask;
        zOrderRunning = true;
        sliceTask(() => {
          if (!zOrderRunning) {
            return; // cancelled
          }
          if (zOrderKeeper?.finish() === true) {
            drawn();
            return;
          }
          const budget = { schedule: sliceTask, now: parts.now, budgetMs: STEP_BUDGET_MS };
          zOrder = precomputeZOrder(cy, budget, drawn);
        });
      },
    },
    entities,
    edges,
    opening,
  );
  return {
    cancel: () => {
      load.cancel();
      zOrderKeeper?.dispose();
      zOrder?.cancel();
      zOrderRunning = false;
      if (finish !== undefined) {
        cancelFrame(finish);
        finish = undefined;
      }
      overview.endPreview();
    },
    get loading() {
      return load.loading || finish !== undefined || zOrderRunning;
    },
    undrawn: () => load.undrawn(),
    plannedAt: (id) => load.plannedAt(id),
  };
}

/** Draws the store's graph: a new snapshot at once, deltas through the scheduler, once per frame. */
export interface DrawLoop extends Opening {
  draw: () => void;
  /** Draws in the next frame (at most once per frame, however many deltas arrive). */
  schedule: () => void;
  /** The snapshot version drawn. */
  drawnVersion: () => number;
  dispose: () => void;
}

export function createDrawLoop(parts: CanvasParts, scheduler: DeltaScheduler): DrawLoop {
  let drawnVersion = -1;
  let frame: number | undefined;
  /** A big snapshot being drawn in steps; deltas wait in the store until it is drawn. */
  let loading: SnapshotLoad | undefined;
  const schedule = (): void => {
    frame ??= parts.deps.requestFrame(() => {
      frame = undefined;
      draw();
    });
  };
  const draw = (): void => {
    const state = parts.store.getState();
    if (state.snapshotVersion !== drawnVersion) {
      drawnVersion = state.snapshotVersion;
      scheduler.clear();
      loading?.cancel();
      loading = drawSnapshot(parts, state, () => {
        loading = undefined;
        schedule();
      });
      return;
    }
    if (loading !== undefined) {
      return;
    }
    const deltas = state.takePendingDeltas();
    if (deltas.length > 0) {
      scheduler.push(deltas);
    }
  };
  return {
    draw,
    schedule,
    drawnVersion: () => drawnVersion,
    undrawn: () => loading?.undrawn() ?? [],
    plannedAt: (id) => loading?.plannedAt(id),
    dispose: () => {
      loading?.cancel();
      if (frame !== undefined) {
        parts.deps.cancelFrame(frame);
      }
    },
  };
}

function filtersOf(state: AppState): Parameters<CyAdapter['applyFilters']>[0] {
  // The timeline's range (docs/timeline.md) hides the entities outside it, as hidden ids do.
  return {
    hiddenTypes: state.hiddenTypes,
    hiddenSources: state.hiddenSources,
    hiddenIds: hiddenWithTimeRange(state),
  };
}

function filtersChanged(state: AppState, previous: AppState): boolean {
  return (
    state.hiddenTypes !== previous.hiddenTypes ||
    state.hiddenSources !== previous.hiddenSources ||
    state.hiddenIds !== previous.hiddenIds ||
    state.timeRange !== previous.timeRange
  );
}

const selectedOf = (state: AppState): string | undefined =>
  state.selectedId ?? state.selectedEdgeId ?? state.selectedCollectionId;

/** Selects on the canvas what the store says is selected (an entity inside a collection is drawn). */
function showSelection(parts: CanvasParts, state: AppState): void {
  const { cy } = parts;
  if (parts.collections.reveal(state.selectedId)) {
    parts.publishCounts();
  }
  cy.batch(() => {
    cy.$(':selected').unselect();
    const id = selectedOf(state);
    if (id !== undefined) {
      cy.getElementById(id).select();
    }
  });
  // A big case still being taken in: the preview rings it (Cytoscape may not hold it yet).
  parts.look.overview.previewSelect(state.selectedId);
  parts.publishSelectedPosition();
}

/** A new run: follow its growth again; a run that ends: show all of it, and say if it found nothing. */
function followRuns(parts: CanvasParts, state: AppState, previous: AppState): void {
  if (state.currentSessionId !== previous.currentSessionId && state.currentSessionId !== undefined) {
    parts.camera.following = true;
  }
  const id = state.currentSessionId;
  const run = id === undefined ? undefined : state.sessions[id];
  const before = id === undefined ? undefined : previous.sessions[id];
  if (
    run === undefined ||
    run.state === before?.state ||
    (run.state !== 'done' && run.state !== 'cancelled')
  ) {
    return;
  }
  if (parts.camera.following) {
    parts.camera.fitAll(40);
  }
  parts.loadSeeds();
  const empty = noResultsText(seedsWithoutResults(state.seedsBySession[run.sessionId] ?? [], state));
  if (run.state === 'done' && empty !== undefined) {
    state.setNotice({ kind: 'info', text: empty });
  }
}

/** Keeps the canvas in step with the store; returns the unsubscribe. */
export function watchStore(
  parts: CanvasParts,
  drawLoop: DrawLoop,
  foldAbove: (state: AppState) => number,
): () => void {
  const { adapter, store } = parts;
  adapter.applyFilters(filtersOf(store.getState()));
  drawLoop.draw();
  return store.subscribe((state, previous) => {
    if (
      (state.pendingDeltas !== previous.pendingDeltas ||
        state.snapshotVersion !== previous.snapshotVersion) &&
      (state.pendingDeltas.length > 0 || state.snapshotVersion !== drawLoop.drawnVersion())
    ) {
      drawLoop.schedule();
    }
    if (filtersChanged(state, previous)) {
      adapter.applyFilters(filtersOf(state));
      parts.publishCounts();
    }
    if (
      state.selectedId !== previous.selectedId ||
      state.selectedEdgeId !== previous.selectedEdgeId ||
      state.selectedCollectionId !== previous.selectedCollectionId
    ) {
      showSelection(parts, state);
      // The selection's label is drawn whatever the policy picks: the others make room for it.
      parts.labels.schedule();
    }
    if (parts.collections.setFoldAbove(foldAbove(state))) {
      parts.publishCounts();
    }
    if (state.sessions !== previous.sessions || state.retriedAt !== previous.retriedAt) {
      parts.failures.mark();
    }
    followRuns(parts, state, previous);
  });
}

/** The counts (collection-view.ts, `counts`) and `data-candidates` on the element; labels redone. */
export function countsPublisher(
  parts: Pick<CanvasParts, 'cy' | 'dataset' | 'collections' | 'labels' | 'now'>,
): { publish: () => void; publishedAt: () => number } {
  let publishedAt = Number.NEGATIVE_INFINITY;
  return {
    publish: () => {
      publishedAt = parts.now();
      Object.assign(parts.dataset, parts.collections.counts());
      parts.labels.schedule();
      parts.dataset.candidates = drawnCandidateLabels(parts.cy);
    },
    publishedAt: () => publishedAt,
  };
}
