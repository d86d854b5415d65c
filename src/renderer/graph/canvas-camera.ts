/** The canvas's camera: it follows the graph as it grows, until the user pans or zooms. */
import type { Core } from 'cytoscape';
import { fitCanvas } from './fit-view';

/** The camera follows growth at most this often (a fit is a full redraw). */
const FOLLOW_INTERVAL_MS = 500;

/** The camera follows the graph as it grows until the user pans or zooms it. */
export interface Camera {
  following: boolean;
  /** Fits the whole graph in the view with this margin (px). */
  fitAll: (padding: number) => void;
  /** The camera fitted the growing graph less than FOLLOW_INTERVAL_MS ago. */
  followedRecently: () => boolean;
}

export function createCamera(cy: Core, now: () => number): Camera {
  let followedAt = Number.NEGATIVE_INFINITY;
  const camera: Camera = {
    following: true,
    fitAll: (padding) => {
      if (fitCanvas(cy, padding)) {
        followedAt = now();
      }
    },
    followedRecently: () => now() - followedAt < FOLLOW_INTERVAL_MS,
  };
  cy.on('dragpan scrollzoom pinchzoom', () => {
    camera.following = false;
  });
  return camera;
}
