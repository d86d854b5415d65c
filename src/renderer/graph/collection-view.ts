/**
 * Collections on the canvas: feeds what the adapter draws into the folding rules (`collections.ts`)
 * and applies their changes inside the same batch, so a leaf that folds is never drawn first.
 * Folded leaves stay in Cytoscape with the `folded` class (drawn as nothing, like filtered ones;
 * their positions and edges kept for expanding); a collection is one node (`collection` class,
 * data `{ type, label, count, parent }`) with one edge to its parent labelled with the relations
 * and the count. Collection ids never reach the store's graph, the saved positions or the exports.
 */
import { elementPool } from './element-pool';
import type {
  CollectionArgument,
  CollectionReturnValue,
  Core,
  ElementDefinition,
  NodeSingular,
} from 'cytoscape';
import type { StoreApi } from 'zustand/vanilla';
import type { AssetType, EntityId } from '../../shared/model/asset';
import type { AppState } from '../store/app-store';
import type { Collections, CollectionSummary, FoldChanges } from './collections';
import {
  collectionEdgeLabel,
  collectionLabel,
  createCollections,
  DEFAULT_FOLD_ABOVE,
  isCollectionId,
} from './collections';
import type { Point } from './placement';
import { CHILD_SPACING } from './placement';

/** What the adapter drew or removed in one batch. */
export interface DrawnChange {
  added: CollectionReturnValue;
  removed: readonly EntityId[];
  /** Everything was redrawn (snapshot): forget the old folding first. */
  reset: boolean;
}

export interface CollectionDetails {
  summary: CollectionSummary;
  members: { id: EntityId; label: string }[];
}

export interface CollectionView {
  /** Called by the adapter inside its batch; returns the collection elements it added. */
  onDrawn(change: DrawnChange): CollectionReturnValue;
  /** Refolds with a new threshold; false when it is unchanged. */
  setFoldAbove(foldAbove: number): boolean;
  /** Expands the collection an entity is folded in (it was selected); false when it is not folded. */
  reveal(id: EntityId | undefined): boolean;
  /** Expands a collection (by its id, or the id of a member folded in it). */
  expand(id: string): void;
  /** Folds an expanded group again (by a member's or the collection's id). */
  collapse(id: string): void;
  /** The collection a folded entity is in. */
  foldedInto(id: EntityId): string | undefined;
  /** The collection id an entity of an expanded group would collapse into. */
  expandedGroupOf(id: EntityId): string | undefined;
  details(collectionId: string): CollectionDetails | undefined;
  /** `data-nodes`, `data-edges`, `data-visible-nodes`, `data-entities` (see docs/ui.md). */
  counts(): Record<'nodes' | 'edges' | 'visibleNodes' | 'entities' | 'graphEdges', string>;
  /** Laid-out positions plus, for each collection in them, its folded members on a ring around it. */
  withMembers(positions: Readonly<Record<string, Point>>): Record<string, Point>;
  /** Gives the collections holding any of these search hits the `search-hit` class too. */
  markHits(ids: readonly EntityId[]): void;
}

const edgeIdOf = (collectionId: string): string => `${collectionId}|edge`;

/** Review states (graph/review-look.ts) whose edges do not make a leaf: see onDrawn. */
const AWAITING_OR_REJECTED = new Set(['pending', 'rejected']);

/** Spacing of members drawn around their collection (nodes are 34 px wide). */
const MEMBER_SPACING = 50;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * Members drawn again go around where their collection was, in arrival order, on a sunflower
 * spiral: evenly spaced at any count, so 1,000 members take a disc of about 1,600 px, not a ring
 * of 14,000.
 */
