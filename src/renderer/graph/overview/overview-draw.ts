/**
 * Draws an overview scene (overview-scene.ts) on a 2D canvas: one path per look, nodes culled to
 * the view. A node smaller than a few pixels on screen is a square (its shape cannot be told
 * apart at that size, and a rectangle is the cheapest path there is).
 */
import type { AssetLook } from '../asset-style';
import type { NodeLook, Scene } from './overview-scene';

/** The part of CanvasRenderingContext2D the overview uses (a recording fake in the tests). */
export type OverviewContext = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'rect'
  | 'arc'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'setLineDash'
  | 'fillText'
  | 'strokeText'
  | 'save'
  | 'restore'
  | 'translate'
  | 'rotate'
  | 'drawImage'
> & {
  fillStyle: CanvasRenderingContext2D['fillStyle'];
  strokeStyle: CanvasRenderingContext2D['strokeStyle'];
  lineWidth: number;
  globalAlpha: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
};

export interface OverviewView {
  zoom: number;
  pan: { x: number; y: number };
  /** The view's size in CSS pixels. */
  width: number;
  height: number;
  /** Canvas pixels per CSS pixel. */
  pixelRatio: number;
}

/** Below this size on screen (px), nodes are drawn as squares. */
export const SQUARE_BELOW_PX = 4;
/** Text smaller than this on screen (px) is not drawn: it would be a smudge. */
export const TEXT_FROM_PX = 3;

/**
 * The full stylesheet's arrowhead (Cytoscape's triangle at arrow-scale 0.7: 29 x 0.7 units, its
 * shape 0.3 of that long and wide), its tip on the target node's outline.
 */
const ARROW = { length: 0.3 * 29 * 0.7, halfWidth: 0.15 * 29 * 0.7, inset: 17 } as const;
/**
 * Arrowheads shorter than this on screen (px) are left out: a speck nobody reads a direction
 * from, and one filled path of 30,000 of them took 3 s of a frame in software rendering.
 */
export const ARROW_FROM_PX = 1.5;
/**
 * The glyph icon (asset-style.ts): an SVG 40 units square with bold text of 11 (three letters) or
 * 14 units, its baseline 5 below the centre, fitted into the node (34 units: x 0.85).
 */
const GLYPH = { box: 40, long: 11, short: 14, baseline: 5 } as const;

/** Outline points of the polygon shapes, in a box from -1 to 1 (as Cytoscape draws them). */
const POLYGONS: Partial<Record<AssetLook['shape'], readonly number[]>> = {
  triangle: [0, -1, 1, 1, -1, 1],
  diamond: [0, -1, 1, 0, 0, 1, -1, 0],
  hexagon: [-1, 0, -0.5, -1, 0.5, -1, 1, 0, 0.5, 1, -0.5, 1],
  tag: [-1, -1, 0.5, -1, 1, 0, 0.5, 1, -1, 1],
};

/** Adds one node's outline to the current path. */
export function traceShape(
  context: OverviewContext,
  shape: AssetLook['shape'],
  x: number,
  y: number,
  half: number,
): void {
  if (shape === 'ellipse') {
    context.moveTo(x + half, y);
    context.arc(x, y, half, 0, Math.PI * 2);
    return;
  }
  const polygon = POLYGONS[shape];
  if (polygon === undefined) {
    // Rectangles, round rectangles and barrels: their rounding is under a pixel at overview zoom.
    context.rect(x - half, y - half, half * 2, half * 2);
    return;
  }
  context.moveTo(x + (polygon[0] ?? 0) * half, y + (polygon[1] ?? 0) * half);
  for (let index = 2; index < polygon.length; index += 2) {
    context.lineTo(x + (polygon[index] ?? 0) * half, y + (polygon[index + 1] ?? 0) * half);
  }
  context.closePath();
}

export interface DrawFigures {
  nodes: number;
  edges: number;
}

/**
 * A node of one look painted once at the current scale, then copied to each node's place: at
 * overview zoom a copy of a few pixels is far cheaper than tracing and filling the shape 30,000
 * times (a frame of 30,000 polygon nodes took 330 ms as paths). `half` is the distance from the
 * image's corner to the node's centre, in canvas pixels.
 */
