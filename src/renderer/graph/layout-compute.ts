/**
 * The global re-layout as a pure function (elements in, positions out): headless Cytoscape and
 * fcose, run inside the layout worker so the UI thread never blocks on it.
 */
import cytoscape from 'cytoscape';
import fcose from 'cytoscape-fcose';

/** Above this many nodes fcose runs in draft quality (full quality takes tens of seconds). */
export const DRAFT_LAYOUT_THRESHOLD = 1_500;

export interface LayoutInput {
  nodes: { id: string; x: number; y: number }[];
  edges: { source: string; target: string }[];
}

export type LayoutPositions = Record<string, { x: number; y: number }>;

let registered = false;

export function computeLayout(input: LayoutInput): LayoutPositions {
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
  const draft = input.nodes.length > DRAFT_LAYOUT_THRESHOLD;
  cy.layout({
    name: 'fcose',
    quality: draft ? 'draft' : 'default',
    randomize: true,
    animate: false,
    fit: false,
    nodeDimensionsIncludeLabels: false,
    nodeRepulsion: 6000,
    idealEdgeLength: 90,
  } as unknown as Parameters<typeof cy.layout>[0]).run();
  const positions: LayoutPositions = {};
  cy.nodes().forEach((node) => {
    const { x, y } = node.position();
    positions[node.id()] = { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  });
  cy.destroy();
  return positions;
}
