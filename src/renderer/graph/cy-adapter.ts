/**
 * Draws the store's graph into one Cytoscape instance: batched delta application (placement in
 * `placement.ts`, edges waiting for an endpoint in `waiting-edges.ts`), filters (`filters.ts`), and
 * the input and output of the explicit re-layout (computed in a worker). Node data is
 * `{ id, type, label }`; labels are canvas text.
 */
import { annotationSearchText } from '../../shared/model/annotation';
import { annotationChanged, annotationData } from './annotation-look';
import type { CollectionReturnValue, Core, EdgeDefinition, ElementDefinition, NodeSingular } from 'cytoscape';
import type { NodePositions } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import type { Edge, Entity, GraphDelta } from '../../shared/model/graph';
import { reviewStateOf } from '../../shared/model/review';
import type { DrawnChange } from './collection-view';
import { isCollectionId } from './collections';
import type { Filters } from './filters';
import { filtersActive, markFiltered, NO_FILTERS, type MembersOf } from './filters';
import type { LayoutInput, LayoutKind, LayoutPositions } from './layouts/types';
import type { LabelContext } from './node-label';
import { CONTEXT_LABELLED, fullReadableLabel, NO_CONTEXT, readableLabel } from './node-label';
import { createPlacement } from './placement';
import { candidateNodeClass, CANDIDATE_NODE, edgeReviewData, REJECTED_NODE } from './review-look';
import type { Searchable } from './search';
import { rankMatches } from './search';
import { createWaitingEdges } from './waiting-edges';

export type { Filters } from './filters';
export { CHILD_SPACING } from './placement';

export interface CyAdapter {
  /** Replaces everything (snapshot); saved positions are used where present. */
  reset(entities: Iterable<Entity>, edges: Iterable<Edge>, positions: NodePositions): void;
  /**
   * Applies deltas in one batch; returns the ids of nodes added. New nodes take their saved
   * position from `positions` where present (a snapshot drawn in steps), else are placed.
   */
  applyDeltas(deltas: GraphDelta[], positions?: NodePositions): EntityId[];
  applyFilters(filters: Filters): void;
  /** The visible nodes and edges, for the re-layout worker. */
  layoutInput(kind: LayoutKind): LayoutInput;
  /** Moves nodes to laid-out positions in one batch (they are saved with the case). */
  applyPositions(positions: LayoutPositions): void;
  /** Places these drawn nodes anew next to their neighbours (nodes that arrived during a re-layout). */
  placeAgain(ids: readonly EntityId[]): void;
  /** Where every drawn node is now (kept to undo a re-layout). */
  positions(): NodePositions;
  /** Positions changed since the last call (placed, dragged or laid out). */
  takeDirtyPositions(): NodePositions;
  /** Visible nodes whose label or id contains the text, best match first (see search.ts). */
  findNodes(text: string): EntityId[];
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
      ...edgeReviewData(edge),
      ...annotationData(edge),
    },
  };
}

/** Told of each batch drawn, inside the batch (collections fold there); returns elements it added. */
export type DrawnHook = (change: DrawnChange) => CollectionReturnValue;

