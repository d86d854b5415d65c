/**
 * How each asset type looks: colour, shape, a short icon glyph. Shared by the canvas, its legend and
 * filters (renderer) and the exports that carry colours (GraphML, GEXF, SVG), so a type has the same
 * colour wherever the graph is opened.
 */
import type { AssetType } from './asset';

export interface AssetLook {
  color: string;
  shape: 'round-rectangle' | 'ellipse' | 'diamond' | 'hexagon' | 'triangle' | 'rectangle' | 'tag' | 'barrel';
  /** One to three characters drawn inside the node. */
  glyph: string;
}

export const ASSET_LOOKS: Record<AssetType, AssetLook> = {
  Organization: { color: '#3b6fd4', shape: 'round-rectangle', glyph: 'ORG' },
  Identifier: { color: '#8a5cc7', shape: 'tag', glyph: 'ID' },
  Person: { color: '#d4753b', shape: 'ellipse', glyph: 'P' },
  Location: { color: '#2f9e6e', shape: 'triangle', glyph: 'LOC' },
  AutonomousSystem: { color: '#c23b5b', shape: 'hexagon', glyph: 'AS' },
  AutnumRecord: { color: '#a3506a', shape: 'rectangle', glyph: 'ASR' },
  Netblock: { color: '#c27d1f', shape: 'hexagon', glyph: 'NET' },
  IPNetRecord: { color: '#a97a3c', shape: 'rectangle', glyph: 'NR' },
  IPAddress: { color: '#b8962b', shape: 'ellipse', glyph: 'IP' },
  DomainRecord: { color: '#1f8fa3', shape: 'round-rectangle', glyph: 'DOM' },
  FQDN: { color: '#2aa3c2', shape: 'ellipse', glyph: 'DNS' },
  ContactRecord: { color: '#6b7a8f', shape: 'rectangle', glyph: 'CR' },
  Phone: { color: '#4f8f3a', shape: 'ellipse', glyph: 'TEL' },
  URL: { color: '#5a67b5', shape: 'diamond', glyph: 'URL' },
  Account: { color: '#7d6b52', shape: 'barrel', glyph: 'ACC' },
  FundsTransfer: { color: '#9c5a3c', shape: 'diamond', glyph: '$' },
};

/** A `#rrggbb` colour as its red, green and blue components (0-255). */
export function rgbOf(color: string): { r: number; g: number; b: number } {
  const value = Number.parseInt(color.replace(/^#/, ''), 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}
