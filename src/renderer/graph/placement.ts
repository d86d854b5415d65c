/**
 * Where new nodes go, as plain data (no Cytoscape): next to an already drawn neighbour, fanned
 * outward on rings; a node with no drawn neighbour starts a new cluster in free space beside the
 * drawing. Drawn nodes never move here (only the explicit re-layout moves them). Every lookup is a
 * map read, so placing k nodes costs O(k) whatever the size of the graph.
 */
import type { NodePositions } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';

export interface Point {
  x: number;
  y: number;
}

/** Least distance between two children of one node, and the radius of the first ring. */
export const CHILD_SPACING = 90;
const FIRST_RING = 150;
/** Children sit within this angle of the facing direction (under 90 degrees: always outward). */
const ARC_HALF_WIDTH = (80 * Math.PI) / 180;
/** Empty space left between the drawing and a new cluster. */
export const CLUSTER_GAP = 400;

/** Where a node's children go: the direction they face (undefined: all around) and the next slot. */
interface Fan {
  facing: number | undefined;
  ring: number;
  used: number;
}

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The angle of the fan's next free slot on its current ring (`step` apart), undefined when the ring
 * is full. All around: evenly spaced, odd rings turned half a slot. Facing a direction: the middle
 * first, then alternately either side within the arc; odd rings sit half a step off the even ones.
 */
function slotAngle(fan: Fan, step: number): number | undefined {
  const slot = fan.used;
  if (fan.facing === undefined) {
    const capacity = Math.max(1, Math.floor((2 * Math.PI) / step));
    return slot < capacity
      ? (slot * 2 * Math.PI) / capacity + (fan.ring % 2) * (Math.PI / capacity)
      : undefined;
  }
  const half = Math.floor(ARC_HALF_WIDTH / step);
  const odd = fan.ring % 2 === 1;
  if (slot >= (odd ? 2 * half : 2 * half + 1)) {
    return undefined;
  }
  const offset = odd
    ? (slot % 2 === 0 ? 1 : -1) * (Math.floor(slot / 2) + 0.5)
    : slot % 2 === 1
      ? (slot + 1) / 2
      : -slot / 2;
  return fan.facing + offset * step;
}

/**
 * A new cluster's root: beside the drawing, past its shorter side's neighbour so the whole stays
 * roughly as wide as a screen (right of it while it is not much wider than tall, else below it),
 * with room for the cluster's first rings.
 */
function freeSpotBeside(box: Box | undefined): Point {
  if (box === undefined) {
    return { x: 0, y: 0 };
  }
  const width = box.x2 - box.x1;
  const height = box.y2 - box.y1;
  return width <= height * 1.6
    ? { x: box.x2 + CLUSTER_GAP, y: box.y1 + Math.min(height / 2, CLUSTER_GAP) }
    : { x: box.x1 + Math.min(width / 2, CLUSTER_GAP), y: box.y2 + CLUSTER_GAP };
}

export interface Placement {
  /** Positions chosen for the ids (saved positions kept), in placement order. */
  place(
    ids: Iterable<EntityId>,
    neighboursOf: (id: EntityId) => readonly EntityId[],
    saved: NodePositions,
  ): { id: EntityId; at: Point; placed: boolean }[];
  /** Records a position set elsewhere (drag, re-layout). */
  moved(id: EntityId, at: Point): void;
  forget(id: EntityId): void;
  has(id: EntityId): boolean;
  positionOf(id: EntityId): Point | undefined;
  readonly size: number;
  clear(): void;
}

