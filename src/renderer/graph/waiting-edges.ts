/**
 * Edges that cannot be drawn yet because an endpoint is not on the canvas (it arrives in a later
 * delta piece, or is folded or filtered away), indexed by id and by each endpoint, so a node that
 * becomes drawn releases its edges in O(its degree).
 */
import type { EntityId } from '../../shared/model/asset';
import type { Edge } from '../../shared/model/graph';

export interface WaitingEdges {
  wait(edge: Edge): void;
  stopWaiting(edge: Edge): void;
  /** The waiting edges touching any of the ids. */
  touching(ids: Iterable<EntityId>): Edge[];
  /** The other ends of the waiting edges touching the id. */
  otherEnds(id: EntityId): EntityId[];
  readonly size: number;
  clear(): void;
}

export function createWaitingEdges(): WaitingEdges {
  const byId = new Map<string, Edge>();
  const byEndpoint = new Map<EntityId, Set<string>>();
  return {
    wait(edge) {
      byId.set(edge.id, edge);
      for (const end of [edge.from, edge.to]) {
        let ids = byEndpoint.get(end);
        if (ids === undefined) {
          ids = new Set();
          byEndpoint.set(end, ids);
        }
        ids.add(edge.id);
      }
    },
    stopWaiting(edge) {
      if (!byId.delete(edge.id)) {
        return;
      }
      for (const end of [edge.from, edge.to]) {
        const ids = byEndpoint.get(end);
        ids?.delete(edge.id);
        if (ids?.size === 0) {
          byEndpoint.delete(end);
        }
      }
    },
    touching(ids) {
      const found = new Map<string, Edge>();
      for (const id of ids) {
        for (const edgeId of byEndpoint.get(id) ?? []) {
          const edge = byId.get(edgeId);
          if (edge !== undefined) {
            found.set(edge.id, edge);
          }
        }
      }
      return [...found.values()];
    },
    otherEnds(id) {
      const ends: EntityId[] = [];
      for (const edgeId of byEndpoint.get(id) ?? []) {
        const edge = byId.get(edgeId);
        if (edge !== undefined) {
          ends.push(edge.from === id ? edge.to : edge.from);
        }
      }
      return ends;
    },
    get size() {
      return byId.size;
    },
    clear() {
      byId.clear();
      byEndpoint.clear();
    },
  };
}
