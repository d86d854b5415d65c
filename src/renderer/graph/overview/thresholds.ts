/** When the overview layer draws (overview-layer.ts); no DOM here, so the Node bench can read them. */
import { LABEL_ZOOM } from '../label-policy';

/** The overview draws graphs of at least this many nodes (smaller ones Cytoscape draws fast enough)... */
export const OVERVIEW_MIN_NODES = 500;
/**
 * ...zoomed out below this zoom, where neither stylesheet draws node labels (min-zoomed-font-size).
 * What they do draw there the overview draws too: shapes, colours, rings, fading, dashes, and
 * with the full stylesheet the type glyphs, arrowheads and pending matches' scores.
 */
export const OVERVIEW_ZOOM = LABEL_ZOOM;