export function createPlacement(): Placement {
  const drawnAt = new Map<EntityId, Point>();
  let sumX = 0;
  let sumY = 0;
  /**
   * The drawing's extent. It only grows (a removed node does not shrink it): a stale, larger box
   * only puts a new cluster a little farther out, never on top of the drawing.
   */
  let box: Box | undefined;
  const fans = new Map<EntityId, Fan>();
  /** The drawn neighbour each placed node was placed next to. */
  const parentOf = new Map<EntityId, EntityId>();

  const setDrawn = (id: EntityId, at: Point): void => {
    const before = drawnAt.get(id);
    if (before !== undefined) {
      sumX -= before.x;
      sumY -= before.y;
    }
    drawnAt.set(id, at);
    sumX += at.x;
    sumY += at.y;
    box =
      box === undefined
        ? { x1: at.x, y1: at.y, x2: at.x, y2: at.y }
        : {
            x1: Math.min(box.x1, at.x),
            y1: Math.min(box.y1, at.y),
            x2: Math.max(box.x2, at.x),
            y2: Math.max(box.y2, at.y),
          };
  };

  /** The direction a node's children face: away from its parent, else away from the centre. */
  const facingOf = (id: EntityId, at: Point): number | undefined => {
    const parentId = parentOf.get(id);
    const from =
      (parentId === undefined ? undefined : drawnAt.get(parentId)) ??
      (drawnAt.size > 1 ? { x: sumX / drawnAt.size, y: sumY / drawnAt.size } : undefined);
    if (from === undefined || Math.hypot(at.x - from.x, at.y - from.y) < 1) {
      return undefined;
    }
    return Math.atan2(at.y - from.y, at.x - from.x);
  };

  /**
   * Where a node's next child goes: on rings around it, on the arc facing away from the node it
   * came from (or from the graph's centre), filled from the middle of the arc outwards, ring after
   * ring. Each ring holds only as many children as keep CHILD_SPACING between neighbours, and rings
   * are CHILD_SPACING apart, so siblings never sit closer than that however many there are.
   */
  const childPosition = (anchorId: EntityId, at: Point): Point => {
    let fan = fans.get(anchorId);
    if (fan === undefined) {
      fan = { facing: facingOf(anchorId, at), ring: 0, used: 0 };
      fans.set(anchorId, fan);
    }
    for (;;) {
      const radius = FIRST_RING + fan.ring * CHILD_SPACING;
      const step = 2 * Math.asin(Math.min(1, CHILD_SPACING / (2 * radius)));
      const angle = slotAngle(fan, step);
      if (angle !== undefined) {
        fan.used += 1;
        return { x: at.x + radius * Math.cos(angle), y: at.y + radius * Math.sin(angle) };
      }
      fan.ring += 1;
      fan.used = 0;
    }
  };

  return {
    place(ids, neighboursOf, saved) {
      const result: { id: EntityId; at: Point; placed: boolean }[] = [];
      const pending = new Set<EntityId>();
      for (const id of ids) {
        if (drawnAt.has(id)) {
          continue;
        }
        const at = saved[id];
        if (at === undefined) {
          pending.add(id);
        } else {
          setDrawn(id, { x: at.x, y: at.y });
          result.push({ id, at: { x: at.x, y: at.y }, placed: false });
        }
      }
      // Breadth first from the drawn nodes, so chains follow their parents outward.
      const queue: EntityId[] = [];
      for (const id of pending) {
        if (neighboursOf(id).some((other) => drawnAt.has(other))) {
          queue.push(id);
        }
      }
      const put = (id: EntityId, at: Point): void => {
        pending.delete(id);
        setDrawn(id, at);
        result.push({ id, at, placed: true });
        for (const other of neighboursOf(id)) {
          if (pending.has(other)) {
            queue.push(other);
          }
        }
      };
      let cursor = 0;
      while (pending.size > 0) {
        const id = queue[cursor++];
        if (id === undefined) {
          // No drawn neighbour: a new cluster in free space (its followers join it first).
          const [first] = pending;
          if (first === undefined) {
            break;
          }
          put(first, freeSpotBeside(box));
          continue;
        }
        if (!pending.has(id)) {
          continue;
        }
        const anchorId = neighboursOf(id).find((other) => drawnAt.has(other));
        const anchorAt = anchorId === undefined ? undefined : drawnAt.get(anchorId);
        if (anchorId !== undefined && anchorAt !== undefined) {
          parentOf.set(id, anchorId);
          put(id, childPosition(anchorId, anchorAt));
        }
      }
      return result;
    },
    moved(id, at) {
      setDrawn(id, { x: at.x, y: at.y });
    },
    forget(id) {
      const before = drawnAt.get(id);
      if (before !== undefined) {
        sumX -= before.x;
        sumY -= before.y;
        drawnAt.delete(id);
      }
      fans.delete(id);
      parentOf.delete(id);
    },
    has: (id) => drawnAt.has(id),
    positionOf: (id) => drawnAt.get(id),
    get size() {
      return drawnAt.size;
    },
    clear() {
      drawnAt.clear();
      fans.clear();
      parentOf.clear();
      sumX = 0;
      sumY = 0;
      box = undefined;
    },
  };
}

