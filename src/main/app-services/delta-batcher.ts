/** Coalesces graph deltas over a short window into one batch that states the seq range it covers. */
import type { EntityId } from '../../shared/model/asset';
import type { Edge, Entity, GraphDelta } from '../../shared/model/graph';

export interface DeltaBatch {
  /** Sequence number of the first delta in the batch. */
  fromSeq: number;
  /** The merged delta; its `seq` is the last delta's. */
  delta: GraphDelta;
}

export interface DeltaBatcherOptions {
  windowMs: number;
  /** Flush at once when this many entities and edges are pending (keeps messages small). */
  maxPending?: number;
  onFlush(batch: DeltaBatch): void;
}

export interface DeltaBatcher {
  push(delta: GraphDelta): void;
  /** Sends what is pending now. */
  flush(): void;
  /** Drops what is pending and stops the timer. */
  dispose(): void;
}

export function createDeltaBatcher(options: DeltaBatcherOptions): DeltaBatcher {
  const maxPending = options.maxPending ?? 5_000;
  let fromSeq: number | undefined;
  let lastSeq = 0;
  let entities = new Map<EntityId, Entity>();
  let edges = new Map<string, Edge>();
  let merged: { from: EntityId; into: EntityId }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (fromSeq === undefined) {
      return;
    }
    // An entity merged away inside the window must not reappear in the batch, nor its edges.
    const gone = new Set(merged.map((item) => item.from));
    const batch: DeltaBatch = {
      fromSeq,
      delta: {
        seq: lastSeq,
        entities: [...entities.values()].filter((entity) => !gone.has(entity.id)),
        edges: [...edges.values()].filter((edge) => !gone.has(edge.from) && !gone.has(edge.to)),
        merged,
      },
    };
    fromSeq = undefined;
    entities = new Map();
    edges = new Map();
    merged = [];
    options.onFlush(batch);
  };

  return {
    push(delta) {
      fromSeq ??= delta.seq;
      lastSeq = delta.seq;
      for (const entity of delta.entities) {
        entities.set(entity.id, entity);
      }
      for (const edge of delta.edges) {
        edges.set(edge.id, edge);
      }
      merged.push(...delta.merged);
      if (entities.size + edges.size >= maxPending) {
        flush();
      } else {
        timer ??= setTimeout(flush, options.windowMs);
      }
    },
    flush,
    dispose() {
      if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
      fromSeq = undefined;
      entities = new Map();
      edges = new Map();
      merged = [];
    },
  };
}
