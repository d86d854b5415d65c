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
import type { Placement } from './placement';
import { createPlacement } from './placement';
import { candidateNodeClass, CANDIDATE_NODE, edgeReviewData, REJECTED_NODE } from './review-look';
import { layoutInputOf } from './layout-input';
import type { Searchable } from './search';
import { rankMatches } from './search';
import type { WaitingEdges } from './waiting-edges';
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
  /**
   * Visible nodes whose label or id contains the text, best match first (see search.ts), among
   * the drawn ones and these entities not drawn yet (a big case being taken in).
   */
  findNodes(text: string, undrawn?: Iterable<Entity>): EntityId[];
}

function edgeDefinition(edge: Edge, classes: string | undefined): EdgeDefinition {
  return {
    group: 'edges',
    ...(classes === undefined ? {} : { classes }),
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

/** What the adapter keeps between batches; the steps below read and update it. */
interface Drawing {
  cy: Core;
  context: LabelContext;
  /** Where every drawn node is (placement reads this, never the Cytoscape collection). */
  placement: Placement;
  /** Edges whose endpoints are not both drawn yet. */
  waiting: WaitingEdges;
  /** Nodes whose position changed since the last save. */
  dirty: Set<EntityId>;
  /** Edge ids defined in the batch being built (not in Cytoscape yet). */
  definedEdges: Set<string>;
  /** Nodes carrying a review class (faded candidate, hidden rejected one). */
  reviewMarked: Set<EntityId>;
  membersOf: MembersOf | undefined;
  filters: Filters;
  /** Classes every new element is added with (the lean look of a big graph), if any. */
  classesOfNew: () => string | undefined;
}

export function createCyAdapter(
  cy: Core,
  context: LabelContext = NO_CONTEXT,
  onDrawn: DrawnHook = () => cy.collection(),
  membersOf?: MembersOf,
  /** Classes new elements are defined with (added after, to 60,000 elements: 0.3 s of events). */
  classesOfNew: () => string | undefined = () => undefined,
): CyAdapter {
  const drawing: Drawing = {
    cy,
    context,
    placement: createPlacement(),
    waiting: createWaitingEdges(),
    dirty: new Set(),
    definedEdges: new Set(),
    reviewMarked: new Set(),
    membersOf,
    filters: NO_FILTERS,
    classesOfNew,
  };
  cy.on('dragfree', 'node', (event) => {
    const node = event.target as NodeSingular;
    if (isCollectionId(node.id())) {
      return; // not an entity: neither placed nor saved
    }
    drawing.placement.moved(node.id(), node.position());
    drawing.dirty.add(node.id());
  });
  return {
    reset: (entities, edges, positions) => resetDrawing(drawing, onDrawn, entities, edges, positions),
    applyDeltas: (deltas, positions = {}) => applyDeltaBatch(drawing, onDrawn, deltas, positions),
    applyFilters(next) {
      drawing.filters = next;
      applyFiltersNow(drawing);
    },
    layoutInput: (kind) => layoutInputOf(cy, kind),
    applyPositions: (positions) => applyPositions(drawing, positions),
    placeAgain: (ids) => placeAgain(drawing, ids),
    positions: () => drawnPositions(cy),
    takeDirtyPositions: () => takeDirtyPositions(drawing),
    findNodes: (text, undrawn = []) => findNodes(drawing, text, undrawn),
  };
}

const entityLabel = (drawing: Drawing, entity: Entity): string => readableLabel(entity, drawing.context);

/** Relabels drawn nodes whose label depends on their neighbours (a contact's role and name). */
function refreshContextLabels(drawing: Drawing, edges: readonly Edge[]): void {
  const { cy, context, placement } = drawing;
  for (const edge of edges) {
    for (const id of [edge.from, edge.to]) {
      const entity = context.entity(id);
      if (entity !== undefined && CONTEXT_LABELLED.has(entity.type) && placement.has(id)) {
        const label = entityLabel(drawing, entity);
        const node = cy.getElementById(id);
        if (node.nonempty() && node.data('label') !== label) {
          node.data('label', label);
        }
      }
    }
  }
}

/** Each node's neighbours: through these edges, and through edges waiting for it. */
function neighbourLookup(waiting: WaitingEdges, edges: readonly Edge[]): (id: EntityId) => EntityId[] {
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
  return (id) => {
    const more = waiting.otherEnds(id);
    const list = neighbours.get(id) ?? [];
    return more.length === 0 ? list : [...list, ...more];
  };
}

/** Later deltas may rename a drawn node or change its notes; only what changed is written. */
function updateDrawnNode(drawing: Drawing, entity: Entity): void {
  const label = entityLabel(drawing, entity);
  const node = drawing.cy.getElementById(entity.id);
  if (node.data('label') !== label || node.data('type') !== entity.type) {
    node.data({ type: entity.type, label });
  }
  if (annotationChanged((name) => node.data(name), entity)) {
    node.data(annotationData(entity));
  }
}

/**
 * Element definitions for new nodes (saved position, else placed next to a drawn neighbour, else
 * a new cluster in free space); labels of nodes already drawn are refreshed in place.
 */
function placeNodes(
  drawing: Drawing,
  entities: Iterable<Entity>,
  edges: readonly Edge[],
  positions: NodePositions,
  definitions: ElementDefinition[],
  added: EntityId[],
): void {
  const { placement, dirty } = drawing;
  const classes = drawing.classesOfNew();
  const fresh = new Map<EntityId, Entity>();
  for (const entity of entities) {
    if (placement.has(entity.id)) {
      updateDrawnNode(drawing, entity);
    } else {
      fresh.set(entity.id, entity);
    }
  }
  const neighboursOf = neighbourLookup(drawing.waiting, edges);
  for (const { id, at, placed } of placement.place(fresh.keys(), neighboursOf, positions)) {
    const entity = fresh.get(id);
    if (entity === undefined) {
      continue;
    }
    definitions.push({
      group: 'nodes',
      ...(classes === undefined ? {} : { classes }),
      data: { id, type: entity.type, label: entityLabel(drawing, entity), ...annotationData(entity) },
      position: { ...at },
    });
    added.push(id);
    if (placed) {
      dirty.add(id);
    }
  }
}

/** A drawn edge seen again: its sources, review look (accepted, rejected) and notes change in place. */
function updateDrawnEdge(existing: CollectionReturnValue, edge: Edge): void {
  const sources = edge.sources.map((source) => source.name).join(';');
  if (existing.data('sources') !== sources) {
    existing.data('sources', sources);
  }
  const review = edgeReviewData(edge);
  if (existing.data('review') !== review.review || existing.data('label') !== review.label) {
    existing.data(review);
  }
  if (annotationChanged((name) => existing.data(name), edge)) {
    existing.data(annotationData(edge));
  }
}

/**
 * Definitions for edges whose endpoints are drawn; the others wait for them. With nothing drawn
 * yet (a reset) no edge can exist: the lookup, which makes a collection per edge, is skipped.
 */
function placeEdges(
  drawing: Drawing,
  edges: Iterable<Edge>,
  definitions: ElementDefinition[],
  nothingDrawn = false,
): void {
  const { cy, placement, waiting, definedEdges } = drawing;
  const classes = drawing.classesOfNew();
  for (const edge of edges) {
    if (!placement.has(edge.from) || !placement.has(edge.to)) {
      waiting.wait(edge);
      continue;
    }
    waiting.stopWaiting(edge);
    if (definedEdges.has(edge.id)) {
      continue;
    }
    const existing = nothingDrawn ? undefined : cy.getElementById(edge.id);
    if (existing?.nonempty() === true) {
      updateDrawnEdge(existing, edge);
    } else {
      definitions.push(edgeDefinition(edge, classes));
      definedEdges.add(edge.id);
    }
  }
}

/** The nodes whose review class these edges may change: the entities they propose or touch. */
function reviewTouched(reviewMarked: ReadonlySet<EntityId>, edges: Iterable<Edge>): Set<EntityId> {
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
  return ids;
}

/** Re-derives the review class of the entities these edges propose or touch (review-look.ts). */
function restyleReviewed(drawing: Drawing, edges: Iterable<Edge>): void {
  const { cy, reviewMarked } = drawing;
  for (const id of reviewTouched(reviewMarked, edges)) {
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
}

function applyFiltersNow({ cy, filters, membersOf }: Drawing): void {
  cy.batch(() => {
    if (!filtersActive(filters)) {
      cy.elements('.filtered').removeClass('filtered');
      return;
    }
    markFiltered(filters, cy.nodes(), cy.edges(), membersOf);
  });
}

function resetDrawing(
  drawing: Drawing,
  onDrawn: DrawnHook,
  entities: Iterable<Entity>,
  edges: Iterable<Edge>,
  positions: NodePositions,
): void {
  const { cy } = drawing;
  drawing.placement.clear();
  drawing.waiting.clear();
  drawing.dirty.clear();
  drawing.definedEdges.clear();
  const edgeList = [...edges];
  const definitions: ElementDefinition[] = [];
  placeNodes(drawing, entities, edgeList, positions, definitions, []);
  placeEdges(drawing, edgeList, definitions, true);
  // One add of every element inside one batch: one style pass and one redraw.
  drawing.reviewMarked.clear();
  cy.batch(() => {
    cy.elements().remove();
    const added = cy.add(definitions);
    restyleReviewed(drawing, edgeList);
    onDrawn({ added, removed: [], reset: true });
  });
  applyFiltersNow(drawing);
}

/** The definitions that neither are nor touch a node merged away in the same batch. */
function withoutRemoved(definitions: ElementDefinition[], removed: readonly EntityId[]): ElementDefinition[] {
  const gone = new Set(removed);
  if (gone.size === 0) {
    return definitions;
  }
  return definitions.filter((definition) => {
    const { id, source, target } = definition.data as { id: string; source?: string; target?: string };
    return !gone.has(id) && (source === undefined || (!gone.has(source) && !gone.has(target ?? '')));
  });
}

function applyDeltaBatch(
  drawing: Drawing,
  onDrawn: DrawnHook,
  deltas: GraphDelta[],
  positions: NodePositions,
): EntityId[] {
  const { cy, placement, dirty, filters, membersOf } = drawing;
  const added: EntityId[] = [];
  const definitions: ElementDefinition[] = [];
  const removed: EntityId[] = [];
  const releasedEdges: Edge[] = [];
  drawing.definedEdges.clear();
  for (const delta of deltas) {
    for (const { from } of delta.merged) {
      removed.push(from);
      placement.forget(from);
      dirty.delete(from);
    }
    const start = added.length;
    placeNodes(drawing, delta.entities, delta.edges, positions, definitions, added);
    const released = drawing.waiting.touching(added.slice(start));
    placeEdges(drawing, [...delta.edges, ...released], definitions);
    // An edge that waited for its endpoint is drawn now: its review look is derived with it.
    releasedEdges.push(...released);
  }
  cy.batch(() => {
    for (const id of removed) {
      cy.getElementById(id).remove();
      drawing.reviewMarked.delete(id);
    }
    const kept = withoutRemoved(definitions, removed);
    const drawn = kept.length > 0 ? cy.add(kept) : cy.collection();
    const fresh = drawn.union(onDrawn({ added: drawn, removed, reset: false }));
    if (filtersActive(filters) && fresh.nonempty()) {
      markFiltered(filters, fresh.nodes(), fresh.connectedEdges(), membersOf);
    }
    const edges = deltas.flatMap((delta) => delta.edges);
    refreshContextLabels(drawing, edges);
    restyleReviewed(drawing, releasedEdges.length === 0 ? edges : [...edges, ...releasedEdges]);
  });
  return added;
}

function applyPositions({ cy, placement, dirty }: Drawing, positions: LayoutPositions): void {
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
}

function placeAgain({ cy, placement, dirty }: Drawing, ids: readonly EntityId[]): void {
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
}

function drawnPositions(cy: Core): NodePositions {
  const positions: NodePositions = {};
  cy.nodes().forEach((node) => {
    positions[node.id()] = { ...node.position() };
  });
  return positions;
}

function takeDirtyPositions({ cy, dirty }: Drawing): NodePositions {
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
}

function findNodes({ cy, context, filters }: Drawing, text: string, undrawn: Iterable<Entity>): EntityId[] {
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
  // Not drawn yet: hidden by type or id (the sources rule needs their edges drawn).
  for (const entity of undrawn) {
    if (!filters.hiddenTypes.has(entity.type) && !filters.hiddenIds.has(entity.id)) {
      const label = fullReadableLabel(entity, context);
      nodes.push({ id: entity.id, label, matchId: true, folded: false, extra: annotationSearchText(entity) });
    }
  }
  return rankMatches(nodes, text);
}
