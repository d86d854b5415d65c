/**
 * Draws the store's graph into one Cytoscape instance: batched delta application, incremental
 * placement of new nodes fanned outward from the node they came from (placed nodes never move), filters, and
 * the input and output of the explicit re-layout (computed in a worker). Node data is `{ id, type, label }`; labels are canvas text.
 */
import type {
  Core,
  EdgeCollection,
  EdgeDefinition,
  ElementDefinition,
  NodeCollection,
  NodeSingular,
} from 'cytoscape';
import type { NodePositions } from '../../shared/ipc/contract';
import type { AssetType, EntityId } from '../../shared/model/asset';
import { assetLabel } from '../../shared/model/asset';
import type { Edge, Entity, GraphDelta } from '../../shared/model/graph';
import type { LayoutInput, LayoutPositions } from './layout-compute';

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
const MAX_LABEL = 48;

export interface Filters {
  hiddenTypes: ReadonlySet<AssetType>;
  hiddenSources: ReadonlySet<string>;
  hiddenIds: ReadonlySet<EntityId>;
}

export interface CyAdapter {
  /** Replaces everything (snapshot); saved positions are used where present. */
  reset(entities: Iterable<Entity>, edges: Iterable<Edge>, positions: NodePositions): void;
  /** Applies deltas in one batch; returns the ids of nodes added. */
  applyDeltas(deltas: GraphDelta[]): EntityId[];
  applyFilters(filters: Filters): void;
  /** The visible nodes and edges, for the re-layout worker. */
  layoutInput(): LayoutInput;
  /** Moves nodes to laid-out positions in one batch (they are saved with the case). */
  applyPositions(positions: LayoutPositions): void;
  /** Positions changed since the last call (placed, dragged or laid out). */
  takeDirtyPositions(): NodePositions;
  /** The first visible node whose label or id contains the text (case-insensitive). */
  findNode(text: string): EntityId | undefined;
}

