/**
 * The visible graph as a standalone SVG file (vector, opens in any browser or editor): edges as
 * lines, nodes as circles in their type's colour, labels as text. `toSvg` works on plain data (tested
 * without Cytoscape); `canvasSvg` reads the canvas. Every source text is escaped.
 */
import type { Core } from 'cytoscape';
import type { AssetType } from '../../shared/model/asset';
import { escapeXml } from '../../shared/util/xml';
import { ASSET_LOOKS } from './asset-style';

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

const RADIUS = 14;
const MARGIN = 60;

const round = (value: number): string => String(Math.round(value * 10) / 10);

export function toSvg(nodes: readonly SvgNode[], edges: readonly SvgEdge[], background: string): string {
  const at = new Map(nodes.map((node) => [node.id, node]));
  const xs = nodes.map((node) => node.x);
  const ys = nodes.map((node) => node.y);
  const minX = (nodes.length === 0 ? 0 : Math.min(...xs)) - MARGIN;
  const minY = (nodes.length === 0 ? 0 : Math.min(...ys)) - MARGIN;
  const width = (nodes.length === 0 ? 0 : Math.max(...xs)) + MARGIN - minX;
  const height = (nodes.length === 0 ? 0 : Math.max(...ys)) + MARGIN - minY;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${round(minX)} ${round(minY)} ${round(width)} ${round(height)}" width="${round(width)}" height="${round(height)}" font-family="sans-serif">`,
    `<rect x="${round(minX)}" y="${round(minY)}" width="${round(width)}" height="${round(height)}" fill="${escapeXml(background)}"/>`,
    '<g stroke="#8a94a6" stroke-width="1.2">',
  ];
  for (const edge of edges) {
    const from = at.get(edge.source);
    const to = at.get(edge.target);
    if (from !== undefined && to !== undefined) {
      lines.push(
        `<line x1="${round(from.x)}" y1="${round(from.y)}" x2="${round(to.x)}" y2="${round(to.y)}"><title>${escapeXml(edge.relation)}</title></line>`,
      );
    }
  }
  lines.push('</g>', '<g font-size="10" text-anchor="middle" fill="#1d2330">');
  for (const node of nodes) {
    lines.push(
      `<circle cx="${round(node.x)}" cy="${round(node.y)}" r="${RADIUS}" fill="${ASSET_LOOKS[node.type].color}"><title>${escapeXml(node.type)}</title></circle>`,
      `<text x="${round(node.x)}" y="${round(node.y + RADIUS + 12)}">${escapeXml(node.label)}</text>`,
    );
  }
  lines.push('</g>', '</svg>', '');
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
