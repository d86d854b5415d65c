/**
 * Feeds graph deltas to the canvas in time slices: deltas that arrive while a frame is pending are
 * coalesced, big deltas are cut into pieces, and each frame applies only as many entities as fit
 * in a few milliseconds, so a burst of thousands of nodes never blocks the main thread in one go.
 */
import type { GraphDelta } from '../../shared/model/graph';

export interface DeltaSchedulerOptions {
  /** Draws deltas (one Cytoscape batch); called at most once per frame. */
  apply(deltas: GraphDelta[]): void;
  /** Work allowed per frame, in milliseconds (default 8: half a 60 Hz frame). */
  budgetMs?: number;
  /** Least time between two applications (the renderer's redraw after each one is not sliceable). */
  minIntervalMs?: () => number;
  /** While true, nothing is applied (kept queued, retried next frame): e.g. while the view moves. */
  holdWhile?: () => boolean;
  now?: () => number;
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (handle: number) => void;
  /** Called after each application, with whether deltas are still queued. */
  onApplied?: (more: boolean) => void;
  /**
   * Runs the frame's application (default: at once, inside the frame callback). The canvas runs
   * it in a task of its own after the frame, so that applying a batch and Cytoscape's redraw of
   * it (its own frame callback) are two tasks, not one twice as long.
   */
  defer?: (work: () => void) => void;
}

export interface DeltaScheduler {
  push(deltas: readonly GraphDelta[]): void;
  /** Drops everything queued (a snapshot replaces it). */
  clear(): void;
  readonly queued: number;
  dispose(): void;
}

/**
 * Least time between two applications for a graph of this size. Each application makes Cytoscape
 * redraw every visible element (about 30 µs each in software rendering), which cannot be sliced;
 * spacing them keeps the main thread mostly free for input while a big graph streams in.
 */
export function redrawIntervalMs(nodeCount: number): number {
  return nodeCount <= 1_500 ? 0 : Math.min(400, nodeCount / 20);
}

/** Entities per piece when a delta is cut up; a piece is the smallest unit of work. */
export const PIECE_ENTITIES = 100;

/** Cuts a delta into pieces of at most `size` entities; merges and edges travel with the first piece. */
export function splitDelta(delta: GraphDelta, size = PIECE_ENTITIES): GraphDelta[] {
  if (delta.entities.length <= size) {
    return [delta];
  }
  const pieces: GraphDelta[] = [];
  for (let start = 0; start < delta.entities.length; start += size) {
    pieces.push({
      seq: delta.seq,
      entities: delta.entities.slice(start, start + size),
      // Edges whose other end is in a later piece wait in the adapter until it is drawn.
      edges: start === 0 ? delta.edges : [],
      merged: start === 0 ? delta.merged : [],
    });
  }
  return pieces;
}

function weight(delta: GraphDelta): number {
  return delta.entities.length + delta.edges.length / 2 + delta.merged.length + 1;
}

export function createDeltaScheduler(options: DeltaSchedulerOptions): DeltaScheduler {
  const budget = options.budgetMs ?? 8;
  const now = options.now ?? (() => performance.now());
  const requestFrame = options.requestFrame ?? ((callback) => requestAnimationFrame(callback));
  const cancelFrame = options.cancelFrame ?? ((handle) => cancelAnimationFrame(handle));
  const queue: GraphDelta[] = [];
  let head = 0;
  let frame: number | undefined;
  let lastApplied = Number.NEGATIVE_INFINITY;
  /** Measured cost of one unit of weight (ms), smoothed; starts pessimistic. */
  let msPerUnit = 0.2;

  const defer = options.defer ?? ((work: () => void) => work());
  const schedule = (): void => {
    frame ??= requestFrame(() => defer(run));
  };

  function run(): void {
    frame = undefined;
    if (head >= queue.length) {
      return;
    }
    const start = now();
    if (options.holdWhile?.() === true || start - lastApplied < (options.minIntervalMs?.() ?? 0)) {
      schedule();
      return;
    }
    // As many pieces as the measured cost says fit in the budget; always at least one.
    const allowance = budget / msPerUnit;
    const batch: GraphDelta[] = [];
    let units = 0;
    while (head < queue.length) {
      const next = queue[head];
      if (next === undefined) {
        break;
      }
      const cost = weight(next);
      if (batch.length > 0 && units + cost > allowance) {
        break;
      }
      batch.push(next);
      units += cost;
      head += 1;
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    }
    options.apply(batch);
    const took = now() - start;
    lastApplied = now();
    msPerUnit = Math.max(0.001, msPerUnit * 0.5 + (took / Math.max(units, 1)) * 0.5);
    const more = head < queue.length;
    options.onApplied?.(more);
    if (more) {
      schedule();
    }
  }

  return {
    push(deltas) {
      for (const delta of deltas) {
        queue.push(...splitDelta(delta));
      }
      if (head < queue.length) {
        schedule();
      }
    },
    clear() {
      queue.length = 0;
      head = 0;
    },
    get queued() {
      return queue.length - head;
    },
    dispose() {
      if (frame !== undefined) {
        cancelFrame(frame);
        frame = undefined;
      }
      queue.length = 0;
      head = 0;
    },
  };
}
