/**
 * The Cytoscape options of the graph canvas, shared by GraphCanvas and the renderer benchmark so
 * the bench measures what the investigator gets. Each one is a speed decision measured in
 * `bench/renderer.ts` (figures in docs/ui.md, "Renderer figures").
 */
import type { CytoscapeOptions } from 'cytoscape';

export const CANVAS_OPTIONS = {
  wheelSensitivity: 0.3,
  minZoom: 0.02,
  maxZoom: 4,
  // While the user drags or wheel-zooms, Cytoscape moves a bitmap of the last frame instead of
  // redrawing every element, and leaves edges out of the moving frames.
  textureOnViewport: true,
  hideEdgesOnViewport: true,
  // One canvas pixel per CSS pixel: a HiDPI screen would otherwise draw four times the pixels.
  pixelRatio: 1,
  motionBlur: false,
  boxSelectionEnabled: true,
} as const satisfies CytoscapeOptions;
