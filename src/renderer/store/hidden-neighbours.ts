/**
 * The "+N not expanded" hint: neighbours of a node that the case holds but the canvas does not
 * draw, because the user hid them, or an asset-type or source filter hides them (the same rules
 * as graph/filters.ts). Neighbours the sources were never asked for are not in the case and are
 * not counted: the context menu says which handlers never ran on the node.
 */
import type { AssetType, EntityId } from '../../shared/model/asset';
import type { Edge, Entity } from '../../shared/model/graph';
import type { Filters } from '../graph/filters';

export type NotDrawnReason = 'hidden' | 'type' | 'source';

export interface HiddenNeighbours {
  ids: EntityId[];
  /** How many for each reason (the first that applies, in this order). */
  byReason: Record<NotDrawnReason, number>;
  /** The filters with these neighbours shown again (fewer hidden ids, types and sources). */
  revealed: Filters;
}

export interface GraphMaps {
  entitiesById: ReadonlyMap<EntityId, Entity>;
  edgesById: ReadonlyMap<string, Edge>;
  edgeIdsByEntity: ReadonlyMap<EntityId, ReadonlySet<string> | readonly string[]>;
}

const sourceHidden = (filters: Filters, edge: Edge): boolean =>
  filters.hiddenSources.size > 0 &&
  edge.sources.length > 0 &&
  edge.sources.every((source) => filters.hiddenSources.has(source.name));

export function hiddenNeighboursOf(id: EntityId, graph: GraphMaps, filters: Filters): HiddenNeighbours {
  const byReason: Record<NotDrawnReason, number> = { hidden: 0, type: 0, source: 0 };
  const ids: EntityId[] = [];
  const hiddenIds = new Set(filters.hiddenIds);
  const hiddenTypes = new Set<AssetType>(filters.hiddenTypes);
  const hiddenSources = new Set(filters.hiddenSources);
  const seen = new Set<EntityId>([id]);
  const edgesOf = (entityId: EntityId): Edge[] =>
    [...(graph.edgeIdsByEntity.get(entityId) ?? [])].flatMap((edgeId) => {
      const edge = graph.edgesById.get(edgeId);
      return edge === undefined ? [] : [edge];
    });
  for (const edge of edgesOf(id)) {
    const otherId = edge.from === id ? edge.to : edge.from;
    const other = graph.entitiesById.get(otherId);
    if (other === undefined || seen.has(otherId)) {
      continue;
    }
    seen.add(otherId);
    let reason: NotDrawnReason | undefined;
    if (filters.hiddenIds.has(otherId)) {
      reason = 'hidden';
      hiddenIds.delete(otherId);
    } else if (filters.hiddenTypes.has(other.type)) {
      reason = 'type';
      hiddenTypes.delete(other.type);
    } else if (filters.hiddenSources.size > 0) {
      const incident = edgesOf(otherId);
      if (incident.length > 0 && incident.every((each) => sourceHidden(filters, each))) {
        reason = 'source';
        for (const source of edge.sources) {
          hiddenSources.delete(source.name);
        }
      }
    }
    if (reason !== undefined) {
      byReason[reason] += 1;
      ids.push(otherId);
    }
  }
  return { ids, byReason, revealed: { hiddenIds, hiddenTypes, hiddenSources } };
}

/** "2 hidden, 1 filtered by type": the reasons that apply, in words. */
export function describeReasons(byReason: Record<NotDrawnReason, number>): string {
  const words: [NotDrawnReason, string][] = [
    ['hidden', 'hidden'],
    ['type', 'filtered by type'],
    ['source', 'filtered by source'],
  ];
  return words
    .filter(([reason]) => byReason[reason] > 0)
    .map(([reason, text]) => `${byReason[reason]} ${text}`)
    .join(', ');
}
