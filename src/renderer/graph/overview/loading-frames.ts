import type { Core } from 'cytoscape';

/**
 * While a big case is taken in and the view is zoomed in (Cytoscape draws, not the overview),
 * every step's elements ask for a frame, and each frame goes over every element Cytoscape holds
 * (0.1-0.3 s at 30,000 entities): frames come at most every LOADING_FRAME_MS then, unless the view
 * moved. What a step adds in view shows within that time.
 */
const LOADING_FRAME_MS = 250;

/** Where the view is (zoom, pan, size): equal keys, the same picture. */
export function viewKey(cy: Core): string {
  return `${cy.zoom()}|${cy.pan().x}|${cy.pan().y}|${cy.width()}|${cy.height()}`;
}

export function loadingFrames(cy: Core, now: () => number): { spaced(): boolean; rendered(): void } {
  let at = Number.NEGATIVE_INFINITY;
  let view = '';
  return {
    spaced: () => viewKey(cy) === view && now() - at < LOADING_FRAME_MS,
    rendered: () => {
      at = now();
      view = viewKey(cy);
    },
  };
}
