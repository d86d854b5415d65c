/**
 * Re-layouts of the canvas: one at a time in the worker, cancellable (a stopped or failed layout
 * moves and saves nothing), and undoable (the positions before the last finished one are kept, and
 * handed to the action history). Nodes that arrive while the worker runs are placed anew once it
 * finishes. The canvas controller owns one and exposes its actions.
 */
import type { NodePositions } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import type { CyAdapter } from './cy-adapter';
import type { LayoutInput, LayoutKind, LayoutPositions } from './layouts/types';

/** A running re-layout: `done` gives the positions, or undefined when stopped or failed. */
export interface RunningLayout {
  readonly done: Promise<LayoutPositions | undefined>;
  stop(): void;
}

export interface LayoutState {
  running: LayoutKind | undefined;
  /** A finished re-layout can be undone. */
  canUndo: boolean;
  /** The layout that placed the drawing last (the toolbar marks it); undefined: none ran here. */
  applied: LayoutKind | undefined;
}

export interface RelayoutDeps {
  adapter: CyAdapter;
  startLayout: (input: LayoutInput, onError: (message: string) => void) => RunningLayout;
  onError: (message: string) => void;
  onLayoutState: (state: LayoutState) => void;
  /** A re-layout finished: where every node was before it (for the action history). */
  onRelayout?: ((before: NodePositions) => void) | undefined;
  /** Positions to apply for a finished layout (folded members follow their collection). */
  withMembers: (positions: LayoutPositions) => LayoutPositions;
  fit: () => void;
  scheduleSave: () => void;
  isDisposed: () => boolean;
  /**
   * Applies a big layout's positions over several tasks (stepped-positions.ts) and calls `done`
   * once all are in; undefined (or absent): they are applied at once.
   */
  applyInSteps?: (positions: LayoutPositions, done: () => void) => { cancel(): void } | undefined;
}

/** Its actions are plain functions (the controller hands them out as its own). */
export interface Relayout {
  /**
   * Lays the visible graph out in the worker. `opening`: the first layout of a case opened without
   * stored positions, which is no user action: nothing to undo, no history entry.
   */
  relayout: (kind?: LayoutKind, options?: { opening?: boolean }) => void;
  stopLayout: () => void;
  /** Puts every node back where it was before the last finished re-layout (and saves that). */
  undoLayout: () => void;
  /**
   * Puts these nodes where they were and saves (undo of a move, or of a re-layout: then the
   * "Undo re-layout" offer goes and the view fits the graph).
   */
  restorePositions: (positions: NodePositions, relayout: boolean) => void;
  /** Nodes drawn meanwhile (placed anew when a running layout finishes). */
  noteAdded: (ids: readonly EntityId[]) => void;
  dispose: () => void;
}

/**
 * Whether a case being opened needs a layout: most of its entities have no stored position (it was
 * written by the CLI, a script or a colleague's process). Placement alone (next to a neighbour, new
 * clusters beside the drawing) suits a graph growing a few nodes at a time, not thousands at once.
 */
export function mostlyUnplaced(ids: Iterable<EntityId>, ...known: NodePositions[]): boolean {
  let all = 0;
  let unplaced = 0;
  for (const id of ids) {
    all += 1;
    if (known.every((positions) => positions[id] === undefined)) {
      unplaced += 1;
    }
  }
  return unplaced >= 2 && unplaced * 2 >= all;
}

export function createRelayout(deps: RelayoutDeps): Relayout {
  const { adapter } = deps;
  let layout: { kind: LayoutKind; running: RunningLayout; addedMeanwhile: EntityId[] } | undefined;
  let undoPositions: NodePositions | undefined;
  let applied: LayoutKind | undefined;
  /** The layout applied before the last finished one (back after an undo). */
  let appliedBefore: LayoutKind | undefined;
  const publish = (): void => {
    deps.onLayoutState({ running: layout?.kind, canUndo: undoPositions !== undefined, applied });
  };

  /** A finished layout whose positions are being applied in steps (it still counts as running). */
  let applying: { cancel(): void; before: NodePositions } | undefined;

  /** What follows the positions' application. `before`: where the nodes were (undo), if kept. */
  const finish = (
    kind: LayoutKind,
    positions: LayoutPositions,
    addedMeanwhile: readonly EntityId[],
    before: NodePositions | undefined,
  ): void => {
    appliedBefore = applied;
    applied = kind;
    if (before !== undefined) {
      undoPositions = before;
      deps.onRelayout?.(before);
    }
    // Nodes that arrived while the worker ran were placed against the old shape: place them anew.
    adapter.placeAgain(addedMeanwhile.filter((id) => positions[id] === undefined));
    deps.fit();
    // Saved only now that it is finished (a stopped or failed layout moves and saves nothing).
    deps.scheduleSave();
  };

  /** Applies a finished layout's positions (in steps where the canvas does so), then finishes it. */
  const apply = (
    entry: { kind: LayoutKind; addedMeanwhile: EntityId[] },
    laidOut: LayoutPositions,
    opening: boolean,
  ): void => {
    const positions = deps.withMembers(laidOut);
    const before = adapter.positions();
    const complete = (): void => {
      applying = undefined;
      if (layout === entry) {
        layout = undefined;
      }
      finish(entry.kind, positions, entry.addedMeanwhile, opening ? undefined : before);
      publish();
    };
    const steps = deps.applyInSteps?.(positions, () => {
      if (!deps.isDisposed()) {
        complete();
      }
    });
    if (steps === undefined) {
      adapter.applyPositions(positions);
      complete();
    } else {
      applying = { cancel: () => steps.cancel(), before };
    }
  };

  const restorePositions = (positions: NodePositions, relayout: boolean): void => {
    adapter.applyPositions(positions);
    if (relayout) {
      undoPositions = undefined;
      applied = appliedBefore;
      deps.fit();
    }
    deps.scheduleSave();
    publish();
  };

  return {
    relayout: (kind = 'force', options = {}) => {
      layout?.running.stop();
      // A newer layout moves every node anyway: the older one's remaining steps are dropped.
      applying?.cancel();
      applying = undefined;
      const running = deps.startLayout(adapter.layoutInput(kind), deps.onError);
      const entry = { kind, running, addedMeanwhile: [] as EntityId[] };
      layout = entry;
      publish();
      void running.done.then((positions) => {
        if (deps.isDisposed() || layout !== entry) {
          return;
        }
        if (positions === undefined) {
          layout = undefined;
          publish();
          return;
        }
        apply(entry, positions, options.opening === true);
      });
    },
    stopLayout: () => {
      const entry = layout;
      layout = undefined;
      entry?.running.stop();
      if (applying !== undefined) {
        // Stopped while its positions were being applied: the nodes moved so far go back.
        const { before } = applying;
        applying.cancel();
        applying = undefined;
        adapter.applyPositions(before);
      }
      publish();
    },
    undoLayout: () => {
      if (undoPositions !== undefined) {
        restorePositions(undoPositions, true);
      }
    },
    restorePositions,
    noteAdded: (ids) => {
      layout?.addedMeanwhile.push(...ids);
    },
    dispose: () => {
      layout?.running.stop();
      applying?.cancel();
    },
  };
}
