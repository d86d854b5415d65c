/**
 * Collections on the canvas: feeds what the adapter draws into the folding rules (`collections.ts`)
 * and applies their changes inside the same batch, so a leaf that folds is never drawn first.
 * Folded leaves stay in Cytoscape with the `folded` class (drawn as nothing, like filtered ones;
 * their positions and edges kept for expanding); a collection is one node (`collection` class,
 * data `{ type, label, count, parent }`) with one edge to its parent labelled with the relations
 * and the count. Collection ids never reach the store's graph, the saved positions or the exports.
 */
import type { CollectionReturnValue, Core, EdgeSingular, NodeSingular } from 'cytoscape';
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

/** Members drawn again go on a ring around where their collection was, in arrival order. */
function ring(centre: Point, count: number): Point[] {
  const radius = Math.max(CHILD_SPACING, (count * CHILD_SPACING) / (2 * Math.PI));
  return Array.from({ length: count }, (_, index) => {
    const angle = (2 * Math.PI * index) / count;
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

  const setFolded = (node: NodeSingular, folded: boolean): void => {
    node.toggleClass('folded', folded);
    node.connectedEdges().toggleClass('folded', folded);
  };

  const drawCollection = (summary: CollectionSummary, at: Point | undefined): CollectionReturnValue => {
    const label = collectionLabel(summary.type, summary.count);
    const relation = collectionEdgeLabel(summary);
    const sources = summary.sources.join(';');
    const existing = cy.getElementById(summary.id);
    if (existing.nonempty()) {
      existing.data({ label, count: summary.count });
      cy.getElementById(edgeIdOf(summary.id)).data({ relation, sources });
      return cy.collection();
    }
    drawnCollections += 1;
    const parent = cy.getElementById(summary.parent) as NodeSingular;
    const node = cy.add({
      group: 'nodes',
      // `owner`, not `parent`: Cytoscape reads `parent` as a compound node.
      data: { id: summary.id, type: summary.type, label, count: summary.count, owner: summary.parent },
      classes: 'collection',
      position: at ?? { x: parent.position().x + CHILD_SPACING, y: parent.position().y },
    });
    const [source, target] = summary.towardParent
      ? [summary.id, summary.parent]
      : [summary.parent, summary.id];
    const edge = cy.add({
      group: 'edges',
      data: { id: edgeIdOf(summary.id), source, target, relation, sources },
      classes: 'collection-edge',
    });
    return node.union(edge);
  };

  const apply = (changes: FoldChanges): CollectionReturnValue => {
    let added = cy.collection();
    // Where each collection is, before any is removed: its members are drawn again around it.
    const unfoldedBy = new Map<string, EntityId[]>();
    for (const id of changes.unfolded) {
      const from = foldedIn.get(id);
      foldedIn.delete(id);
      const node = cy.getElementById(id) as NodeSingular;
      if (node.empty()) {
        continue;
      }
      setFolded(node, false);
      if (from !== undefined) {
        unfoldedBy.set(from, [...(unfoldedBy.get(from) ?? []), id]);
      }
    }
    const positions: Record<EntityId, Point> = {};
    for (const [collectionId, ids] of unfoldedBy) {
      const collection = cy.getElementById(collectionId) as NodeSingular;
      if (collection.nonempty()) {
        ring(collection.position(), ids.length).forEach((at, index) => {
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
    for (const [id, collectionId] of changes.folded) {
      foldedIn.set(id, collectionId);
      const node = cy.getElementById(id) as NodeSingular;
      if (node.nonempty()) {
        setFolded(node, true);
        if (!firstMember.has(collectionId)) {
          firstMember.set(collectionId, { ...node.position() });
        }
      }
    }
    for (const summary of changes.upserted) {
      // A new collection takes the place of its first member (a free spot next to the parent).
      added = added.union(drawCollection(summary, firstMember.get(summary.id)));
    }
    if (Object.keys(positions).length > 0) {
      moveEntities(positions);
    }
    return added;
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
        drawnCollections = 0;
      }
      for (const id of removed) {
        rules.removeNode(id);
      }
      added.nodes().forEach((node) => {
        rules.addNode(node.id(), node.data('type') as AssetType);
      });
      added.edges().forEach((edge: EdgeSingular) => {
        const sources = String(edge.data('sources') ?? '');
        rules.addEdge({
          id: edge.id(),
          from: edge.source().id(),
          to: edge.target().id(),
          relation: String(edge.data('relation')),
          sources: sources === '' ? [] : sources.split(';'),
        });
      });
      const drawn = apply(rules.take());
      // A second edge between a folded leaf and its parent is folded with it.
      added.edges().forEach((edge: EdgeSingular) => {
        if (edge.source().hasClass('folded') || edge.target().hasClass('folded')) {
          edge.addClass('folded');
        }
      });
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
        edges: String(cy.edges().length - cy.edges('.folded').length),
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
          ring(at, members.length).forEach((point, index) => {
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
      publishCounts();
    },
    collection: (id) => view.details(id),
    expandedGroupOf: (id) => view.expandedGroupOf(id),
  };
}
