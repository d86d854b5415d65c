/**
 * What the overview layer draws (overview-layer.ts), as plain data: every shown node and edge of
 * a big graph, grouped by look so that each group is one canvas path. The looks are the
 * stylesheet's (cy-style.ts) at overview zoom, where it draws no text: the type's colour and
 * shape, the rings of the marks (selection, search hit, failed lookup, collection, new), faded
 * candidates, dashed pending matches; filtered, folded and rejected elements are not drawn.
 */
import type { AssetType } from '../../../shared/model/asset';
import { ASSET_LOOKS } from '../asset-style';
import type { AssetLook } from '../asset-style';
import type { ThemeColors } from '../cy-style';
import { MARK_COLORS } from '../cy-style';

/** One node as the overview needs it (read from Cytoscape by overview-layer.ts). */
export interface NodeFacts {
  id: string;
  x: number;
  y: number;
  type: string;
  /** Filtered out, folded into a collection, or a rejected match: drawn as nothing. */
  hidden: boolean;
  selected: boolean;
  searchHit: boolean;
  failed: boolean;
  collection: boolean;
  /** Just arrived (`.new`). */
  fresh: boolean;
  /** The entity a pending match proposes (faded). */
  candidate: boolean;
  /** Drawn with the lean look (cy-style.ts, LEAN_CLASS). */
  lean: boolean;
  /** The colour of the investigator's flag (annotation-look.ts), when flagged. */
  flagColour?: string | undefined;
}

export interface EdgeFacts {
  source: string;
  target: string;
  hidden: boolean;
  selected: boolean;
  /** A candidate match waiting for review (dashed). */
  pending: boolean;
  /** The edge to a collection (thicker). */
  collectionEdge: boolean;
  lean: boolean;
  /** A pending match's "candidate · 30" (drawn by the full stylesheet from zoom 0.5). */
  label?: string | undefined;
}

export interface Ring {
  color: string;
  width: number;
  dashed: boolean;
}

export interface NodeLook {
  fill: string;
  shape: AssetLook['shape'];
  /** Width and height in model units. */
  size: number;
  opacity: number;
  ring: Ring | undefined;
  /** The type's glyph inside the node (the full look's icon); none in the lean one. */
  glyph: string | undefined;
}

export interface EdgeLook {
  color: string;
  width: number;
  dashed: boolean;
  /** An arrowhead at the target (full stylesheet). */
  arrow: boolean;
}

/** A text the stylesheet draws at overview zoom, with the least zoom it is drawn from. */
export interface SceneText {
  text: string;
  x: number;
  y: number;
  /** Font size in model units. */
  size: number;
  /** Rotation in radians (edge labels follow their edge). */
  angle: number;
  /** Drawn from this zoom on (the stylesheet's min-zoomed-font-size). */
  minZoom: number;
}

export interface NodeGroup {
  look: NodeLook;
  /** Centres, x and y interleaved. */
  points: number[];
}

export interface EdgeGroup {
  look: EdgeLook;
  /** Segments, x1 y1 x2 y2 per edge. */
  segments: number[];
}

export interface Scene {
  /** Plain nodes first, marked ones last: rings are drawn on top. */
  nodeGroups: NodeGroup[];
  edgeGroups: EdgeGroup[];
  texts: SceneText[];
  /** Text colour and its outline (the theme's). */
  ink: { text: string; outline: string };
  nodes: number;
  edges: number;
}

/** Node sizes of the stylesheet (model units). */
const NODE_SIZE = 34;
const COLLECTION_SIZE = 46;
const FALLBACK_LOOK: AssetLook = { color: '#888888', shape: 'ellipse', glyph: '?' };

/**
 * The ring the stylesheet gives a node: its rules are applied in order, so the last matching one
 * wins (selected, search hit, failed lookup, collection, new).
 */
export function ringOf(node: NodeFacts, colors: ThemeColors): Ring | undefined {
  let ring: Ring | undefined;
  if (node.flagColour !== undefined) ring = { color: node.flagColour, width: 5, dashed: false };
  if (node.selected) ring = { color: colors.accent, width: 4, dashed: false };
  if (node.searchHit) ring = { color: MARK_COLORS.searchHit, width: 3, dashed: false };
  if (node.failed) ring = { color: MARK_COLORS.failed, width: 3, dashed: true };
  if (node.collection) ring = { color: colors.edge, width: 4, dashed: ring?.dashed ?? false };
  if (node.fresh) ring = { color: colors.accent, width: 3, dashed: ring?.dashed ?? false };
  return ring;
}

export function nodeLookOf(node: NodeFacts, colors: ThemeColors): NodeLook {
  const look = ASSET_LOOKS[node.type as AssetType] ?? FALLBACK_LOOK;
  return {
    fill: look.color,
    shape: look.shape,
    size: node.collection ? COLLECTION_SIZE : NODE_SIZE,
    opacity: node.candidate ? 0.45 : 1,
    ring: ringOf(node, colors),
    glyph: node.lean ? undefined : look.glyph,
  };
}

/** Edge widths of the lean and the full stylesheet. */
const EDGE_WIDTH = { lean: 1, full: 1.2 } as const;

export function edgeLookOf(edge: EdgeFacts, colors: ThemeColors): EdgeLook {
  return {
    color: edge.selected ? colors.accent : colors.edge,
    width: edge.collectionEdge || edge.selected ? 2.5 : EDGE_WIDTH[edge.lean ? 'lean' : 'full'],
    dashed: edge.pending,
    arrow: !edge.lean,
  };
}

