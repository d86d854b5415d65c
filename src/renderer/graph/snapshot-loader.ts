/**
 * Draws a big snapshot (a case being opened) in steps, one per frame, each sized by its measured
 * cost to a few tens of milliseconds, so opening 30,000 entities never blocks the main thread in
 * one task (issue 23: one 10.8 s task). Before the first step, the `prepare` phases run one per
 * frame (planning positions, the overview's preview of the whole case: canvas-parts.ts). The
 * first step replaces the drawing, the others add entities as deltas; each hands over only the
 * edges whose two ends are drawn by then, and `settle` makes a step pay for Cytoscape's style
 * work on what it added (docs/ui.md, "a big case is shown whole from its data").
 */
import type { NodePositions } from '../../shared/ipc/contract';
import type { Edge, Entity } from '../../shared/model/graph';
import type { CyAdapter } from './cy-adapter';

/**
 * Snapshots up to this many entities are drawn in one go; above, in steps behind the overview's
 * preview (the overview draws from OVERVIEW_MIN_NODES, 500). Drawn in one go, a 1,000-entity case
 * (full stylesheet: icons, labels, arrows) had a first frame of 0.4-0.6 s styling every element.
 */
export const STEPPED_ABOVE = 500;
/**
 * Work per step, in milliseconds: well under the 200 ms a user notices as a stall, with room for a
 * garbage collection that lands in a step (a 60 ms budget saw steps of 0.25 s).
 */
export const STEP_BUDGET_MS = 40;
/** A step adds at least this share of what is drawn already (the steps stay few). */
export const MIN_GROWTH = 0.25;
/**
 * Entities in the first step, before any cost is measured: small, as Cytoscape's code runs cold
 * then (400 entities were 0.2 s at 30,000, four times a later step's cost per entity).
 */
const FIRST_STEP = 100;

export interface SnapshotLoadDeps {
  adapter: CyAdapter;
  requestFrame: (callback: () => void) => number;
  cancelFrame: (handle: number) => void;
  /** Runs a step after the frame (its own task); default: inside the frame callback. */
  afterFrame?: (work: () => void) => void;
  now: () => number;
  /** After each step, with the number of entities drawn so far. */
  onStep: (drawn: number) => void;
  /** Every entity is drawn. */
  onDone: () => void;
  /**
   * Run one per task, each after a frame, before the first step: the click's task ends without
   * any of the load's work, and what they show is painted before the steps start.
   */
  prepare?: readonly (() => void)[];
  /**
   * Runs right after a step's elements are added, in the step (Cytoscape's style work for them),
   * so that a step's measured cost is its whole cost.
   */
  settle?: () => void;
  /**
   * A step adds at least this share of what is drawn already (default MIN_GROWTH). 0 when nothing
   * costs per frame in proportion to the drawing (the overview shows a preview meanwhile).
   */
  minGrowth?: number;
  /**
   * Runs the next step in a task of its own without waiting for a frame (it needs `afterFrame`).
   * Where the overview shows a preview, frames between steps show nothing new: waiting for one
   * left the main thread idle a fifth of the load.
   */
  stepsBackToBack?: boolean;
  /**
   * The part of the graph the user looks at now, in model coordinates, when it should be taken in
   * first (zoomed in while the load runs); undefined while the whole case is on screen. Read
   * before each step: the entities still to come that lie inside it move to the front.
   */
  viewFirst?: () => ViewBox | undefined;
}

/** A box in model coordinates (Cytoscape's `extent()`). */
export interface ViewBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The view with a quarter of its size added on each side (what a pan is likely to show next). */
export function widened({ x1, y1, x2, y2 }: ViewBox): ViewBox {
  const [w, h] = [x2 - x1, y2 - y1];
  return { x1: x1 - w / 4, y1: y1 - h / 4, x2: x2 + w / 4, y2: y2 + h / 4 };
}

/** A big case being taken in: what is not drawn yet, and where it will be (search reads it). */
export interface Opening {
  /** The entities not drawn yet (none once the load is done or stopped). */
  undrawn(): readonly Entity[];
  /** Where an entity of the snapshot is drawn, or will be. */
  plannedAt(id: string): { x: number; y: number } | undefined;
}

export interface SnapshotLoad extends Opening {
  /** Stops drawing (a newer snapshot, or the canvas goes). */
  cancel(): void;
  readonly loading: boolean;
}

