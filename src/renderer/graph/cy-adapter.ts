/**
 * Draws the store's graph into one Cytoscape instance: batched delta application, incremental
 * placement of new nodes next to the node they came from (placed nodes never move), filters, and
 * an explicit fcose re-layout. Node data is `{ id, type, label }`; labels are canvas text.
 */
import type { Core, EdgeDefinition, ElementDefinition, Layouts, NodeSingular } from 'cytoscape';
import type { NodePositions } from '../../shared/ipc/contract';
import type { AssetType, EntityId } from '../../shared/model/asset';
import { assetLabel } from '../../shared/model/asset';
import type { Edge, Entity, GraphDelta } from '../../shared/model/graph';

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Above this many nodes the re-layout uses fcose's draft quality (full quality takes tens of seconds). */
export const DRAFT_LAYOUT_THRESHOLD = 1_500;
const MAX_LABEL = 48;

export interface Filters {
  hiddenTypes: ReadonlySet<AssetType>;
  hiddenSources: ReadonlySet<string>;
  hiddenIds: ReadonlySet<EntityId>;
}

export interface RunningLayout {
  stop(): void;
  readonly done: Promise<void>;
}

export interface CyAdapter {
  /** Replaces everything (snapshot); saved positions are used where present. */
  reset(entities: Iterable<Entity>, edges: Iterable<Edge>, positions: NodePositions): void;
  /** Applies deltas in one batch; returns the ids of nodes added. */
  applyDeltas(deltas: GraphDelta[]): EntityId[];
  applyFilters(filters: Filters): void;
  relayout(): RunningLayout;
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

export function createCyAdapter(cy: Core): CyAdapter {
  /** How many nodes have been placed around each anchor (the sunflower index). */
  const ringIndex = new Map<EntityId, number>();
  /** Edges whose endpoints are not drawn yet. */
  const waitingEdges = new Map<string, Edge>();
  const dirty = new Set<EntityId>();
  let looseIndex = 0;
  let filters: Filters = { hiddenTypes: new Set(), hiddenSources: new Set(), hiddenIds: new Set() };

  cy.on('dragfree', 'node', (event) => {
    dirty.add((event.target as NodeSingular).id());
  });

  const positionAround = (anchor: NodeSingular): { x: number; y: number } => {
    const index = ringIndex.get(anchor.id()) ?? 0;
    ringIndex.set(anchor.id(), index + 1);
    const radius = 130 + 34 * Math.sqrt(index);
    const angle = index * GOLDEN_ANGLE;
    const at = anchor.position();
    return { x: at.x + radius * Math.cos(angle), y: at.y + radius * Math.sin(angle) };
  };

  const graphCentre = (): { x: number; y: number } => {
    if (cy.nodes().empty()) {
      return { x: 0, y: 0 };
    }
    const extent = cy.nodes().boundingBox({});
    return { x: (extent.x1 + extent.x2) / 2, y: (extent.y1 + extent.y2) / 2 };
  };

  const loosePosition = (centre: { x: number; y: number }): { x: number; y: number } => {
    const index = looseIndex++;
    const radius = cy.nodes().empty() ? 0 : 160 + 60 * Math.sqrt(index + 1);
    return {
      x: centre.x + radius * Math.cos(index * GOLDEN_ANGLE),
      y: centre.y + radius * Math.sin(index * GOLDEN_ANGLE),
    };
  };

  /** Adds nodes: saved position, else next to a drawn neighbour, else on a loose spiral. */
  const addNodes = (entities: Entity[], edges: Iterable<Edge>, positions: NodePositions): EntityId[] => {
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
    const added: EntityId[] = [];
    const definitions: ElementDefinition[] = [];
    const waiting: Entity[] = [];
    for (const entity of entities) {
      const existing = cy.getElementById(entity.id);
      if (existing.nonempty()) {
        existing.data({ type: entity.type, label: entityLabel(entity) });
        continue;
      }
      const saved = positions[entity.id];
      if (saved !== undefined) {
        definitions.push({
          group: 'nodes',
          data: { id: entity.id, type: entity.type, label: entityLabel(entity) },
          position: { ...saved },
        });
        added.push(entity.id);
      } else {
        waiting.push(entity);
      }
    }
    if (definitions.length > 0) {
      cy.add(definitions);
    }
    // Breadth-first from drawn nodes: each new node goes next to a drawn neighbour, chains follow.
    const pending = new Map(waiting.map((entity) => [entity.id, entity]));
    const queue: Entity[] = waiting.filter((entity) =>
      (neighbours.get(entity.id) ?? []).some((id) => !pending.has(id) && cy.getElementById(id).nonempty()),
    );
    const place = (entity: Entity, position: { x: number; y: number }): void => {
      pending.delete(entity.id);
      cy.add({
        group: 'nodes',
        data: { id: entity.id, type: entity.type, label: entityLabel(entity) },
        position,
      });
      dirty.add(entity.id);
      added.push(entity.id);
      for (const id of neighbours.get(entity.id) ?? []) {
        const follower = pending.get(id);
        if (follower !== undefined) {
          queue.push(follower);
        }
      }
    };
    let cursor = 0;
    let looseCentre: { x: number; y: number } | undefined;
    while (pending.size > 0) {
      const entity = queue[cursor++];
      if (entity === undefined) {
        // No drawn neighbour: start a new cluster on a loose spiral around the graph's centre.
        const [first] = pending.values();
        if (first === undefined) {
          break;
        }
        looseCentre ??= graphCentre();
        place(first, loosePosition(looseCentre));
        continue;
      }
      if (!pending.has(entity.id)) {
        continue;
      }
      const anchorId = neighbours
        .get(entity.id)
        ?.find((id) => !pending.has(id) && cy.getElementById(id).nonempty());
      if (anchorId !== undefined) {
        place(entity, positionAround(cy.getElementById(anchorId)));
      }
    }
    return added;
  };

  const addEdges = (edges: Iterable<Edge>): void => {
    const definitions: EdgeDefinition[] = [];
    for (const edge of edges) {
      const existing = cy.getElementById(edge.id);
      if (existing.nonempty()) {
        existing.data('sources', edge.sources.map((source) => source.name).join(';'));
        continue;
      }
      if (cy.getElementById(edge.from).empty() || cy.getElementById(edge.to).empty()) {
        waitingEdges.set(edge.id, edge);
        continue;
      }
      waitingEdges.delete(edge.id);
      definitions.push(edgeDefinition(edge));
    }
    if (definitions.length > 0) {
      cy.add(definitions);
    }
  };

  const applyFiltersNow = (): void => {
    const { hiddenTypes, hiddenSources, hiddenIds } = filters;
    const nothingHidden = hiddenTypes.size === 0 && hiddenSources.size === 0 && hiddenIds.size === 0;
    const hiddenBySource = (sources: string): boolean =>
      hiddenSources.size > 0 && sources !== '' && sources.split(';').every((name) => hiddenSources.has(name));
    cy.batch(() => {
      if (nothingHidden) {
        cy.elements('.filtered').removeClass('filtered');
        return;
      }
      cy.nodes().forEach((node) => {
        const type = node.data('type') as AssetType;
        let hide = hiddenTypes.has(type) || hiddenIds.has(node.id());
        if (!hide && hiddenSources.size > 0) {
          const incident = node.connectedEdges();
          hide =
            incident.nonempty() && incident.every((edge) => hiddenBySource(edge.data('sources') as string));
        }
        node.toggleClass('filtered', hide);
      });
      cy.edges().forEach((edge) => {
        const hide =
          hiddenBySource(edge.data('sources') as string) ||
          edge.source().hasClass('filtered') ||
          edge.target().hasClass('filtered');
        edge.toggleClass('filtered', hide);
      });
    });
  };

  return {
    reset(entities, edges, positions) {
      ringIndex.clear();
      waitingEdges.clear();
      dirty.clear();
      looseIndex = 0;
      const edgeList = [...edges];
      cy.batch(() => {
        cy.elements().remove();
        addNodes([...entities], edgeList, positions);
        addEdges(edgeList);
      });
      applyFiltersNow();
    },
    applyDeltas(deltas) {
      let added: EntityId[] = [];
      cy.batch(() => {
        for (const delta of deltas) {
          for (const { from } of delta.merged) {
            cy.getElementById(from).remove();
            dirty.delete(from);
          }
          added = added.concat(addNodes(delta.entities, [...delta.edges, ...waitingEdges.values()], {}));
          addEdges([...waitingEdges.values(), ...delta.edges]);
        }
      });
      if (
        added.length > 0 &&
        (filters.hiddenTypes.size > 0 || filters.hiddenSources.size > 0 || filters.hiddenIds.size > 0)
      ) {
        applyFiltersNow();
      }
      return added;
    },
    applyFilters(next) {
      filters = next;
      applyFiltersNow();
    },
    relayout() {
      const visible = cy.elements().not('.filtered');
      const draft = visible.nodes().length > DRAFT_LAYOUT_THRESHOLD;
      const layout: Layouts = visible.layout({
        name: 'fcose',
        quality: draft ? 'draft' : 'default',
        randomize: true,
        animate: !draft && visible.nodes().length < 400,
        animationDuration: 400,
        fit: true,
        padding: 30,
        nodeRepulsion: 6000,
        idealEdgeLength: 90,
      } as unknown as Parameters<Core['layout']>[0]);
      const done = new Promise<void>((resolve) => {
        layout.one('layoutstop', () => {
          visible.nodes().forEach((node) => {
            dirty.add(node.id());
          });
          resolve();
        });
      });
      layout.run();
      return { stop: () => layout.stop(), done };
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
