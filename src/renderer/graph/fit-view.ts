/**
 * Fitting the view to the graph from node positions alone. Cytoscape's `cy.fit` asks every
 * element for its bounding box, which first computes the rendered style of each (label sizes,
 * edge end points): on a 10,000-node case that was about half of the first render, and the camera
 * refits every half second while a run grows. Node centres are known without any of that; edges
 * run between nodes, so the nodes' extent (plus room for a node and its label) holds them too.
 * While Cytoscape drew every element itself this gained nothing (its draw needs the same boxes);
 * with the overview layer drawing big graphs (overview/), nothing else needs them, so big graphs
 * are fitted from positions (canvas-controller.ts) and small ones keep cy.fit.
 */
import type { Core } from 'cytoscape';
import { REJECTED_NODE } from './review-look';

export interface Point {
  x: number;
  y: number;
}

export interface Viewport {
  zoom: number;
  pan: Point;
}

export interface FitOptions {
  /** The view's size in pixels. */
  width: number;
  height: number;
  /** Free space kept on each side, in pixels. */
  padding: number;
  minZoom: number;
  /** The closest a fit may come (a single node is not blown up to fill the screen). */
  maxZoom: number;
}

/**
 * Room around a node centre, in model units: half the drawn node (34 px) sideways and above, and
 * below it the label (10 px text under the node), about as wide as a typical name.
 */
export const NODE_EXTENT = { side: 60, top: 17, bottom: 34 } as const;

/** The pan and zoom that show every point with its node and label; undefined for no points. */
export function fitViewport(points: Iterable<Point>, options: FitOptions): Viewport | undefined {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const { x, y } of points) {
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x);
    y2 = Math.max(y2, y);
  }
  if (x1 === Infinity) {
    return undefined;
  }
  x1 -= NODE_EXTENT.side;
  x2 += NODE_EXTENT.side;
  y1 -= NODE_EXTENT.top;
  y2 += NODE_EXTENT.bottom;
  const room = (size: number): number => Math.max(1, size - 2 * options.padding);
  const fitting = Math.min(room(options.width) / (x2 - x1), room(options.height) / (y2 - y1));
  const zoom = Math.max(options.minZoom, Math.min(options.maxZoom, fitting));
  return {
    zoom,
    pan: { x: (options.width - zoom * (x1 + x2)) / 2, y: (options.height - zoom * (y1 + y2)) / 2 },
  };
}

/** A fit comes no closer than this: a few nodes stay node-sized, not screen-sized. */
export const MAX_FIT_ZOOM = 1.5;

/**
 * The classes cy-style.ts hides nodes with (display: none): filtered out, folded into a collection,
 * a rejected match. Read by class, not with `:visible`, which computes every node's style first
 * (a second on 10,000 new nodes).
 */
const HIDDEN_CLASSES = ['filtered', 'folded', REJECTED_NODE];

/** The lowest zoom any fit may set (a drawing 50 million px wide: far beyond any case). */
export const ZOOM_FLOOR_LEAST = 0.00002;
/** The zoom-out limit the canvas starts with (cy-options.ts); lowered when a fit needs less. */
export const ZOOM_FLOOR_DEFAULT = 0.02;

/** The zoom-out limit after a fit at `fitZoom`: room to zoom out to half of it, never above the default. */
export function zoomFloorFor(fitZoom: number): number {
  return Math.max(ZOOM_FLOOR_LEAST, Math.min(ZOOM_FLOOR_DEFAULT, fitZoom / 2));
}

/**
 * Fits the canvas to its shown nodes, lowering the zoom floor when the drawing is wider than the
 * default floor shows (so Fit always shows the whole graph); false when there are none.
 */
export function fitToNodes(cy: Core, padding: number): boolean {
  // Classes read node by node: a selector (`.not(...)`) builds collections, seconds over a
  // case opening in steps that fits after each.
  const points: Point[] = [];
  cy.nodes().forEach((node) => {
    if (!HIDDEN_CLASSES.some((name) => node.hasClass(name))) {
      points.push(node.position());
    }
  });
  return fitToPoints(cy, points, padding);
}

/**
 * Fits the canvas to these model points (e.g. the saved positions of a case still being drawn),
 * lowering the zoom floor as fitToNodes does; false when there are none.
 */
export function fitToPoints(cy: Core, points: Iterable<Point>, padding: number): boolean {
  const view = fitViewport(points, {
    width: cy.width(),
    height: cy.height(),
    padding,
    minZoom: ZOOM_FLOOR_LEAST,
    maxZoom: Math.min(cy.maxZoom(), MAX_FIT_ZOOM),
  });
  if (view === undefined) {
    return false;
  }
  cy.minZoom(zoomFloorFor(view.zoom));
  cy.viewport(view);
  return true;
}

/**
 * Fits the canvas to everything shown; false when nothing is. Fitted from node positions at every
 * size: cy.fit asks every element for its bounding box (seconds at 10,000 nodes), and labels are
 * drawn at a constant size on screen (label-policy.ts), so their boxes in model units grow as the
 * view zooms out: a fit counting them zoomed out further at every press of Fit.
 */
export function fitCanvas(cy: Core, padding: number): boolean {
  return fitToNodes(cy, padding);
}
