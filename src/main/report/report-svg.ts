/**
 * The report's picture of the graph: an SVG drawn from the node positions the case keeps (where
 * the investigator left them), or, for nodes without one, a deterministic layout: rings around
 * the seeds by distance (breadth first), each ring ordered by id, so one case always gives one
 * picture. Every text is escaped; the picture needs no script and no external resource.
 */
import { assetLabel, type EntityId } from '../../shared/model/asset';
import type { Edge, Entity } from '../../shared/model/graph';
import { escapeHtml } from './escape';

type Point = { x: number; y: number };

/** Node colours by asset type (the canvas's palette family); grey for the rest. */
const TYPE_COLOURS: Readonly<Record<string, string>> = {
  Organization: '#2f6fb2',
  Person: '#b2552f',
  Identifier: '#7a5cb0',
  Location: '#3d8f5a',
  DomainRecord: '#c28a1e',
  FQDN: '#b8a02a',
  AutonomousSystem: '#1f8a8a',
  AutnumRecord: '#1f8a8a',
  Netblock: '#4c7f9e',
  IPNetRecord: '#4c7f9e',
  ContactRecord: '#8a6d3b',
  Phone: '#6b6b6b',
  URL: '#9e4c7f',
  Account: '#5c5cb0',
  FundsTransfer: '#8f3d3d',
};

export function colourOf(type: string): string {
  return TYPE_COLOURS[type] ?? '#777777';
}

/** Up to this many nodes the picture carries labels; beyond it they would only overlap. */
const LABELLED_NODES = 150;
const RING_GAP = 160;

/** Positions for every entity: stored ones kept, the others laid out in rings around the seeds. */
export function layoutOf(
  entities: readonly Entity[],
  edges: readonly Edge[],
  stored: Readonly<Record<EntityId, Point>>,
  seeds: readonly EntityId[],
): Map<EntityId, Point> {
  const result = new Map<EntityId, Point>();
  const missing = entities.filter((entity) => stored[entity.id] === undefined);
  for (const entity of entities) {
    const point = stored[entity.id];
    if (point !== undefined) result.set(entity.id, { x: point.x, y: point.y });
  }
  if (missing.length === 0) return result;
  const depth = distancesFrom(entities, edges, seeds);
  const rings = new Map<number, EntityId[]>();
  for (const entity of missing) {
    const ring = depth.get(entity.id) ?? Number.MAX_SAFE_INTEGER;
    rings.set(ring, [...(rings.get(ring) ?? []), entity.id]);
  }
  // Beside what the investigator placed, so the laid-out part does not cover it.
  const offsetX = result.size === 0 ? 0 : Math.max(...[...result.values()].map((p) => p.x)) + RING_GAP * 4;
  let radius = 0;
  for (const ring of [...rings.keys()].sort((a, b) => a - b)) {
    const ids = (rings.get(ring) ?? []).sort();
    // Each ring wide enough for its nodes at ~40 px apart.
    radius =
      ids.length === 1 && radius === 0 ? 0 : Math.max(radius + RING_GAP, (ids.length * 40) / (2 * Math.PI));
    ids.forEach((id, index) => {
      const angle = (2 * Math.PI * index) / ids.length;
      result.set(id, { x: offsetX + radius * Math.cos(angle), y: radius * Math.sin(angle) });
    });
  }
  return result;
}

function distancesFrom(entities: readonly Entity[], edges: readonly Edge[], seeds: readonly EntityId[]) {
  const neighbours = new Map<EntityId, EntityId[]>();
  for (const edge of edges) {
    neighbours.set(edge.from, [...(neighbours.get(edge.from) ?? []), edge.to]);
    neighbours.set(edge.to, [...(neighbours.get(edge.to) ?? []), edge.from]);
  }
  const known = new Set(entities.map((entity) => entity.id));
  const depth = new Map<EntityId, number>();
  let frontier = [...new Set(seeds)].filter((id) => known.has(id)).sort();
  for (const id of frontier) depth.set(id, 0);
  for (let level = 1; frontier.length > 0; level += 1) {
    const next: EntityId[] = [];
    for (const id of frontier) {
      for (const other of neighbours.get(id) ?? []) {
        if (!depth.has(other)) {
          depth.set(other, level);
          next.push(other);
        }
      }
    }
    frontier = next;
  }
  return depth;
}