export interface Stamp {
  image: CanvasImageSource;
  half: number;
}

/** Makes (and may cache) the stamp of a look at a scale in canvas pixels per model unit. */
export type StampMaker = (look: NodeLook, scale: number) => Stamp | undefined;

/** The room a stamp needs around its centre, in canvas pixels: the node, its ring and a pixel. */
export function stampHalf(look: NodeLook, scale: number): number {
  return Math.ceil(((look.size + (look.ring?.width ?? 0)) / 2) * scale) + 1;
}

/** Paints one node of the look centred on (center, center) of a stamp's canvas. */
export function paintStamp(context: OverviewContext, look: NodeLook, scale: number, center: number): void {
  context.setTransform(scale, 0, 0, scale, center, center);
  context.beginPath();
  traceShape(context, look.shape, 0, 0, look.size / 2);
  finishNodes(context, look, [0, 0], [-1, -1, 1, 1], scale);
  context.globalAlpha = 1;
}

/** Fills the traced nodes in the look's colour, strokes their ring and writes their glyph. */
function finishNodes(
  context: OverviewContext,
  look: NodeLook,
  points: number[],
  extent: Extent,
  scale: number,
): void {
  context.globalAlpha = look.opacity;
  context.fillStyle = look.fill;
  context.fill();
  if (look.ring !== undefined) {
    context.strokeStyle = look.ring.color;
    context.lineWidth = look.ring.width;
    context.setLineDash(look.ring.dashed ? [6, 3] : []);
    context.stroke();
  }
  if (look.glyph !== undefined) {
    drawGlyphs(context, look.glyph, look.size / GLYPH.box, points, extent, scale);
  }
}

/** Clears the canvas and draws the scene as the view shows it; edges are left out when asked. */
export function drawScene(
  context: OverviewContext,
  scene: Scene,
  view: OverviewView,
  withEdges: boolean,
  stamps?: StampMaker,
): DrawFigures {
  const { zoom, pan, pixelRatio } = view;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, view.width * pixelRatio, view.height * pixelRatio);
  context.setTransform(zoom * pixelRatio, 0, 0, zoom * pixelRatio, pan.x * pixelRatio, pan.y * pixelRatio);
  // The view in model units, with room for the largest node.
  const margin = 30;
  const x1 = -pan.x / zoom - margin;
  const y1 = -pan.y / zoom - margin;
  const x2 = (view.width - pan.x) / zoom + margin;
  const y2 = (view.height - pan.y) / zoom + margin;
  let edges = 0;
  if (withEdges) {
    for (const { look, segments } of scene.edgeGroups) {
      context.beginPath();
      for (let index = 0; index < segments.length; index += 4) {
        const ax = segments[index] ?? 0;
        const ay = segments[index + 1] ?? 0;
        const bx = segments[index + 2] ?? 0;
        const by = segments[index + 3] ?? 0;
        if ((ax < x1 && bx < x1) || (ax > x2 && bx > x2) || (ay < y1 && by < y1) || (ay > y2 && by > y2)) {
          continue;
        }
        context.moveTo(ax, ay);
        context.lineTo(bx, by);
        edges += 1;
      }
      context.globalAlpha = 1;
      context.strokeStyle = look.color;
      context.lineWidth = look.width;
      context.setLineDash(look.dashed ? [6, 4] : []);
      context.stroke();
      if (look.arrow && ARROW.length * zoom >= ARROW_FROM_PX) {
        drawArrowheads(context, segments, [x1, y1, x2, y2], look.color);
      }
    }
  }
  let nodes = 0;
  for (const { look, points } of scene.nodeGroups) {
    const half = look.size / 2;
    const tiny = look.size * zoom < SQUARE_BELOW_PX;
    const stamp = tiny ? undefined : stamps?.(look, zoom * pixelRatio);
    if (stamp !== undefined) {
      nodes += stampNodes(context, stamp, points, [x1, y1, x2, y2], view);
      continue;
    }
    const shape = tiny ? 'rectangle' : look.shape;
    context.beginPath();
    for (let index = 0; index < points.length; index += 2) {
      const x = points[index] ?? 0;
      const y = points[index + 1] ?? 0;
      if (x < x1 || x > x2 || y < y1 || y > y2) {
        continue;
      }
      traceShape(context, shape, x, y, half);
      nodes += 1;
    }
    finishNodes(context, look, points, [x1, y1, x2, y2], zoom);
  }
  context.globalAlpha = 1;
  drawTexts(context, scene, [x1, y1, x2, y2], zoom);
  return { nodes, edges };
}

