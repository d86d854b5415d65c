/**
 * Edges the search box finds: an edge is found by the investigator's notes on it and its flag's
 * name (not by its relation, which thousands of edges share and would drown the node hits). Edges
 * hidden by a filter are not hits; hits rank after the node hits (search.ts, an `extra` match).
 */
import type { Core } from 'cytoscape';
import { annotationSearchText } from '../../shared/model/annotation';
import type { Edge } from '../../shared/model/graph';
import { rankMatches, type Searchable } from './search';

export function findAnnotatedEdges(cy: Core, edges: Iterable<Edge>, text: string): string[] {
  const searchable: Searchable[] = [];
  for (const edge of edges) {
    if ((edge.notes?.length ?? 0) === 0 && edge.flag === undefined) {
      continue;
    }
    // An edge folded into a collection is a hit (stepping to it draws it again, as for a node);
    // one hidden by a filter, or whose end is, is not.
    const drawn = cy.getElementById(edge.id);
    if (
      drawn.empty() ||
      drawn.hasClass('filtered') ||
      drawn
        .connectedNodes()
        .filter((node) => node.hasClass('filtered'))
        .nonempty()
    ) {
      continue;
    }
    searchable.push({ id: edge.id, label: '', matchId: false, extra: annotationSearchText(edge) });
  }
  return rankMatches(searchable, text);
}
