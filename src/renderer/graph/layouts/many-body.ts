/**
 * The "force" layout of a component too big for fcose (FCOSE_MAX_NODES): d3-force's simulation
 * (velocity Verlet, Barnes-Hut many-body repulsion, springs along the edges), so a big case is a
 * force layout too, not a different kind of drawing. Nodes start on d3-force's own phyllotaxis
 * spiral (a compact disc) rather than where they were (a big case's old positions can span
 * hundreds of thousands of pixels); the number of ticks falls as the graph grows, so 30,000 nodes
 * take seconds in the worker, and the spring length, repulsion and distance cap keep the result
 * about as dense as a graph grown in the app (a node every 50-80 px).
 */
import { forceLink, forceManyBody, forceSimulation, forceX, forceY } from 'd3-force';
import type { SimulationNodeDatum } from 'd3-force';
import type { Box } from './tree';
import type { LayoutInput, LayoutPositions } from './types';

interface Body extends SimulationNodeDatum {
  id: string;
}

/** Ticks for a graph of this many nodes: 300 (d3's default) up to 1,500 nodes, fewer above. */
export function ticksFor(nodeCount: number): number {
  return Math.round(Math.max(40, Math.min(300, (300 * 1_500) / Math.max(1, nodeCount))));
}

/** One component (ids) laid out with d3-force, centred on 0,0, as a box for packing. */
export function manyBodyBox(ids: readonly string[], edges: LayoutInput['edges']): Box {
  const bodies: Body[] = ids.map((id) => ({ id }));
  const inside = new Set(ids);
  const links = edges
    .filter((edge) => edge.source !== edge.target && inside.has(edge.source) && inside.has(edge.target))
    .map((edge) => ({ source: edge.source, target: edge.target }));
  const ticks = ticksFor(ids.length);
  const simulation = forceSimulation(bodies)
    .alphaDecay(1 - Math.pow(0.001, 1 / ticks))
    .force(
      'link',
      forceLink<Body, { source: string; target: string }>(links)
        .id((body) => body.id)
        .distance(60),
    )
    .force(
      'charge',
      forceManyBody<Body>()
        .strength(-160)
        .theta(ids.length > 5_000 ? 1.2 : 0.9)
        .distanceMax(900),
    )
    // A weak pull to the middle keeps loosely linked branches from drifting off.
    .force('x', forceX<Body>(0).strength(0.03))
    .force('y', forceY<Body>(0).strength(0.03))
    .stop();
  simulation.tick(ticks);
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const body of bodies) {
    x1 = Math.min(x1, body.x ?? 0);
    y1 = Math.min(y1, body.y ?? 0);
    x2 = Math.max(x2, body.x ?? 0);
    y2 = Math.max(y2, body.y ?? 0);
  }
  const positions: LayoutPositions = {};
  for (const body of bodies) {
    positions[body.id] = { x: (body.x ?? 0) - (x1 + x2) / 2, y: (body.y ?? 0) - (y1 + y2) / 2 };
  }
  return { positions, width: x2 - x1 + 60, height: y2 - y1 + 60 };
}