function aroundCollection(centre: Point, count: number): Point[] {
  return Array.from({ length: count }, (_, index) => {
    const radius = MEMBER_SPACING * Math.sqrt(index + 1);
    const angle = index * GOLDEN_ANGLE;
    return { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
  });
}

/** What the view keeps between batches; the steps below read and update it. */
interface FoldDrawing {
  cy: Core;
  rules: Collections;
  /** Moves drawn entities (and marks them to be saved), e.g. the adapter's applyPositions. */
  moveEntities: (positions: Record<EntityId, Point>) => void;
  /** Leaf -> collection, as drawn. */
  foldedIn: Map<EntityId, string>;
  drawnCollections: number;
  /** Edges hidden with folded leaves (kept as a count: selecting them is O(graph) per delta). */
  foldedEdges: number;
}

export function createCollectionView(
  cy: Core,
  /** Moves drawn entities (and marks them to be saved), e.g. the adapter's applyPositions. */
  moveEntities: (positions: Record<EntityId, Point>) => void,
  foldAbove = DEFAULT_FOLD_ABOVE,
): CollectionView {
  const rules = createCollections(foldAbove);
  const view: FoldDrawing = {
    cy,
    rules,
    moveEntities,
    foldedIn: new Map(),
    drawnCollections: 0,
    foldedEdges: 0,
  };
  let threshold = foldAbove;
  const collectionFor = (id: string): string | undefined =>
    isCollectionId(id) ? id : (rules.foldedInto(id) ?? rules.expandedGroupOf(id));
  const applyNow = (): void => {
    cy.batch(() => {
      applyFoldChanges(view, rules.take());
    });
  };
  return {
    onDrawn: (change) => onDrawn(view, change),
    setFoldAbove(next) {
      if (next === threshold) {
        return false;
      }
      threshold = next;
      rules.setFoldAbove(next);
      applyNow();
      return true;
    },
    reveal(id) {
      const collectionId = id === undefined ? undefined : rules.foldedInto(id);
      if (collectionId === undefined) {
        return false;
      }
      rules.expand(collectionId);
      applyNow();
      return true;
    },
    expand(id) {
      const collectionId = collectionFor(id);
      if (collectionId !== undefined) {
        rules.expand(collectionId);
        applyNow();
      }
    },
    collapse(id) {
      const collectionId = collectionFor(id);
      if (collectionId !== undefined) {
        rules.collapse(collectionId);
        applyNow();
      }
    },
    foldedInto: (id) => rules.foldedInto(id),
    expandedGroupOf: (id) => rules.expandedGroupOf(id),
    details: (collectionId) => collectionDetails(cy, rules, collectionId),
    counts: () => collectionCounts(view),
    withMembers: (positions) => withMembers(rules, positions),
    markHits(ids) {
      for (const id of ids) {
        const collectionId = rules.foldedInto(id);
        if (collectionId !== undefined) {
          cy.getElementById(collectionId).addClass('search-hit');
        }
      }
    },
  };
}

/** Folds (or unfolds) these leaves with their edges: one class change for all of them. */
function setFolded(view: FoldDrawing, nodes: NodeSingular[], folded: boolean): void {
  if (nodes.length === 0) {
    return;
  }
  // cy.collection takes an array of elements (documented), which the typings do not list.
  const leaves = view.cy.collection(nodes as unknown as CollectionArgument);
  const edges = folded ? leaves.connectedEdges().not('.folded') : leaves.connectedEdges('.folded');
  leaves.toggleClass('folded', folded);
  edges.toggleClass('folded', folded);
  view.foldedEdges += folded ? edges.length : -edges.length;
}

/** Updates a drawn collection in place, or returns the definitions of a new one and its edge. */
function drawCollection(
  view: FoldDrawing,
  summary: CollectionSummary,
  at: Point | undefined,
): ElementDefinition[] {
  const { cy } = view;
  const label = collectionLabel(summary.type, summary.count);
  const relation = collectionEdgeLabel(summary);
  const sources = summary.sources.join(';');
  const existing = cy.getElementById(summary.id);
  if (existing.nonempty()) {
    existing.data({ label, count: summary.count });
    cy.getElementById(edgeIdOf(summary.id)).data({ relation, sources });
    return [];
  }
  view.drawnCollections += 1;
  const parent = cy.getElementById(summary.parent) as NodeSingular;
  const [source, target] = summary.towardParent ? [summary.id, summary.parent] : [summary.parent, summary.id];
  return [
    {
      group: 'nodes',
      // `owner`, not `parent`: Cytoscape reads `parent` as a compound node.
      data: { id: summary.id, type: summary.type, label, count: summary.count, owner: summary.parent },
      classes: 'collection',
      position: at ?? { x: parent.position().x + CHILD_SPACING, y: parent.position().y },
    },
    {
      group: 'edges',
      data: { id: edgeIdOf(summary.id), source, target, relation, sources },
      classes: 'collection-edge',
    },
  ];
}

/**
 * Draws unfolded leaves again; returns where they go: around the collection they were in, read
 * before any collection is removed.
 */
function showUnfolded(view: FoldDrawing, unfolded: readonly EntityId[]): Record<EntityId, Point> {
  const { cy, foldedIn } = view;
  const unfoldedBy = new Map<string, EntityId[]>();
  const shown: NodeSingular[] = [];
  for (const id of unfolded) {
    const from = foldedIn.get(id);
    foldedIn.delete(id);
    const node = cy.getElementById(id) as NodeSingular;
    if (node.empty()) {
      continue;
    }
    shown.push(node);
    if (from !== undefined) {
      unfoldedBy.set(from, [...(unfoldedBy.get(from) ?? []), id]);
    }
  }
  setFolded(view, shown, false);
  const positions: Record<EntityId, Point> = {};
  for (const [collectionId, ids] of unfoldedBy) {
    const collection = cy.getElementById(collectionId) as NodeSingular;
    if (collection.nonempty()) {
      aroundCollection(collection.position(), ids.length).forEach((at, index) => {
        positions[ids[index] ?? ''] = at;
      });
    }
  }
  return positions;
}

/** Hides newly folded leaves; returns each collection's first member's position (its place). */
function hideFolded(view: FoldDrawing, folded: ReadonlyMap<EntityId, string>): Map<string, Point> {
  const firstMember = new Map<string, Point>();
  const hidden: NodeSingular[] = [];
  for (const [id, collectionId] of folded) {
    view.foldedIn.set(id, collectionId);
    const node = view.cy.getElementById(id) as NodeSingular;
    if (node.nonempty()) {
      hidden.push(node);
      if (!firstMember.has(collectionId)) {
        firstMember.set(collectionId, { ...node.position() });
      }
    }
  }
  setFolded(view, hidden, true);
  return firstMember;
}

/** Applies the rules' changes to the canvas; returns the collection elements added. */
function applyFoldChanges(view: FoldDrawing, changes: FoldChanges): CollectionReturnValue {
  const { cy } = view;
  const positions = showUnfolded(view, changes.unfolded);
  for (const id of changes.removed) {
    if (cy.getElementById(id).nonempty()) {
      cy.getElementById(id).remove();
      view.drawnCollections -= 1;
    }
  }
  const firstMember = hideFolded(view, changes.folded);
  // A new collection takes the place of its first member (a free spot next to the parent).
  const definitions = changes.upserted.flatMap((summary) =>
    drawCollection(view, summary, firstMember.get(summary.id)),
  );
  if (Object.keys(positions).length > 0) {
    view.moveEntities(positions);
  }
  return definitions.length === 0 ? cy.collection() : cy.add(definitions);
}

/** The data of a node and an edge as the adapter draws them (cy-adapter.ts). */
interface DrawnNodeData {
  id: EntityId;
  type: AssetType;
}
interface DrawnEdgeData {
  id: string;
  source: EntityId;
  target: EntityId;
  relation: string;
  sources?: string;
  review?: string;
}

/** Tells the folding rules what the adapter drew and removed. */
function feedRules(view: FoldDrawing, { added, removed }: DrawnChange): boolean {
  const { rules } = view;
  // A folded leaf merged away took its edges with it: recount (merges are rare).
  let recount = false;
  for (const id of removed) {
    rules.removeNode(id);
    recount = view.foldedIn.delete(id) || recount;
  }
  // One read of each element's data object (not data(key) per field, nor nodes()/edges(), which
  // build collections): 0.2 s of a 30,000-entity load went to these reads.
  added.forEach((element) => {
    if (element.isNode()) {
      const data = element.data() as DrawnNodeData;
      rules.addNode(data.id, data.type);
    }
  });
  added.forEach((element) => {
    if (!element.isEdge()) {
      return;
    }
    const data = element.data() as DrawnEdgeData;
    if (AWAITING_OR_REJECTED.has(String(data.review ?? ''))) {
      return; // a candidate asks for a decision (drawn, never folded); a rejected one is hidden
    }
    const sources = String(data.sources ?? '');
    rules.addEdge({
      id: data.id,
      // Ids from the data, not edge.source(): that builds a collection per call (seconds at 17k).
      from: String(data.source),
      to: String(data.target),
      relation: String(data.relation),
      sources: sources === '' ? [] : sources.split(';'),
    });
  });
  return recount;
}

function onDrawn(view: FoldDrawing, change: DrawnChange): CollectionReturnValue {
  if (change.reset) {
    view.rules.clear();
    view.foldedIn.clear();
    view.foldedEdges = 0;
    view.drawnCollections = 0;
  }
  const recount = feedRules(view, change);
  const drawn = applyFoldChanges(view, view.rules.take());
  // A second edge between a folded leaf and its parent is folded with it.
  if (view.foldedIn.size > 0) {
    change.added.forEach((element) => {
      if (!element.isEdge()) {
        return;
      }
      const { source, target } = element.data() as DrawnEdgeData;
      const touchesFolded = view.foldedIn.has(String(source)) || view.foldedIn.has(String(target));
      if (touchesFolded && !element.hasClass('folded')) {
        element.addClass('folded');
        view.foldedEdges += 1;
      }
    });
  }
  if (recount) {
    view.foldedEdges = view.cy.edges('.folded').length;
  }
  return drawn;
}

function collectionDetails(
  cy: Core,
  rules: Collections,
  collectionId: string,
): CollectionDetails | undefined {
  const summary = rules.collection(collectionId);
  if (summary === undefined) {
    return undefined;
  }
  const members = rules.members(collectionId).map((id) => ({
    id,
    label: String(cy.getElementById(id).data('label') ?? id),
  }));
  members.sort((a, b) => a.label.localeCompare(b.label));
  return { summary, members };
}

function collectionCounts(view: FoldDrawing): ReturnType<CollectionView['counts']> {
  let nodes = 0;
  let edges = 0;
  let visibleNodes = 0;
  // One pass over the pool (element-pool.ts): no collection of 30,000 nodes built to be counted.
  const pool = elementPool(view.cy);
  for (let index = 0; index < pool.length; index += 1) {
    const element = pool[index];
    if (element?.isNode() === true) {
      nodes += 1;
      if (!element.hasClass('filtered') && !element.hasClass('folded')) {
        visibleNodes += 1;
      }
    } else if (element !== undefined) {
      edges += 1;
    }
  }
  const folded = view.rules.foldedCount();
  return {
    nodes: String(nodes - folded),
    edges: String(edges - view.foldedEdges),
    visibleNodes: String(visibleNodes),
    // Entities drawn, plus those folded inside a drawn collection.
    entities: String(nodes - view.drawnCollections),
    // Graph edges likewise: drawn, or folded with a member (`data-graph-edges`).
    graphEdges: String(edges - view.drawnCollections),
  };
}

function withMembers(rules: Collections, positions: Readonly<Record<string, Point>>): Record<string, Point> {
  const collectionIds = Object.keys(positions).filter(isCollectionId);
  if (collectionIds.length === 0) {
    // Nothing to add (a layout of 30,000 nodes was copied here for nothing).
    return positions;
  }
  const result: Record<string, Point> = { ...positions };
  for (const id of collectionIds) {
    const at = positions[id];
    if (at !== undefined) {
      const members = rules.members(id).filter((member) => rules.foldedInto(member) === id);
      aroundCollection(at, members.length).forEach((point, index) => {
        result[members[index] ?? ''] = point;
      });
    }
  }
  return result;
}

/** Selects what was tapped: a collection (the details panel lists its members) or an entity. */
export function selectOnCanvas(store: StoreApi<AppState>, id: string): void {
  if (isCollectionId(id)) {
    store.getState().selectCollection(id);
  } else {
    store.getState().selectEntity(id);
  }
}

/** The canvas controller's collection actions (the details panel calls them). */
export interface CollectionActions {
  /** Draws a collection's members (by its id or a folded member's); collapse folds them again. */
  expandCollection(id: string): void;
  collapseCollection(id: string): void;
  /** A drawn collection's summary and members. */
  collection(id: string): CollectionDetails | undefined;
  /** The collection an entity of an expanded group collapses into. */
  expandedGroupOf(id: EntityId): string | undefined;
}

export function collectionActions(
  view: CollectionView,
  store: StoreApi<AppState>,
  publishCounts: () => void,
): CollectionActions {
  return {
    expandCollection: (id) => {
      view.expand(id);
      if (store.getState().selectedCollectionId === id) {
        // The collection node is gone; nothing stays selected rather than a stale panel.
        store.getState().selectCollection(undefined);
      }
      publishCounts();
    },
    collapseCollection: (id) => {
      view.collapse(id);
      // The selected member is folded now: the collection it went into is selected instead.
      const selected = store.getState().selectedId;
      const into = selected === undefined ? undefined : view.foldedInto(selected);
      if (into !== undefined) {
        store.getState().selectCollection(into);
      }
      publishCounts();
    },
    collection: (id) => view.details(id),
    expandedGroupOf: (id) => view.expandedGroupOf(id),
  };
}