/** A pending match's score: the one label the full look draws below LABEL_ZOOM. */
const PENDING_LABEL = { size: 10, minZoom: 0.5 } as const;

export const nodeKey = (look: NodeLook): string =>
  `${look.fill}|${look.shape}|${look.size}|${look.opacity}|${look.ring?.color ?? ''}|${look.ring?.width ?? 0}|${look.ring?.dashed === true ? 1 : 0}|${look.glyph ?? ''}`;
const edgeKey = (look: EdgeLook): string =>
  `${look.color}|${look.width}|${look.dashed ? 1 : 0}|${look.arrow ? 1 : 0}`;

/** The facts a node's look depends on besides its type and flag, as bits (no string per node). */
const markBits = (node: NodeFacts): number =>
  (node.selected ? 1 : 0) |
  (node.searchHit ? 2 : 0) |
  (node.failed ? 4 : 0) |
  (node.collection ? 8 : 0) |
  (node.fresh ? 16 : 0) |
  (node.candidate ? 32 : 0) |
  (node.lean ? 64 : 0);

const edgeBits = (edge: EdgeFacts): number =>
  (edge.selected ? 1 : 0) | (edge.pending ? 2 : 0) | (edge.collectionEdge ? 4 : 0) | (edge.lean ? 8 : 0);

/**
 * The group of each look, found by type, marks and flag without building the look's key for every
 * node: a scene of 30,000 nodes has a handful of looks, and a key per node was most of its cost.
 */
function nodeGroupFinder(colors: ThemeColors) {
  const byKey = new Map<string, NodeGroup>();
  const bySignature = new Map<string, Map<number, Map<string, NodeGroup>>>();
  return {
    groups: byKey,
    groupOf(node: NodeFacts): NodeGroup {
      let byMarks = bySignature.get(node.type);
      if (byMarks === undefined) {
        byMarks = new Map();
        bySignature.set(node.type, byMarks);
      }
      const bits = markBits(node);
      let byFlag = byMarks.get(bits);
      if (byFlag === undefined) {
        byFlag = new Map();
        byMarks.set(bits, byFlag);
      }
      const flag = node.flagColour ?? '';
      let group = byFlag.get(flag);
      if (group === undefined) {
        const look = nodeLookOf(node, colors);
        const key = nodeKey(look);
        group = byKey.get(key) ?? { look, points: [] };
        byKey.set(key, group);
        byFlag.set(flag, group);
      }
      return group;
    },
  };
}

function edgeGroupFinder(colors: ThemeColors) {
  const byKey = new Map<string, EdgeGroup>();
  const byBits: (EdgeGroup | undefined)[] = [];
  return {
    groups: byKey,
    groupOf(edge: EdgeFacts): EdgeGroup {
      const bits = edgeBits(edge);
      let group = byBits[bits];
      if (group === undefined) {
        const look = edgeLookOf(edge, colors);
        const key = edgeKey(look);
        group = byKey.get(key) ?? { look, segments: [] };
        byKey.set(key, group);
        byBits[bits] = group;
      }
      return group;
    },
  };
}

/** A pending match's score along its edge (Cytoscape's autorotate: never upside down). */
function pendingText(label: string, from: NodeFacts, to: NodeFacts): SceneText {
  let angle = Math.atan2(to.y - from.y, to.x - from.x);
  if (angle > Math.PI / 2) {
    angle -= Math.PI;
  } else if (angle < -Math.PI / 2) {
    angle += Math.PI;
  }
  return { text: label, x: (from.x + to.x) / 2, y: (from.y + to.y) / 2, angle, ...PENDING_LABEL };
}

/** Groups the shown nodes and edges by look; an edge is shown when it and both its ends are. */
export function buildScene(
  nodes: Iterable<NodeFacts>,
  edges: Iterable<EdgeFacts>,
  colors: ThemeColors,
): Scene {
  const at = new Map<string, NodeFacts>();
  const texts: SceneText[] = [];
  const nodeGroups = nodeGroupFinder(colors);
  let nodeCount = 0;
  for (const node of nodes) {
    if (node.hidden) {
      continue;
    }
    at.set(node.id, node);
    nodeGroups.groupOf(node).points.push(node.x, node.y);
    nodeCount += 1;
  }
  const edgeGroups = edgeGroupFinder(colors);
  let edgeCount = 0;
  for (const edge of edges) {
    const from = at.get(edge.source);
    const to = at.get(edge.target);
    if (edge.hidden || from === undefined || to === undefined) {
      continue;
    }
    edgeGroups.groupOf(edge).segments.push(from.x, from.y, to.x, to.y);
    edgeCount += 1;
    if (!edge.lean && edge.pending && edge.label !== undefined) {
      texts.push(pendingText(edge.label, from, to));
    }
  }
  const ordered = [...nodeGroups.groups.values()].sort(
    (a, b) => Number(a.look.ring !== undefined) - Number(b.look.ring !== undefined),
  );
  return {
    nodeGroups: ordered,
    edgeGroups: [...edgeGroups.groups.values()],
    texts,
    ink: { text: colors.text, outline: colors.outline },
    nodes: nodeCount,
    edges: edgeCount,
  };
}
