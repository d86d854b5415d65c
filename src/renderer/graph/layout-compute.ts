/**
 * The re-layout as a pure function (elements in, positions out), run inside the layout worker so
 * the UI thread never blocks on it. Every kind ends with `separate`, so no two node centres are
 * left on top of each other whatever the layout did.
 * - force: fcose (headless Cytoscape) at full quality up to FCOSE_MAX_NODES; above, the radial
 *   spanning-tree layout (fcose's draft quality stacked hundreds of nodes on one spot there);
 * - hierarchical: layers top-down along edge direction (parent above child in ownership trees);
 * - concentric, grid: by degree, best connected in the middle / top left.
 */
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';
import { separate } from './layouts/quality';
import { concentricLayout, gridLayout, layeredLayout, radialLayout } from './layouts/tree';
import type { LayoutInput, LayoutPositions } from './layouts/types';

export type { LayoutInput, LayoutKind, LayoutPositions } from './layouts/types';
export { LAYOUT_KINDS } from './layouts/types';

/** Above this many nodes fcose's full quality takes too long; the radial layout takes over. */
export const FCOSE_MAX_NODES = 1_500;

let registered = false;

function fcoseLayout(input: LayoutInput): LayoutPositions {
  if (!registered) {
    cytoscape.use(fcose);
    registered = true;
  }
  const cy = cytoscape({ headless: true, styleEnabled: true });
  const ids = new Set(input.nodes.map((node) => node.id));
  cy.add([
    ...input.nodes.map((node) => ({
      group: 'nodes' as const,
      data: { id: node.id },
      position: { x: node.x, y: node.y },
    })),
    ...input.edges
      .filter((edge) => ids.has(edge.source) && ids.has(edge.target) && edge.source !== edge.target)
      .map((edge, index) => ({
        group: 'edges' as const,
        data: { id: `e${index}`, source: edge.source, target: edge.target },
      })),
  ]);
  cy.layout({
    name: 'fcose',
    quality: 'default',
    randomize: true,
    animate: false,
    fit: false,
    nodeDimensionsIncludeLabels: false,
    nodeRepulsion: 6000,
    idealEdgeLength: 90,
  } as unknown as Parameters<typeof cy.layout>[0]).run();
  const positions: LayoutPositions = {};
  cy.nodes().forEach((node) => {
    positions[node.id()] = { ...node.position() };
  });
  cy.destroy();
  return positions;
}

function positionsFor(input: LayoutInput): LayoutPositions {
  switch (input.kind) {
    case 'force':
      return input.nodes.length <= FCOSE_MAX_NODES ? fcoseLayout(input) : radialLayout(input);
    case 'hierarchical':
      return layeredLayout(input);
    case 'concentric':
      return concentricLayout(input);
    case 'grid':
      return gridLayout(input);
  }
}

export function computeLayout(input: LayoutInput): LayoutPositions {
  const positions = separate(positionsFor(input));
  for (const at of Object.values(positions)) {
    at.x = Math.round(at.x * 10) / 10;
    at.y = Math.round(at.y * 10) / 10;
  }
  return positions;
}
