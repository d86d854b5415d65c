/**
 * Edges the search box finds: an edge is found by the investigator's notes on it and its flag's
 * name (not by its relation, which thousands of edges share and would drown the node hits). Only
 * edges drawn and not filtered are hits, ranked after the node hits (search.ts, an `extra` match).
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
    const drawn = cy.getElementById(edge.id);
    if (drawn.empty() || drawn.hasClass('filtered') || !drawn.visible()) {
      continue;
    }
    searchable.push({ id: edge.id, label: '', matchId: false, extra: annotationSearchText(edge) });
  }
  return rankMatches(searchable, text);
}
