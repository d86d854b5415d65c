/**
 * The filter panel's rules on the canvas: a node is hidden when its type or id is hidden, or when
 * every edge touching it comes only from hidden sources; an edge is hidden when all its sources
 * are hidden or an end is hidden. A collection node is hidden when every member it folds is hidden
 * by id (the Changes panel's "only the changed part" hides unchanged entities by id). Hidden
 * elements keep the `filtered` class (drawn as nothing).
 */
import type { EdgeCollection, NodeCollection } from 'cytoscape';
import type { AssetType, EntityId } from '../../shared/model/asset';

export interface Filters {
  hiddenTypes: ReadonlySet<AssetType>;
  hiddenSources: ReadonlySet<string>;
  hiddenIds: ReadonlySet<EntityId>;
}

export const NO_FILTERS: Filters = { hiddenTypes: new Set(), hiddenSources: new Set(), hiddenIds: new Set() };

export function filtersActive(filters: Filters): boolean {
  return filters.hiddenTypes.size > 0 || filters.hiddenSources.size > 0 || filters.hiddenIds.size > 0;
}

/** True when an edge's sources (joined by ';' in its data) are all hidden. */
export function hiddenBySources(filters: Filters, sources: string): boolean {
  return (
    filters.hiddenSources.size > 0 &&
    sources !== '' &&
    sources.split(';').every((name) => filters.hiddenSources.has(name))
  );
}

/** The entity ids a collection node folds; undefined for a node that is no collection. */
export type MembersOf = (nodeId: string) => readonly EntityId[] | undefined;

function allMembersHidden(filters: Filters, id: string, membersOf: MembersOf | undefined): boolean {
  if (filters.hiddenIds.size === 0 || membersOf === undefined) {
    return false;
  }
  const members = membersOf(id);
  return (
    members !== undefined && members.length > 0 && members.every((member) => filters.hiddenIds.has(member))
  );
}

/** Sets or clears `filtered` on the nodes, then on the edges (which depend on their ends). */
export function markFiltered(
  filters: Filters,
  nodes: NodeCollection,
  edges: EdgeCollection,
  membersOf?: MembersOf,
): void {
  const { hiddenTypes, hiddenSources, hiddenIds } = filters;
  nodes.forEach((node) => {
    const type = node.data('type') as AssetType;
    let hide =
      hiddenTypes.has(type) || hiddenIds.has(node.id()) || allMembersHidden(filters, node.id(), membersOf);
    if (!hide && hiddenSources.size > 0) {
      const incident = node.connectedEdges();
      hide =
        incident.nonempty() &&
        incident.every((edge) => hiddenBySources(filters, edge.data('sources') as string));
    }
    node.toggleClass('filtered', hide);
  });
  edges.forEach((edge) => {
    const hide =
      hiddenBySources(filters, edge.data('sources') as string) ||
      edge.source().hasClass('filtered') ||
      edge.target().hasClass('filtered');
    edge.toggleClass('filtered', hide);
  });
}