/** The graph as an inline SVG element. */
export function graphSvg(
  entities: readonly Entity[],
  edges: readonly Edge[],
  positions: ReadonlyMap<EntityId, Point>,
  marked: ReadonlySet<string> = new Set(),
): string {
  if (entities.length === 0) {
    return '<p class="empty">The graph is empty.</p>';
  }
  const points = [...positions.values()];
  const minX = Math.min(...points.map((p) => p.x)) - 60;
  const minY = Math.min(...points.map((p) => p.y)) - 40;
  const width = Math.max(...points.map((p) => p.x)) - minX + 60;
  const height = Math.max(...points.map((p) => p.y)) - minY + 40;
  const viewBox = `${num(minX)} ${num(minY)} ${num(width)} ${num(height)}`;
  const body =
    entities.length <= LABELLED_NODES
      ? elementsOf(entities, edges, positions, marked)
      : pathsOf(entities, edges, positions, marked);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="graph" role="img" aria-label="Picture of the case graph" ` +
    `viewBox="${viewBox}" preserveAspectRatio="xMidYMid meet">\n${body}\n</svg>`
  );
}

/** A small graph: one element per node and edge, with labels and hover titles. */
function elementsOf(
  entities: readonly Entity[],
  edges: readonly Edge[],
  positions: ReadonlyMap<EntityId, Point>,
  marked: ReadonlySet<string>,
): string {
  const parts: string[] = ['<g class="edges">'];
  for (const edge of edges) {
    const a = positions.get(edge.from);
    const b = positions.get(edge.to);
    if (a === undefined || b === undefined) continue;
    const gone = marked.has(edge.id) ? ' class="gone"' : '';
    parts.push(
      `<line${gone} x1="${num(a.x)}" y1="${num(a.y)}" x2="${num(b.x)}" y2="${num(b.y)}"><title>${escapeHtml(edge.relation)}</title></line>`,
    );
  }
  parts.push('</g><g class="nodes">');
  for (const entity of entities) {
    const p = positions.get(entity.id);
    if (p === undefined) continue;
    const label = escapeHtml(shorten(assetLabel(entity), 28));
    parts.push(
      `<g><circle cx="${num(p.x)}" cy="${num(p.y)}" r="9" fill="${colourOf(entity.type)}"><title>${escapeHtml(entity.id)}</title></circle>` +
        `<text x="${num(p.x)}" y="${num(p.y + 22)}">${label}</text></g>`,
    );
  }
  parts.push('</g>');
  return parts.join('\n');
}

/**
 * A big graph: every edge in one path, the nodes of each type in one path of circles, so the
 * document holds a handful of elements instead of tens of thousands (it opens in a blink).
 */
function pathsOf(
  entities: readonly Entity[],
  edges: readonly Edge[],
  positions: ReadonlyMap<EntityId, Point>,
  marked: ReadonlySet<string>,
): string {
  const lines: string[] = [];
  const goneLines: string[] = [];
  for (const edge of edges) {
    const a = positions.get(edge.from);
    const b = positions.get(edge.to);
    if (a === undefined || b === undefined) continue;
    (marked.has(edge.id) ? goneLines : lines).push(`M${num(a.x)} ${num(a.y)}L${num(b.x)} ${num(b.y)}`);
  }
  const byType = new Map<string, string[]>();
  for (const entity of entities) {
    const p = positions.get(entity.id);
    if (p === undefined) continue;
    const circles = byType.get(entity.type) ?? [];
    circles.push(`M${num(p.x - 9)} ${num(p.y)}a9 9 0 1 0 18 0a9 9 0 1 0 -18 0`);
    byType.set(entity.type, circles);
  }
  const parts = [`<path class="edges" d="${lines.join('')}"/>`];
  if (goneLines.length > 0) parts.push(`<path class="edges gone" d="${goneLines.join('')}"/>`);
  for (const [type, circles] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    parts.push(
      `<path fill="${colourOf(type)}" d="${circles.join('')}"><title>${escapeHtml(type)}</title></path>`,
    );
  }
  return parts.join('\n');
}

function num(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '0';
}

function shorten(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