export function loadSnapshot(
  deps: SnapshotLoadDeps,
  entities: readonly Entity[],
  edges: readonly Edge[],
  /** The positions to draw with, read when each step runs (a prepare phase may plan them). */
  positions: () => NodePositions,
): SnapshotLoad {
  let next = 0;
  let size = FIRST_STEP;
  let frame: number | undefined;
  let cancelled = false;
  const afterFrame = deps.afterFrame ?? ((work: () => void) => work());
  const minGrowth = deps.minGrowth ?? MIN_GROWTH;
  // The order entities are taken in: the snapshot's, changed where the user looks meanwhile.
  const order = [...entities];
  let lastView = '';
  let edgesDue: EdgesDue | undefined;

  const step = (): void => {
    frame = undefined;
    if (cancelled) {
      return;
    }
    const start = deps.now();
    const view = deps.viewFirst?.();
    const viewKey = view === undefined ? '' : `${view.x1}|${view.y1}|${view.x2}|${view.y2}`;
    if (view !== undefined && viewKey !== lastView) {
      inViewFirst(order, next, view, positions());
    }
    lastView = viewKey;
    const chunk = order.slice(next, next + size);
    edgesDue ??= edgesByEnds(entities, edges);
    const chunkEdges = edgesDue.drawn(chunk, next + chunk.length >= order.length);
    if (next === 0) {
      deps.adapter.reset(chunk, chunkEdges, positions());
    } else {
      deps.adapter.applyDeltas([{ seq: 0, entities: chunk, edges: chunkEdges, merged: [] }], positions());
    }
    deps.settle?.();
    next += chunk.length;
    const took = Math.max(1, deps.now() - start);
    // The next step sized to the budget by this one's cost (growing at most twofold at a time: a
    // step's cost per entity varies from step to step),
    // and never under `minGrowth` of what is drawn: where every frame between steps redraws (and
    // sorts) everything drawn so far, many small steps over a big drawing cost more than they spare.
    const byBudget = Math.min(size * 2, Math.round((chunk.length * STEP_BUDGET_MS) / took));
    size = Math.max(50, byBudget, Math.round(next * minGrowth));
    deps.onStep(next);
    if (next >= entities.length) {
      deps.onDone();
      return;
    }
    if (deps.stepsBackToBack === true && deps.afterFrame !== undefined) {
      deps.afterFrame(step);
    } else {
      frame = deps.requestFrame(() => afterFrame(step));
    }
  };
  const phases = [...(deps.prepare ?? []), step];
  const prepare = (): void => {
    frame = undefined;
    const phase = phases.shift();
    if (!cancelled && phase !== undefined) {
      phase();
      if (phases.length > 0) {
        frame = deps.requestFrame(() => afterFrame(prepare));
      }
    }
  };
  frame = deps.requestFrame(() => afterFrame(prepare));

  return {
    cancel: () => {
      cancelled = true;
      if (frame !== undefined) {
        deps.cancelFrame(frame);
        frame = undefined;
      }
    },
    get loading() {
      return !cancelled && next < entities.length;
    },
    undrawn: () => (cancelled ? [] : order.slice(next)),
    plannedAt: (id) => positions()[id],
  };
}

/**
 * The entities still to come (from `from` on) that lie inside the view, moved ahead of the others
 * (each group in its order before): zoomed in while a big case loads, what the user looks at is
 * drawn in the next steps instead of wherever the snapshot's order has it.
 */
function inViewFirst(order: Entity[], from: number, view: ViewBox, positions: NodePositions): void {
  const inside: Entity[] = [];
  const outside: Entity[] = [];
  for (let index = from; index < order.length; index += 1) {
    const entity = order[index] as Entity;
    const at = positions[entity.id];
    const seen = at !== undefined && at.x >= view.x1 && at.x <= view.x2 && at.y >= view.y1 && at.y <= view.y2;
    (seen ? inside : outside).push(entity);
  }
  // Written back in place (a spread of 30,000 arguments can overflow the stack).
  let write = from;
  for (const entity of [inside, outside].flat()) {
    order[write] = entity;
    write += 1;
  }
}

/**
 * Which edges a step can hand the adapter: those whose two ends are drawn once its entities are,
 * instead of every edge waiting from the first step. Found through each entity's own edges, so the
 * order entities come in may change between steps. Edges to an entity outside the snapshot come
 * with the last step (they wait in the adapter, as any edge to an undrawn end).
 */
interface EdgesDue {
  /** The edges not handed yet whose ends are drawn once `chunk` is (all of them when `last`). */
  drawn(chunk: readonly Entity[], last: boolean): Edge[];
}

function edgesByEnds(entities: readonly Entity[], edges: readonly Edge[]): EdgesDue {
  const inSnapshot = new Set(entities.map((entity) => entity.id));
  const edgesOf = new Map<string, Edge[]>();
  const outside: Edge[] = [];
  const attach = (id: string, edge: Edge): void => {
    const list = edgesOf.get(id);
    if (list === undefined) {
      edgesOf.set(id, [edge]);
    } else {
      list.push(edge);
    }
  };
  for (const edge of edges) {
    if (!inSnapshot.has(edge.from) || !inSnapshot.has(edge.to)) {
      outside.push(edge);
      continue;
    }
    attach(edge.from, edge);
    if (edge.to !== edge.from) {
      attach(edge.to, edge);
    }
  }
  const drawnIds = new Set<string>();
  return {
    drawn(chunk, last) {
      const due: Edge[] = [];
      for (const entity of chunk) {
        drawnIds.add(entity.id);
        for (const edge of edgesOf.get(entity.id) ?? []) {
          const other = edge.from === entity.id ? edge.to : edge.from;
          if (drawnIds.has(other)) {
            due.push(edge);
          }
        }
      }
      return last ? [...due, ...outside] : due;
    },
  };
}