export function entityLabel(entity: Entity): string {
  const label = assetLabel(entity);
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

function edgeDefinition(edge: Edge): EdgeDefinition {
  return {
    group: 'edges',
    data: {
      id: edge.id,
      source: edge.from,
      target: edge.to,
      relation: edge.relation,
      sources: edge.sources.map((source) => source.name).join(';'),
    },
  };
}

interface Point {
  x: number;
  y: number;
}

/** Where a node's children go: the direction they face (undefined: all around) and the next slot. */
interface Fan {
  facing: number | undefined;
  ring: number;
  used: number;
}

/** Least distance between two children of one node, and the radius of the first ring. */
export const CHILD_SPACING = 90;
const FIRST_RING = 150;
/** Children sit within this angle of the facing direction (under 90 degrees: always outward). */
const ARC_HALF_WIDTH = (80 * Math.PI) / 180;

export function createCyAdapter(cy: Core): CyAdapter {
  /**
   * Where every drawn node is: placement reads this map, never the Cytoscape collection, so
   * placing k new nodes costs O(k) whatever the size of the graph.
   */
  const drawnAt = new Map<EntityId, Point>();
  let sumX = 0;
  let sumY = 0;
  /** The children placed around each node so far (see childPosition). */
  const fans = new Map<EntityId, Fan>();
  /** The drawn neighbour each placed node was placed next to. */
  const parentOf = new Map<EntityId, EntityId>();
  /** Edges whose endpoints are not both drawn yet, by id and by each endpoint. */
  const waitingEdges = new Map<string, Edge>();
  const waitingByEndpoint = new Map<EntityId, Set<string>>();
  const dirty = new Set<EntityId>();
  /** Edge ids defined in the batch being built (not in Cytoscape yet). */
  const definedEdges = new Set<string>();
  let looseIndex = 0;
  let filters: Filters = { hiddenTypes: new Set(), hiddenSources: new Set(), hiddenIds: new Set() };

  const setDrawn = (id: EntityId, at: Point): void => {
    const before = drawnAt.get(id);
    if (before !== undefined) {
      sumX -= before.x;
      sumY -= before.y;
    }
    drawnAt.set(id, at);
    sumX += at.x;
    sumY += at.y;
  };
  const forgetDrawn = (id: EntityId): void => {
    const before = drawnAt.get(id);
    if (before !== undefined) {
      sumX -= before.x;
      sumY -= before.y;
      drawnAt.delete(id);
    }
  };

  cy.on('dragfree', 'node', (event) => {
    const node = event.target as NodeSingular;
    setDrawn(node.id(), { ...node.position() });
    dirty.add(node.id());
  });

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
      const slot = fan.used;
      let angle: number | undefined;
      if (fan.facing === undefined) {
        const capacity = Math.max(1, Math.floor((2 * Math.PI) / step));
        if (slot < capacity) {
          angle = (slot * 2 * Math.PI) / capacity + (fan.ring % 2) * (Math.PI / capacity);
        }
      } else {
        const half = Math.floor(ARC_HALF_WIDTH / step);
        // Middle first, then alternately either side; odd rings sit half a step off the even ones.
        const odd = fan.ring % 2 === 1;
        if (slot < (odd ? 2 * half : 2 * half + 1)) {
          const offset = odd
            ? (slot % 2 === 0 ? 1 : -1) * (Math.floor(slot / 2) + 0.5)
            : slot % 2 === 1
              ? (slot + 1) / 2
              : -slot / 2;
          angle = fan.facing + offset * step;
        }
      }
      if (angle !== undefined) {
        fan.used += 1;
        return { x: at.x + radius * Math.cos(angle), y: at.y + radius * Math.sin(angle) };
      }
      fan.ring += 1;
      fan.used = 0;
    }
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

  const loosePosition = (centre: Point, empty: boolean): Point => {
    const index = looseIndex++;
    const radius = empty ? 0 : 160 + 60 * Math.sqrt(index + 1);
    return {
      x: centre.x + radius * Math.cos(index * GOLDEN_ANGLE),
      y: centre.y + radius * Math.sin(index * GOLDEN_ANGLE),
    };
  };

  const waitFor = (edge: Edge): void => {
    waitingEdges.set(edge.id, edge);
    for (const end of [edge.from, edge.to]) {
      let ids = waitingByEndpoint.get(end);
      if (ids === undefined) {
        ids = new Set();
        waitingByEndpoint.set(end, ids);
      }
      ids.add(edge.id);
    }
  };
  const stopWaiting = (edge: Edge): void => {
    waitingEdges.delete(edge.id);
    waitingByEndpoint.get(edge.from)?.delete(edge.id);
    waitingByEndpoint.get(edge.to)?.delete(edge.id);
  };

  /**
   * Element definitions for new nodes: saved position, else next to a drawn neighbour (breadth
   * first, so chains follow), else on a loose spiral around the graph's centre. Positions are
   * recorded in drawnAt; nothing touches Cytoscape here.
   */
  const placeNodes = (
    entities: Iterable<Entity>,
    edges: readonly Edge[],
    positions: NodePositions,
    definitions: ElementDefinition[],
    added: EntityId[],
  ): void => {
    const neighbours = new Map<EntityId, EntityId[]>();
    const link = (a: EntityId, b: EntityId): void => {
      const list = neighbours.get(a);
      if (list === undefined) {
        neighbours.set(a, [b]);
      } else {
        list.push(b);
      }
    };
    for (const edge of edges) {
      link(edge.from, edge.to);
      link(edge.to, edge.from);
    }
    const neighboursOf = (id: EntityId): EntityId[] => {
      const list = neighbours.get(id) ?? [];
      const waiting = waitingByEndpoint.get(id);
      if (waiting === undefined || waiting.size === 0) {
        return list;
      }
      const more = [...list];
      for (const edgeId of waiting) {
        const edge = waitingEdges.get(edgeId);
        if (edge !== undefined) {
          more.push(edge.from === id ? edge.to : edge.from);
        }
      }
      return more;
    };
    const pending = new Map<EntityId, Entity>();
    const addDefinition = (entity: Entity, position: Point): void => {
      definitions.push({
        group: 'nodes',
        data: { id: entity.id, type: entity.type, label: entityLabel(entity) },
        position: { ...position },
      });
      setDrawn(entity.id, position);
      added.push(entity.id);
    };
    for (const entity of entities) {
      if (drawnAt.has(entity.id)) {
        // Later deltas may rename a node; a changed label is the only change drawn.
        const label = entityLabel(entity);
        const node = cy.getElementById(entity.id);
        if (node.data('label') !== label || node.data('type') !== entity.type) {
          node.data({ type: entity.type, label });
        }
        continue;
      }
      const saved = positions[entity.id];
      if (saved === undefined) {
        pending.set(entity.id, entity);
      } else {
        addDefinition(entity, saved);
      }
    }
    const queue: Entity[] = [];
    for (const entity of pending.values()) {
      if (neighboursOf(entity.id).some((id) => drawnAt.has(id))) {
        queue.push(entity);
      }
    }
    const place = (entity: Entity, position: Point): void => {
      pending.delete(entity.id);
      addDefinition(entity, position);
      dirty.add(entity.id);
      for (const id of neighboursOf(entity.id)) {
        const follower = pending.get(id);
        if (follower !== undefined) {
          queue.push(follower);
        }
      }
    };
    let cursor = 0;
    let looseCentre: Point | undefined;
    while (pending.size > 0) {
      const entity = queue[cursor++];
      if (entity === undefined) {
        // No drawn neighbour: start a new cluster on a loose spiral around the graph's centre.
        const [first] = pending.values();
        if (first === undefined) {
          break;
        }
        const empty = drawnAt.size === 0;
        looseCentre ??= empty ? { x: 0, y: 0 } : { x: sumX / drawnAt.size, y: sumY / drawnAt.size };
        place(first, loosePosition(looseCentre, empty));
        continue;
      }
      if (!pending.has(entity.id)) {
        continue;
      }
      const anchorId = neighboursOf(entity.id).find((id) => drawnAt.has(id));
      const anchorAt = anchorId === undefined ? undefined : drawnAt.get(anchorId);
      if (anchorId !== undefined && anchorAt !== undefined) {
        parentOf.set(entity.id, anchorId);
        place(entity, childPosition(anchorId, anchorAt));
      }
    }
  };

  /** Definitions for edges whose endpoints are drawn; the others wait for them. */
  const placeEdges = (edges: Iterable<Edge>, definitions: ElementDefinition[]): void => {
    for (const edge of edges) {
      if (drawnAt.has(edge.from) && drawnAt.has(edge.to)) {
        const existing = cy.getElementById(edge.id);
        stopWaiting(edge);
        if (definedEdges.has(edge.id)) {
          continue;
        }
        if (existing.nonempty()) {
          const sources = edge.sources.map((source) => source.name).join(';');
          if (existing.data('sources') !== sources) {
            existing.data('sources', sources);
          }
        } else {
          definitions.push(edgeDefinition(edge));
          definedEdges.add(edge.id);
        }
      } else {
        waitFor(edge);
      }
    }
  };

  /** Waiting edges that touch the given nodes (now drawn). */
  const releasedEdges = (ids: readonly EntityId[]): Edge[] => {
    const released: Edge[] = [];
    for (const id of ids) {
      for (const edgeId of waitingByEndpoint.get(id) ?? []) {
        const edge = waitingEdges.get(edgeId);
        if (edge !== undefined) {
          released.push(edge);
        }
      }
    }
    return released;
  };

  const filtersActive = (): boolean =>
    filters.hiddenTypes.size > 0 || filters.hiddenSources.size > 0 || filters.hiddenIds.size > 0;

  const filterElements = (nodes: NodeCollection, edges: EdgeCollection): void => {
    const { hiddenTypes, hiddenSources, hiddenIds } = filters;
    const hiddenBySource = (sources: string): boolean =>
      hiddenSources.size > 0 && sources !== '' && sources.split(';').every((name) => hiddenSources.has(name));
    nodes.forEach((node) => {
      const type = node.data('type') as AssetType;
      let hide = hiddenTypes.has(type) || hiddenIds.has(node.id());
      if (!hide && hiddenSources.size > 0) {
        const incident = node.connectedEdges();
        hide =
          incident.nonempty() && incident.every((edge) => hiddenBySource(edge.data('sources') as string));
      }
      node.toggleClass('filtered', hide);
    });
    edges.forEach((edge) => {
      const hide =
        hiddenBySource(edge.data('sources') as string) ||
        edge.source().hasClass('filtered') ||
        edge.target().hasClass('filtered');
      edge.toggleClass('filtered', hide);
    });
  };

  const applyFiltersNow = (): void => {
    cy.batch(() => {
      if (!filtersActive()) {
        cy.elements('.filtered').removeClass('filtered');
        return;
      }
      filterElements(cy.nodes(), cy.edges());
    });
  };

  return {
    reset(entities, edges, positions) {
      fans.clear();
      parentOf.clear();
      waitingEdges.clear();
      waitingByEndpoint.clear();
      drawnAt.clear();
      sumX = 0;
      sumY = 0;
      dirty.clear();
      looseIndex = 0;
      definedEdges.clear();
      const edgeList = [...edges];
      const definitions: ElementDefinition[] = [];
      placeNodes(entities, edgeList, positions, definitions, []);
      placeEdges(edgeList, definitions);
      // One add of every element inside one batch: one style pass and one redraw.
      cy.batch(() => {
        cy.elements().remove();
        cy.add(definitions);
      });
      applyFiltersNow();
    },
    applyDeltas(deltas) {
      const added: EntityId[] = [];
      const definitions: ElementDefinition[] = [];
      const removed: EntityId[] = [];
      definedEdges.clear();
      for (const delta of deltas) {
        for (const { from } of delta.merged) {
          removed.push(from);
          forgetDrawn(from);
          fans.delete(from);
          parentOf.delete(from);
          dirty.delete(from);
        }
        const start = added.length;
        placeNodes(delta.entities, delta.edges, {}, definitions, added);
        placeEdges([...delta.edges, ...releasedEdges(added.slice(start))], definitions);
      }
      cy.batch(() => {
        for (const id of removed) {
          cy.getElementById(id).remove();
        }
        const gone = new Set(removed);
        const kept =
          gone.size === 0
            ? definitions
            : definitions.filter((definition) => {
                const { id, source, target } = definition.data as {
                  id: string;
                  source?: string;
                  target?: string;
                };
                return (
                  !gone.has(id) && (source === undefined || (!gone.has(source) && !gone.has(target ?? '')))
                );
              });
        if (kept.length > 0) {
          const fresh = cy.add(kept);
          if (filtersActive()) {
            filterElements(fresh.nodes(), fresh.connectedEdges());
          }
        }
      });
      return added;
    },
    applyFilters(next) {
      filters = next;
      applyFiltersNow();
    },
    layoutInput() {
      const visible = cy.nodes().not('.filtered');
      const nodes: LayoutInput['nodes'] = [];
      visible.forEach((node) => {
        nodes.push({ id: node.id(), ...node.position() });
      });
      const edges: LayoutInput['edges'] = [];
      visible
        .connectedEdges()
        .not('.filtered')
        .forEach((edge) => {
          edges.push({ source: edge.source().id(), target: edge.target().id() });
        });
      return { nodes, edges };
    },
    applyPositions(positions) {
      cy.batch(() => {
        for (const [id, position] of Object.entries(positions)) {
          const node = cy.getElementById(id);
          if (node.nonempty()) {
            node.position(position);
            setDrawn(id, { ...position });
            dirty.add(id);
          }
        }
      });
    },
    takeDirtyPositions() {
      const positions: NodePositions = {};
      for (const id of dirty) {
        const node = cy.getElementById(id);
        if (node.nonempty()) {
          const { x, y } = (node as NodeSingular).position();
          positions[id] = { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
        }
      }
      dirty.clear();
      return positions;
    },
    findNode(text) {
      const needle = text.trim().toLowerCase();
      if (needle === '') {
        return undefined;
      }
      const match = cy
        .nodes()
        .not('.filtered')
        .filter((node) => {
          const label = String(node.data('label')).toLowerCase();
          return label.includes(needle) || node.id().toLowerCase().includes(needle);
        })
        .first();
      return match.nonempty() ? match.id() : undefined;
    },
  };
}
