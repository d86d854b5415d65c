/** What the re-layout worker is given: the drawn nodes and edges that take room (cy-adapter.ts). */
import type { Core } from 'cytoscape';
import type { LayoutInput, LayoutKind } from './layouts/types';
import { REJECTED_NODE } from './review-look';

/** Node classes that take no room in a layout (see layoutInputOf). */
const NOT_LAID_OUT = ['filtered', 'folded', REJECTED_NODE] as const;

/**
 * The visible nodes and edges for the re-layout worker. A collection is laid out as one node; its
 * folded members are not. Rejected candidates are not drawn: they take no room in the layout either.
 */
export function layoutInputOf(cy: Core, kind: LayoutKind): LayoutInput {
  // Classes and data read element by element: selectors (`.not(...)`, `connectedEdges`) built
  // collections of every element, 0.4 s of the task starting a 30,000-node case's opening layout.
  const nodes: LayoutInput['nodes'] = [];
  const shown = new Set<string>();
  cy.nodes().forEach((node) => {
    if (!NOT_LAID_OUT.some((name) => node.hasClass(name))) {
      nodes.push({ id: node.id(), ...node.position() });
      shown.add(node.id());
    }
  });
  const edges: LayoutInput['edges'] = [];
  cy.edges().forEach((edge) => {
    const source = String(edge.data('source'));
    const target = String(edge.data('target'));
    const kept = !edge.hasClass('filtered') && edge.data('review') !== 'rejected';
    if (kept && (shown.has(source) || shown.has(target))) {
      edges.push({ source, target });
    }
  });
  return { kind, nodes, edges };
}
