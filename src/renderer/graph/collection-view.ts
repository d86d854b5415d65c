/**
 * Collections on the canvas: feeds what the adapter draws into the folding rules (`collections.ts`)
 * and applies their changes inside the same batch, so a leaf that folds is never drawn first.
 * Folded leaves stay in Cytoscape with the `folded` class (drawn as nothing, like filtered ones;
 * their positions and edges kept for expanding); a collection is one node (`collection` class,
 * data `{ type, label, count, parent }`) with one edge to its parent labelled with the relations
 * and the count. Collection ids never reach the store's graph, the saved positions or the exports.
 */
import type {
  CollectionArgument,
  CollectionReturnValue,
  Core,
  EdgeSingular,
  ElementDefinition,
  NodeSingular,
} from 'cytoscape';
import type { StoreApi } from 'zustand/vanilla';
import type { AssetType, EntityId } from '../../shared/model/asset';
import type { AppState } from '../store/app-store';
import type { CollectionSummary, FoldChanges } from './collections';
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

export function createCollectionView(
  cy: Core,
  /** Moves drawn entities (and marks them to be saved), e.g. the adapter's applyPositions. */
  moveEntities: (positions: Record<EntityId, Point>) => void,
  foldAbove = DEFAULT_FOLD_ABOVE,
): CollectionView {
  const rules = createCollections(foldAbove);
  let threshold = foldAbove;
  /** Leaf -> collection, as drawn. */
  const foldedIn = new Map<EntityId, string>();
  let drawnCollections = 0;
  /** Edges hidden with folded leaves (kept as a count: selecting them is O(graph) per delta). */
  let foldedEdges = 0;

  /** Folds (or unfolds) these leaves with their edges: one class change for all of them. */
  const setFolded = (nodes: NodeSingular[], folded: boolean): void => {
    if (nodes.length === 0) {
      return;
    }
    // cy.collection takes an array of elements (documented), which the typings do not list.
    const leaves = cy.collection(nodes as unknown as CollectionArgument);
    const edges = folded ? leaves.connectedEdges().not('.folded') : leaves.connectedEdges('.folded');
    leaves.toggleClass('folded', folded);
    edges.toggleClass('folded', folded);
    foldedEdges += folded ? edges.length : -edges.length;
  };

  /** Updates a drawn collection in place, or returns the definitions of a new one and its edge. */
  const drawCollection = (summary: CollectionSummary, at: Point | undefined): ElementDefinition[] => {
    const label = collectionLabel(summary.type, summary.count);
    const relation = collectionEdgeLabel(summary);
    const sources = summary.sources.join(';');
    const existing = cy.getElementById(summary.id);
    if (existing.nonempty()) {
      existing.data({ label, count: summary.count });
      cy.getElementById(edgeIdOf(summary.id)).data({ relation, sources });
      return [];
    }
    drawnCollections += 1;
    const parent = cy.getElementById(summary.parent) as NodeSingular;
    const [source, target] = summary.towardParent
      ? [summary.id, summary.parent]
      : [summary.parent, summary.id];
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
  };

  const apply = (changes: FoldChanges): CollectionReturnValue => {
    // Where each collection is, before any is removed: its members are drawn again around it.
    const unfoldedBy = new Map<string, EntityId[]>();
    const shown: NodeSingular[] = [];
    for (const id of changes.unfolded) {
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
    setFolded(shown, false);
    const positions: Record<EntityId, Point> = {};
    for (const [collectionId, ids] of unfoldedBy) {
      const collection = cy.getElementById(collectionId) as NodeSingular;
      if (collection.nonempty()) {
        aroundCollection(collection.position(), ids.length).forEach((at, index) => {
          positions[ids[index] ?? ''] = at;
        });
      }
    }
    for (const id of changes.removed) {
      if (cy.getElementById(id).nonempty()) {
        cy.getElementById(id).remove();
        drawnCollections -= 1;
      }
    }
    const firstMember = new Map<string, Point>();
    const hidden: NodeSingular[] = [];
    for (const [id, collectionId] of changes.folded) {
      foldedIn.set(id, collectionId);
      const node = cy.getElementById(id) as NodeSingular;
      if (node.nonempty()) {
        hidden.push(node);
        if (!firstMember.has(collectionId)) {
          firstMember.set(collectionId, { ...node.position() });
        }
      }
    }
    setFolded(hidden, true);
    // A new collection takes the place of its first member (a free spot next to the parent).
    const definitions = changes.upserted.flatMap((summary) =>
      drawCollection(summary, firstMember.get(summary.id)),
    );
    if (Object.keys(positions).length > 0) {
      moveEntities(positions);
    }
    return definitions.length === 0 ? cy.collection() : cy.add(definitions);
  };

  const collectionFor = (id: string): string | undefined =>
    isCollectionId(id) ? id : (rules.foldedInto(id) ?? rules.expandedGroupOf(id));

  const applyNow = (): void => {
    cy.batch(() => {
      apply(rules.take());
    });
  };

  return {
    onDrawn({ added, removed, reset }) {
      if (reset) {
        rules.clear();
        foldedIn.clear();
        foldedEdges = 0;
        drawnCollections = 0;
      }
      // A folded leaf merged away took its edges with it: recount (merges are rare).
      let recount = false;
      for (const id of removed) {
        rules.removeNode(id);
        recount = foldedIn.delete(id) || recount;
      }
      added.nodes().forEach((node) => {
        rules.addNode(node.id(), node.data('type') as AssetType);
      });
      added.edges().forEach((edge: EdgeSingular) => {
        if (AWAITING_OR_REJECTED.has(String(edge.data('review') ?? ''))) {
          return; // a candidate asks for a decision (drawn, never folded); a rejected one is hidden
        }
        const sources = String(edge.data('sources') ?? '');
        rules.addEdge({
          id: edge.id(),
          // Ids from the data, not edge.source(): that builds a collection per call (seconds at 17k).
          from: String(edge.data('source')),
          to: String(edge.data('target')),
          relation: String(edge.data('relation')),
          sources: sources === '' ? [] : sources.split(';'),
        });
      });
      const drawn = apply(rules.take());
      // A second edge between a folded leaf and its parent is folded with it.
      added.edges().forEach((edge: EdgeSingular) => {
        const touchesFolded =
          foldedIn.has(String(edge.data('source'))) || foldedIn.has(String(edge.data('target')));
        if (touchesFolded && !edge.hasClass('folded')) {
          edge.addClass('folded');
          foldedEdges += 1;
        }
      });
      if (recount) {
        foldedEdges = cy.edges('.folded').length;
      }
      return drawn;
    },
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
    details(collectionId) {
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
    },
    counts() {
      const folded = rules.foldedCount();
      const nodes = cy.nodes().length;
      return {
        nodes: String(nodes - folded),
        edges: String(cy.edges().length - foldedEdges),
        visibleNodes: String(cy.nodes().not('.filtered, .folded').length),
        // Entities drawn, plus those folded inside a drawn collection.
        entities: String(nodes - drawnCollections),
        // Graph edges likewise: drawn, or folded with a member (`data-graph-edges`).
        graphEdges: String(cy.edges().length - drawnCollections),
      };
    },
    withMembers(positions) {
      const withMembers: Record<string, Point> = { ...positions };
      for (const [id, at] of Object.entries(positions)) {
        if (isCollectionId(id)) {
          const members = rules.members(id).filter((member) => rules.foldedInto(member) === id);
          aroundCollection(at, members.length).forEach((point, index) => {
            withMembers[members[index] ?? ''] = point;
          });
        }
      }
      return withMembers;
    },
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