/** Entities placed per planning step (about 50 ms of placement on the bench machine). */
export const PLAN_SLICE = 8_000;

/**
 * Positions for every entity of a case about to be drawn: its stored ones, and for the others the
 * ones placement would give them drawn in this order (next to an earlier neighbour, else a new
 * cluster), so that a big case can be shown whole before it is drawn (docs/ui.md). Planned in
 * steps of `slice` entities (one per task: 30,000 took 0.2 s in one); `positions` is complete once
 * every step ran. A case whose positions are all stored needs no step.
 */
export function planPositions(
  ids: readonly EntityId[],
  links: readonly { from: EntityId; to: EntityId }[],
  saved: NodePositions,
  slice = PLAN_SLICE,
): { steps: (() => void)[]; positions: () => NodePositions } {
  if (ids.every((id) => saved[id] !== undefined)) {
    return { steps: [], positions: () => saved };
  }
  const neighbours = new Map<EntityId, EntityId[]>();
  const link = (a: EntityId, b: EntityId): void => {
    const list = neighbours.get(a);
    if (list === undefined) neighbours.set(a, [b]);
    else list.push(b);
  };
  const placement = createPlacement();
  const planned: NodePositions = {};
  const steps: (() => void)[] = [];
  let order: EntityId[] = [];
  for (let start = 0; start < ids.length; start += slice) {
    steps.push(() => {
      if (start === 0) {
        for (const { from, to } of links) {
          link(from, to);
          link(to, from);
        }
        order = breadthFirst(ids, (id) => neighbours.get(id) ?? [], saved);
      }
      const part = order.slice(start, start + slice);
      for (const { id, at } of placement.place(part, (id) => neighbours.get(id) ?? [], saved)) {
        planned[id] = at;
      }
    });
  }
  return { steps, positions: () => planned };
}

/**
 * The ids in the order placement reaches them in one pass (breadth first from the stored ones,
 * then from each id not reached yet, in the given order), so that a slice's entities have their
 * neighbour placed by an earlier slice or their own: placed slice by slice, they land where one
 * pass would put them instead of starting clusters of their own.
 */
function breadthFirst(
  ids: readonly EntityId[],
  neighboursOf: (id: EntityId) => readonly EntityId[],
  saved: NodePositions,
): EntityId[] {
  const known = new Set(ids);
  const reached = new Set<EntityId>();
  const order: EntityId[] = [];
  const reach = (id: EntityId): void => {
    if (known.has(id) && !reached.has(id)) {
      reached.add(id);
      order.push(id);
    }
  };
  const spread = (from: number): void => {
    for (let cursor = from; cursor < order.length; cursor += 1) {
      for (const other of neighboursOf(order[cursor] ?? '')) {
        reach(other);
      }
    }
  };
  ids.filter((id) => saved[id] !== undefined).forEach(reach);
  spread(0);
  for (const id of ids) {
    if (!reached.has(id)) {
      const from = order.length;
      reach(id);
      spread(from);
    }
  }
  return order;
}