export function createCyAdapter(
  cy: Core,
  context: LabelContext = NO_CONTEXT,
  onDrawn: DrawnHook = () => cy.collection(),
  membersOf?: MembersOf,
): CyAdapter {
  const entityLabel = (entity: Entity): string => readableLabel(entity, context);
  /** Where every drawn node is (placement reads this, never the Cytoscape collection). */
  const placement = createPlacement();
  /** Edges whose endpoints are not both drawn yet. */
  const waiting = createWaitingEdges();
  const dirty = new Set<EntityId>();
  /** Edge ids defined in the batch being built (not in Cytoscape yet). */
  const definedEdges = new Set<string>();
  let filters: Filters = NO_FILTERS;

  /** Relabels drawn nodes whose label depends on their neighbours (a contact's role and name). */
  const refreshLabels = (edges: readonly Edge[]): void => {
    for (const edge of edges) {
      for (const id of [edge.from, edge.to]) {
        const entity = context.entity(id);
        if (entity !== undefined && CONTEXT_LABELLED.has(entity.type) && placement.has(id)) {
          const label = entityLabel(entity);
          const node = cy.getElementById(id);
          if (node.nonempty() && node.data('label') !== label) {
            node.data('label', label);
          }
        }
      }
    }
  };

  cy.on('dragfree', 'node', (event) => {
    const node = event.target as NodeSingular;
    if (isCollectionId(node.id())) {
      return; // not an entity: neither placed nor saved
    }
    placement.moved(node.id(), node.position());
    dirty.add(node.id());
  });

  /**
   * Element definitions for new nodes (saved position, else placed next to a drawn neighbour, else
   * a new cluster in free space); labels of nodes already drawn are refreshed in place.
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
      const more = waiting.otherEnds(id);
      const list = neighbours.get(id) ?? [];
      return more.length === 0 ? list : [...list, ...more];
    };
    const fresh = new Map<EntityId, Entity>();
    for (const entity of entities) {
      if (placement.has(entity.id)) {
        // Later deltas may rename a node; a changed label is the only change drawn.
        const label = entityLabel(entity);
        const node = cy.getElementById(entity.id);
        if (node.data('label') !== label || node.data('type') !== entity.type) {
          node.data({ type: entity.type, label });
        }
        if (annotationChanged((name) => node.data(name), entity)) {
          node.data(annotationData(entity));
        }
        continue;
      }
      fresh.set(entity.id, entity);
    }
    for (const { id, at, placed } of placement.place(fresh.keys(), neighboursOf, positions)) {
      const entity = fresh.get(id);
      if (entity === undefined) {
        continue;
      }
      definitions.push({
        group: 'nodes',
        data: { id, type: entity.type, label: entityLabel(entity), ...annotationData(entity) },
        position: { ...at },
      });
      added.push(id);
      if (placed) {
        dirty.add(id);
      }
    }
  };

  /**
   * Definitions for edges whose endpoints are drawn; the others wait for them. With nothing drawn
   * yet (a reset) no edge can exist: the lookup, which makes a collection per edge, is skipped.
   */
  const placeEdges = (
    edges: Iterable<Edge>,
    definitions: ElementDefinition[],
    nothingDrawn = false,
  ): void => {
    for (const edge of edges) {
      if (placement.has(edge.from) && placement.has(edge.to)) {
        waiting.stopWaiting(edge);
        if (definedEdges.has(edge.id)) {
          continue;
        }
        const existing = nothingDrawn ? undefined : cy.getElementById(edge.id);
        if (existing?.nonempty() === true) {
          const sources = edge.sources.map((source) => source.name).join(';');
          if (existing.data('sources') !== sources) {
            existing.data('sources', sources);
          }
          // A reviewed candidate (accepted, rejected) changes its look in place.
          const review = edgeReviewData(edge);
          if (existing.data('review') !== review.review || existing.data('label') !== review.label) {
            existing.data(review);
          }
          if (annotationChanged((name) => existing.data(name), edge)) {
            existing.data(annotationData(edge));
          }
        } else {
          definitions.push(edgeDefinition(edge));
          definedEdges.add(edge.id);
        }
      } else {
        waiting.wait(edge);
      }
    }
  };

  /** Nodes carrying a review class (faded candidate, hidden rejected one). */
  const reviewMarked = new Set<EntityId>();

  /** Re-derives the review class of the entities these edges propose or touch (review-look.ts). */
  const restyleReviewed = (edges: Iterable<Edge>): void => {
    const ids = new Set<EntityId>();
    for (const edge of edges) {
      if (reviewStateOf(edge) !== undefined) {
        ids.add(edge.to);
      } else {
        // Any other edge on a faded node makes it a node of its own.
        for (const end of [edge.from, edge.to]) {
          if (reviewMarked.has(end)) {
            ids.add(end);
          }
        }
      }
    }
    for (const id of ids) {
      const node = cy.getElementById(id);
      if (node.empty()) {
        continue;
      }
      const incoming: string[] = [];
      let hasOtherEdges = false;
      node.connectedEdges().forEach((drawn) => {
        const review = String(drawn.data('review') ?? '');
        if (review !== '' && drawn.target().id() === id) {
          incoming.push(review);
        } else {
          hasOtherEdges = true;
        }
      });
      const look = candidateNodeClass(incoming, hasOtherEdges);
      node.removeClass(`${CANDIDATE_NODE} ${REJECTED_NODE}`);
      if (look === undefined) {
        reviewMarked.delete(id);
      } else {
        node.addClass(look);
        reviewMarked.add(id);
      }
    }
  };

  const applyFiltersNow = (): void => {
    cy.batch(() => {
      if (!filtersActive(filters)) {
        cy.elements('.filtered').removeClass('filtered');
        return;
      }
      markFiltered(filters, cy.nodes(), cy.edges(), membersOf);
    });
  };

  return {
    reset(entities, edges, positions) {
      placement.clear();
      waiting.clear();
      dirty.clear();
      definedEdges.clear();
      const edgeList = [...edges];
      const definitions: ElementDefinition[] = [];
      placeNodes(entities, edgeList, positions, definitions, []);
      placeEdges(edgeList, definitions, true);
      // One add of every element inside one batch: one style pass and one redraw.
      reviewMarked.clear();
      cy.batch(() => {
        cy.elements().remove();
        const added = cy.add(definitions);
        restyleReviewed(edgeList);
        onDrawn({ added, removed: [], reset: true });
      });
      applyFiltersNow();
    },
    applyDeltas(deltas, positions = {}) {
      const added: EntityId[] = [];
      const definitions: ElementDefinition[] = [];
      const removed: EntityId[] = [];
      const releasedEdges: Edge[] = [];
      definedEdges.clear();
      for (const delta of deltas) {
        for (const { from } of delta.merged) {
          removed.push(from);
          placement.forget(from);
          dirty.delete(from);
        }
        const start = added.length;
        placeNodes(delta.entities, delta.edges, positions, definitions, added);
        const released = waiting.touching(added.slice(start));
        placeEdges([...delta.edges, ...released], definitions);
        // An edge that waited for its endpoint is drawn now: its review look is derived with it.
        releasedEdges.push(...released);
      }
      cy.batch(() => {
        for (const id of removed) {
          cy.getElementById(id).remove();
          reviewMarked.delete(id);
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
        const added = kept.length > 0 ? cy.add(kept) : cy.collection();
        const fresh = added.union(onDrawn({ added, removed, reset: false }));
        if (filtersActive(filters) && fresh.nonempty()) {
          markFiltered(filters, fresh.nodes(), fresh.connectedEdges(), membersOf);
        }
        const edges = deltas.flatMap((delta) => delta.edges);
        refreshLabels(edges);
        restyleReviewed(releasedEdges.length === 0 ? edges : [...edges, ...releasedEdges]);
      });
      return added;
    },
    applyFilters(next) {
      filters = next;
      applyFiltersNow();
    },
    layoutInput(kind) {
      // A collection is laid out as one node; its folded members are not. Rejected candidates are
      // not drawn: they take no room in the layout either.
      const visible = cy.nodes().not(`.filtered, .folded, .${REJECTED_NODE}`);
      const nodes: LayoutInput['nodes'] = [];
      visible.forEach((node) => {
        nodes.push({ id: node.id(), ...node.position() });
      });
      const edges: LayoutInput['edges'] = [];
      visible
        .connectedEdges()
        .not('.filtered, [review = "rejected"]')
        .forEach((edge) => {
          edges.push({ source: edge.source().id(), target: edge.target().id() });
        });
      return { kind, nodes, edges };
    },
    applyPositions(positions) {
      cy.batch(() => {
        for (const [id, position] of Object.entries(positions)) {
          const node = cy.getElementById(id);
          if (node.nonempty()) {
            node.position(position);
            if (!isCollectionId(id)) {
              placement.moved(id, position);
              dirty.add(id);
            }
          }
        }
      });
    },
    placeAgain(ids) {
      const moving = ids.filter((id) => cy.getElementById(id).nonempty());
      for (const id of moving) {
        placement.forget(id);
      }
      const neighboursOf = (id: EntityId): EntityId[] =>
        cy
          .getElementById(id)
          .neighborhood()
          .nodes()
          .map((node) => node.id());
      cy.batch(() => {
        for (const { id, at } of placement.place(moving, neighboursOf, {})) {
          cy.getElementById(id).position({ ...at });
          dirty.add(id);
        }
      });
    },
    positions() {
      const positions: NodePositions = {};
      cy.nodes().forEach((node) => {
        positions[node.id()] = { ...node.position() };
      });
      return positions;
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
    findNodes(text) {
      const nodes: Searchable[] = [];
      cy.nodes()
        .not(`.filtered, .${REJECTED_NODE}`)
        .forEach((node) => {
          // A drawn label may be cut short (MAX_LABEL): search matches the entity's whole label.
          const entity = context.entity(node.id());
          // A collection's id holds its parent's: a search for the parent must not land on it.
          nodes.push({
            id: node.id(),
            label: entity === undefined ? String(node.data('label')) : fullReadableLabel(entity, context),
            matchId: !isCollectionId(node.id()),
            folded: node.hasClass('folded'),
            ...(entity === undefined ? {} : { extra: annotationSearchText(entity) }),
          });
        });
      return rankMatches(nodes, text);
    },
  };
}
