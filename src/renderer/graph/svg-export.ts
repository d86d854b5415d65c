/**
 * The visible graph as a standalone SVG file (vector, opens in any browser or editor): edges as
 * lines with arrowheads and their relation, nodes in their type's shape, colour and glyph, labels as
 * text, and a legend of the types drawn beside the drawing. `toSvg` works on plain data (tested
 * without Cytoscape); `canvasSvg` reads the canvas. Every source text is escaped.
 */
import type { Core } from 'cytoscape';
import type { AssetType } from '../../shared/model/asset';
import { escapeXml } from '../../shared/util/xml';
import { ASSET_LOOKS } from './asset-style';
import { shapePath } from './legend-shapes';

export interface SvgNode {
  id: string;
  type: AssetType;
  label: string;
  x: number;
  y: number;
}

export interface SvgEdge {
  source: string;
  target: string;
  relation: string;
}

const SIZE = 30;
const RADIUS = SIZE / 2;
const MARGIN = 60;
const LEGEND_ROW = 20;
const LEGEND_WIDTH = 190;

const round = (value: number): string => String(Math.round(value * 10) / 10);

/** An edge as a line that stops at the target's edge (where the arrowhead sits), with its relation. */
function edgeLines(from: SvgNode, to: SvgNode, relation: string): string[] {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  const end = { x: to.x - (dx / length) * (RADIUS + 2), y: to.y - (dy / length) * (RADIUS + 2) };
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  const upright = angle > 90 || angle < -90 ? angle + 180 : angle;
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  return [
    `<line x1="${round(from.x)}" y1="${round(from.y)}" x2="${round(end.x)}" y2="${round(end.y)}" marker-end="url(#arrow)"><title>${escapeXml(relation)}</title></line>`,
    `<text class="edge-label" x="${round(mid.x)}" y="${round(mid.y - 3)}" transform="rotate(${round(upright)} ${round(mid.x)} ${round(mid.y)})">${escapeXml(relation)}</text>`,
  ];
}

/** A node in its type's shape and colour, with its glyph inside and its label below. */
function nodeLines(node: SvgNode): string[] {
  const look = ASSET_LOOKS[node.type];
  const glyphSize = look.glyph.length >= 3 ? 8 : 10;
  return [
    `<path transform="translate(${round(node.x - RADIUS)} ${round(node.y - RADIUS)})" d="${shapePath(look.shape, SIZE)}" fill="${look.color}"><title>${escapeXml(node.type)}</title></path>`,
    `<text class="glyph" x="${round(node.x)}" y="${round(node.y + glyphSize / 3)}" font-size="${glyphSize}">${escapeXml(look.glyph)}</text>`,
    `<text x="${round(node.x)}" y="${round(node.y + RADIUS + 12)}">${escapeXml(node.label)}</text>`,
  ];
}

/** The types drawn, each with its shape, colour and glyph, in a box at (x, y). */
function legendLines(types: readonly AssetType[], x: number, y: number): string[] {
  const lines = [
    `<g class="legend" transform="translate(${round(x)} ${round(y)})">`,
    `<rect width="${LEGEND_WIDTH}" height="${(types.length + 1) * LEGEND_ROW + 8}" fill="#ffffff" stroke="#c8ced8"/>`,
    `<text x="8" y="16" font-weight="700">Legend</text>`,
  ];
  types.forEach((type, index) => {
    const look = ASSET_LOOKS[type];
    const top = (index + 1) * LEGEND_ROW + 4;
    lines.push(
      `<path transform="translate(8 ${top})" d="${shapePath(look.shape, 14)}" fill="${look.color}"/>`,
      `<text x="30" y="${top + 11}">${escapeXml(type)}</text>`,
    );
  });
  lines.push('</g>');
  return lines;
}

export function toSvg(nodes: readonly SvgNode[], edges: readonly SvgEdge[], background: string): string {
  const at = new Map(nodes.map((node) => [node.id, node]));
  const xs = nodes.map((node) => node.x);
  const ys = nodes.map((node) => node.y);
  const types = [...new Set(nodes.map((node) => node.type))].sort();
  const minX = (nodes.length === 0 ? 0 : Math.min(...xs)) - MARGIN;
  const minY = (nodes.length === 0 ? 0 : Math.min(...ys)) - MARGIN;
  const drawingWidth = (nodes.length === 0 ? 0 : Math.max(...xs)) + MARGIN - minX;
  const height = Math.max(
    (nodes.length === 0 ? 0 : Math.max(...ys)) + MARGIN - minY,
    (types.length + 1) * LEGEND_ROW + 8 + 2 * 10,
  );
  // The legend sits right of the drawing, so it never covers a node.
  const width = drawingWidth + LEGEND_WIDTH + 10;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${round(minX)} ${round(minY)} ${round(width)} ${round(height)}" width="${round(width)}" height="${round(height)}" font-family="sans-serif">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" fill="#8a94a6"/></marker></defs>',
    '<style>.edge-label{font-size:7px;fill:#5d6678;text-anchor:middle}.glyph{fill:#ffffff;font-weight:700;text-anchor:middle}</style>',
    `<rect x="${round(minX)}" y="${round(minY)}" width="${round(width)}" height="${round(height)}" fill="${escapeXml(background)}"/>`,
    '<g stroke="#8a94a6" stroke-width="1.2">',
  ];
  const labels: string[] = [];
  for (const edge of edges) {
    const from = at.get(edge.source);
    const to = at.get(edge.target);
    if (from !== undefined && to !== undefined) {
      const [line = '', label = ''] = edgeLines(from, to, edge.relation);
      lines.push(line);
      labels.push(label);
    }
  }
  lines.push('</g>', '<g>', ...labels, '</g>', '<g font-size="10" text-anchor="middle" fill="#1d2330">');
  for (const node of nodes) {
    lines.push(...nodeLines(node));
  }
  lines.push('</g>', ...legendLines(types, minX + drawingWidth, minY + 10), '</svg>', '');
  return lines.join('\n');
}

/** The canvas's visible (unfiltered, not folded into a collection) nodes and edges, at their drawn positions, as SVG. */
export function canvasSvg(cy: Core, background: string): string {
  const nodes: SvgNode[] = [];
  cy.nodes()
    .not('.filtered, .folded')
    .forEach((node) => {
      nodes.push({
        id: node.id(),
        type: node.data('type') as AssetType,
        label: String(node.data('label')),
        ...node.position(),
      });
    });
  const edges: SvgEdge[] = [];
  cy.edges()
    .not('.filtered, .folded')
    .forEach((edge) => {
      edges.push({
        source: edge.source().id(),
        target: edge.target().id(),
        relation: String(edge.data('relation')),
      });
    });
  return toSvg(nodes, edges, background);
}
