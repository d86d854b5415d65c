/** Positions the user or a layout moved, saved with the case in one write after a pause. */
import type { NodePositions } from '../../shared/ipc/contract';

const SAVE_DELAY_MS = 1_500;

/** Moved positions are saved together, SAVE_DELAY_MS after the first move. */
export interface PositionSaver {
  schedule: () => void;
  /** Saves what is still waiting (the canvas goes away). */
  flush: () => void;
}

export function createPositionSaver(
  takeDirtyPositions: () => NodePositions,
  savePositions: (positions: NodePositions) => void,
): PositionSaver {
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule: () => {
      saveTimer ??= setTimeout(() => {
        saveTimer = undefined;
        savePositions(takeDirtyPositions());
      }, SAVE_DELAY_MS);
    },
    flush: () => {
      if (saveTimer !== undefined) {
        clearTimeout(saveTimer);
        savePositions(takeDirtyPositions());
      }
    },
  };
}
