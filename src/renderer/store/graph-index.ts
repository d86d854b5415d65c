/**
 * The store's graph maps (entities, edges, the adjacency and the counts) and how they are built
 * and changed. A big case's maps can be built ahead, a slice per task (`indexSnapshotInSlices`):
 * built in the task that showed the case, 30,000 entities were 0.1 s of it, with its garbage
 * collection 0.2-0.3 s (issue 23: no main-thread task over 200 ms while a case opens).
 */
import type { AssetType, EntityId } from '../../shared/model/asset';
import type { Edge, Entity, GraphSnapshot } from '../../shared/model/graph';

/** The graph's maps and their indexes; only the store (app-store.ts) and this module write them. */
export interface GraphIndex {
  entitiesById: Map<EntityId, Entity>;
  edgesById: Map<string, Edge>;
  edgeIdsByEntity: Map<EntityId, Set<string>>;
  typeCounts: Map<AssetType, number>;
  sourceCounts: Map<string, number>;
}

export function createGraphIndex(): GraphIndex {
  return {
    entitiesById: new Map(),
    edgesById: new Map(),
    edgeIdsByEntity: new Map(),
    typeCounts: new Map(),
    sourceCounts: new Map(),
  };
}

function count<K>(counts: Map<K, number>, key: K, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) {
    counts.delete(key);
  } else {
    counts.set(key, next);
  }
}

export function putEntity(index: GraphIndex, entity: Entity): void {
  const before = index.entitiesById.get(entity.id);
  if (before !== undefined) {
    count(index.typeCounts, before.type, -1);
  }
  index.entitiesById.set(entity.id, entity);
  count(index.typeCounts, entity.type, 1);
}

function removeEdge(index: GraphIndex, edgeId: string): void {
  const edge = index.edgesById.get(edgeId);
  if (edge === undefined) {
    return;
  }
  index.edgesById.delete(edgeId);
  index.edgeIdsByEntity.get(edge.from)?.delete(edgeId);
  index.edgeIdsByEntity.get(edge.to)?.delete(edgeId);
  for (const name of new Set(edge.sources.map((source) => source.name))) {
    count(index.sourceCounts, name, -1);
  }
}

export function putEdge(index: GraphIndex, edge: Edge): void {
  removeEdge(index, edge.id);
  index.edgesById.set(edge.id, edge);
  for (const end of [edge.from, edge.to]) {
    let ids = index.edgeIdsByEntity.get(end);
    if (ids === undefined) {
      ids = new Set();
      index.edgeIdsByEntity.set(end, ids);
    }
    ids.add(edge.id);
  }
  for (const name of new Set(edge.sources.map((source) => source.name))) {
    count(index.sourceCounts, name, 1);
  }
}

/** Removes an entity and its edges: O(its degree) through the adjacency index. */
export function removeEntity(index: GraphIndex, id: EntityId): void {
  const entity = index.entitiesById.get(id);
  if (entity !== undefined) {
    index.entitiesById.delete(id);
    count(index.typeCounts, entity.type, -1);
  }
  for (const edgeId of [...(index.edgeIdsByEntity.get(id) ?? [])]) {
    removeEdge(index, edgeId);
  }
  index.edgeIdsByEntity.delete(id);
}

/** A snapshot's maps, built in one go. */
export function indexSnapshot(snapshot: GraphSnapshot): GraphIndex {
  const index = createGraphIndex();
  indexSome(index, snapshot, 0, () => false);
  return index;
}

/**
 * Adds the snapshot's items from `from` (entities, then edges) until `stop()` says so; true when
 * every item is in, else where to go on from.
 */
function indexSome(
  index: GraphIndex,
  snapshot: GraphSnapshot,
  from: number,
  stop: () => boolean,
): true | number {
  const { entities, edges } = snapshot;
  const total = entities.length + edges.length;
  let at = from;
  while (at < total) {
    if (at < entities.length) {
      putEntity(index, entities[at] as Entity);
    } else {
      putEdge(index, edges[at - entities.length] as Edge);
    }
    at += 1;
    // The clock is read every 512 items (well under a millisecond of work).
    if ((at & 511) === 0 && at < total && stop()) {
      return at;
    }
  }
  return true;
}

export interface IndexSlices {
  /** Runs the next slice in a task of its own. */
  schedule: (work: () => void) => void;
  now: () => number;
  /** Milliseconds of work per task. */
  budgetMs: number;
}

/** A snapshot's maps, built a slice per task. */
export function indexSnapshotInSlices(snapshot: GraphSnapshot, slices: IndexSlices): Promise<GraphIndex> {
  const index = createGraphIndex();
  return new Promise((resolve) => {
    let from = 0;
    const slice = (): void => {
      const start = slices.now();
      const reached = indexSome(index, snapshot, from, () => slices.now() - start >= slices.budgetMs);
      if (reached === true) {
        resolve(index);
      } else {
        from = reached;
        slices.schedule(slice);
      }
    };
    slices.schedule(slice);
  });
}