type Extent = [x1: number, y1: number, x2: number, y2: number];

/** Copies the stamp to every node in view, on whole canvas pixels; how many were drawn. */
function stampNodes(
  context: OverviewContext,
  stamp: Stamp,
  points: number[],
  extent: Extent,
  view: OverviewView,
): number {
  const { zoom, pan, pixelRatio } = view;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  let drawn = 0;
  for (let index = 0; index < points.length; index += 2) {
    const x = points[index] ?? 0;
    const y = points[index + 1] ?? 0;
    if (!inside(x, y, extent)) {
      continue;
    }
    context.drawImage(
      stamp.image,
      Math.round((x * zoom + pan.x) * pixelRatio) - stamp.half,
      Math.round((y * zoom + pan.y) * pixelRatio) - stamp.half,
    );
    drawn += 1;
  }
  context.setTransform(zoom * pixelRatio, 0, 0, zoom * pixelRatio, pan.x * pixelRatio, pan.y * pixelRatio);
  return drawn;
}

const inside = (x: number, y: number, [x1, y1, x2, y2]: Extent): boolean =>
  x >= x1 && x <= x2 && y >= y1 && y <= y2;

function drawArrowheads(context: OverviewContext, segments: number[], extent: Extent, color: string): void {
  context.beginPath();
  for (let index = 0; index < segments.length; index += 4) {
    const ax = segments[index] ?? 0;
    const ay = segments[index + 1] ?? 0;
    const bx = segments[index + 2] ?? 0;
    const by = segments[index + 3] ?? 0;
    const length = Math.hypot(bx - ax, by - ay);
    if (!inside(bx, by, extent) || length <= ARROW.inset + ARROW.length) {
      continue;
    }
    const ux = (bx - ax) / length;
    const uy = (by - ay) / length;
    const tipX = bx - ux * ARROW.inset;
    const tipY = by - uy * ARROW.inset;
    const baseX = tipX - ux * ARROW.length;
    const baseY = tipY - uy * ARROW.length;
    context.moveTo(tipX, tipY);
    context.lineTo(baseX - uy * ARROW.halfWidth, baseY + ux * ARROW.halfWidth);
    context.lineTo(baseX + uy * ARROW.halfWidth, baseY - ux * ARROW.halfWidth);
    context.closePath();
  }
  context.setLineDash([]);
  context.fillStyle = color;
  context.fill();
}

function drawGlyphs(
  context: OverviewContext,
  glyph: string,
  scale: number,
  points: number[],
  extent: Extent,
  zoom: number,
): void {
  const size = (glyph.length >= 3 ? GLYPH.long : GLYPH.short) * scale;
  if (size * zoom < TEXT_FROM_PX) {
    return;
  }
  context.font = `700 ${size}px sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  context.fillStyle = '#ffffff';
  for (let index = 0; index < points.length; index += 2) {
    const x = points[index] ?? 0;
    const y = points[index + 1] ?? 0;
    if (inside(x, y, extent)) {
      context.fillText(glyph, x, y + GLYPH.baseline * scale);
    }
  }
}

function drawTexts(context: OverviewContext, scene: Scene, extent: Extent, zoom: number): void {
  context.textAlign = 'center';
  context.lineWidth = 2;
  context.setLineDash([]);
  context.fillStyle = scene.ink.text;
  context.strokeStyle = scene.ink.outline;
  for (const item of scene.texts) {
    if (zoom < item.minZoom || item.size * zoom < TEXT_FROM_PX || !inside(item.x, item.y, extent)) {
      continue;
    }
    context.font = `${item.size}px sans-serif`;
    context.textBaseline = 'middle';
    context.save();
    context.translate(item.x, item.y);
    context.rotate(item.angle);
    context.strokeText(item.text, 0, 0);
    context.fillText(item.text, 0, 0);
    context.restore();
  }
}
