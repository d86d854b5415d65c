/**
 * Steps of the canvas controller (canvas-controller.ts, `mountCanvas`) that stand on their own:
 * the look (full or lean stylesheet, overview layer), the selected node's position on screen,
 * failed-lookup rings, pointer events, and search. Each takes what it works on as arguments.
 */
import type { Core, EdgeSingular, NodeSingular } from 'cytoscape';
import type { StoreApi } from 'zustand/vanilla';
import type { EntityId } from '../../shared/model/asset';
import type { AppState } from '../store/app-store';
import { openFailures } from '../store/failures';
import type { CollectionView } from './collection-view';
import { selectOnCanvas } from './collection-view';
import { findAnnotatedEdges } from './edge-search';
import { isCollectionId } from './collections';
import type { CyAdapter } from './cy-adapter';
import type { Opening } from './snapshot-loader';
import type { Theme } from './cy-style';
import { buildStylesheet, isLargeGraph } from './cy-style';
import type { LeanSwitch } from './lean-switch';
import { createLeanSwitch } from './lean-switch';
import type { OverviewLayer } from './overview/overview-layer';
import { createOverviewLayer } from './overview/overview-layer';

export interface Look {
  /** A big graph (cy-style.ts, LARGE_GRAPH_NODES): drawn with the lean look. */
  large: () => boolean;
  overview: OverviewLayer;
  leanSwitch: LeanSwitch;
  restyle: () => void;
  /**
   * Chooses the full or the lean look before elements are added, so new ones get it. With no
   * element drawn (a case being opened) the stylesheet itself is chosen, which costs nothing then.
   */
  chooseLookFor: (nodeCount: number, nothingDrawn?: boolean) => void;
}

export function createLook(
  cy: Core,
  theme: () => Theme,
  requestFrame: (callback: () => void) => number,
  cancelFrame: (handle: number) => void,
  now: () => number,
): Look {
  let large = false;
  /** The lean stylesheet is in use (a case opened big); else the full one, with LEAN_CLASS rules. */
  let leanSheet = false;
  const leanSwitch = createLeanSwitch(cy, requestFrame, cancelFrame);
  // A big graph zoomed out is drawn by the overview layer, not element by element by Cytoscape.
  const overview = createOverviewLayer(cy, { theme, now });
  const restyle = (): void => {
    cy.style(buildStylesheet(theme(), leanSheet));
    overview.invalidate();
  };
  return {
    large: () => large,
    overview,
    leanSwitch,
    restyle,
    chooseLookFor: (nodeCount, nothingDrawn = false) => {
      const big = isLargeGraph(nodeCount);
      if (nothingDrawn ? leanSheet !== big : leanSheet && !big) {
        // A lean-sheet graph shrinking below the threshold restyles at most 1,500 nodes.
        leanSheet = big;
        restyle();
      }
      if (large !== big) {
        large = big;
        leanSwitch.set(large);
      }
    },
  };
}

/**
 * `data-selected-position`: where the selected node is drawn, "x,y" in pixels from the canvas's
 * top-left corner (absent when nothing drawn is selected). The camera moves in animations and
 * layouts move nodes, so the end-to-end tests read this instead of assuming where a node is.
 * `data-viewport`: "zoom,panX,panY", where any model position is drawn (a node the overview's
 * preview draws is not in Cytoscape yet). Returns the publishing function (also called when the
 * selection changes).
 */
export function trackSelectedPosition(
  cy: Core,
  store: StoreApi<AppState>,
  dataset: Record<string, string | undefined>,
): () => void {
  const publish = (): void => {
    const pan = cy.pan();
    dataset.viewport = `${cy.zoom()},${pan.x},${pan.y}`;
    const { selectedId, selectedCollectionId } = store.getState();
    const node = cy.getElementById(selectedId ?? selectedCollectionId ?? '');
    if (node.empty() || !node.isNode() || node.hasClass('folded') || node.hasClass('filtered')) {
      delete dataset.selectedPosition;
      return;
    }
    const { x, y } = node.renderedPosition();
    dataset.selectedPosition = `${Math.round(x)},${Math.round(y)}`;
  };
  cy.on('viewport', publish);
  cy.on('position', 'node:selected', publish);
  return publish;
}

/** Nodes with a failed lookup get a red dashed ring (the details panel offers Retry). */
export interface FailureMarks {
  /** Rings the nodes whose lookup failed now (and unrings the others). */
  mark: () => void;
  any: () => boolean;
}

export function createFailureMarks(cy: Core, store: StoreApi<AppState>): FailureMarks {
  let failed = new Set<EntityId>();
  return {
    any: () => failed.size > 0,
    mark: () => {
      const { sessions, retriedAt } = store.getState();
      const next = new Set(openFailures(sessions, retriedAt).keys());
      cy.batch(() => {
        for (const id of failed) {
          if (!next.has(id)) {
            cy.getElementById(id).removeClass('lookup-failed');
          }
        }
        for (const id of next) {
          cy.getElementById(id).addClass('lookup-failed');
        }
      });
      failed = next;
    },
  };
}

/**
 * The entity drawn at a model position by the overview's preview of a big case still being taken
 * in (overview-layer.ts), where Cytoscape may not hold it yet; undefined when no preview shows.
 */
export type PreviewNodeAt = (position: { x: number; y: number }) => EntityId | undefined;

/** Clicks, double clicks and right clicks on the canvas: selection, expansion, the context menu. */
export function bindPointer(
  cy: Core,
  store: StoreApi<AppState>,
  onContextMenu: (request: { id: EntityId; x: number; y: number } | undefined) => void,
  expandCollection: (id: string) => void,
  previewNodeAt: PreviewNodeAt = () => undefined,
): void {
  cy.on('tap', 'node', (event) => {
    selectOnCanvas(store, (event.target as NodeSingular).id());
    onContextMenu(undefined);
  });
  cy.on('dbltap', 'node.collection', (event) => expandCollection((event.target as NodeSingular).id()));
  cy.on('tap', 'edge', (event) => {
    store.getState().selectEdge((event.target as EdgeSingular).id());
    onContextMenu(undefined);
  });
  cy.on('tap', (event) => {
    if (event.target === cy) {
      // Any node the preview draws can be selected before Cytoscape holds it.
      const previewed = previewNodeAt(event.position);
      if (previewed === undefined) {
        store.getState().selectEntity(undefined);
      } else {
        selectOnCanvas(store, previewed);
      }
      onContextMenu(undefined);
    }
  });
  cy.on('cxttap', 'node', (event) => {
    const node = event.target as NodeSingular;
    selectOnCanvas(store, node.id());
    if (isCollectionId(node.id())) {
      return; // a collection's actions are in the details panel
    }
    const rendered = event.renderedPosition ?? node.renderedPosition();
    onContextMenu({ id: node.id(), x: rendered.x, y: rendered.y });
  });
}

/** The node under the pointer (for the hover card), cleared when it leaves or the view moves. */
export function bindHover(
  cy: Core,
  onHover: (request: { id: EntityId; x: number; y: number } | undefined) => void,
  previewNodeAt: PreviewNodeAt = () => undefined,
): void {
  // Over the preview of a big case being taken in, the card is for the entity drawn there.
  let previewHovered: EntityId | undefined;
  cy.on('mousemove', (event) => {
    if (event.target !== cy) {
      return;
    }
    const id = previewNodeAt(event.position);
    if (id !== previewHovered) {
      previewHovered = id;
      const at = event.renderedPosition;
      onHover(id === undefined ? undefined : { id, x: at.x, y: at.y });
    }
  });
  cy.on('mouseover', 'node', (event) => {
    const node = event.target as NodeSingular;
    if (isCollectionId(node.id())) {
      return;
    }
    const at = event.renderedPosition ?? node.renderedPosition();
    onHover({ id: node.id(), x: at.x, y: at.y });
  });
  cy.on('mouseout', 'node', () => onHover(undefined));
  cy.on('viewport tapstart', () => onHover(undefined));
}

/** The hit selected (0-based) among all hits; index -1 when there is none. */
export interface SearchPosition {
  index: number;
  total: number;
}

export interface SearchActions {
  /** Highlights every node matching the text and selects the best hit; what was found. */
  search: (text: string) => SearchPosition;
  /** Selects the next (+1) or previous (-1) hit of the last search. */
  searchStep: (step: 1 | -1) => SearchPosition;
}

/**
 * Centres a hit at reading distance: where it is drawn, or, not drawn yet (a big case being taken
 * in), where it will be (the load then takes in what is in view first).
 */
function showAtReadingDistance(cy: Core, id: string, planned: { x: number; y: number } | undefined): void {
  const zoom = Math.max(cy.zoom(), 1);
  const element = cy.getElementById(id);
  if (element.nonempty() || planned === undefined) {
    cy.animate({ center: { eles: element }, zoom }, { duration: 250 });
    return;
  }
  const pan = { x: cy.width() / 2 - planned.x * zoom, y: cy.height() / 2 - planned.y * zoom };
  cy.animate({ pan, zoom }, { duration: 250 });
}

export function createSearch(
  cy: Core,
  adapter: CyAdapter,
  collections: CollectionView,
  store: StoreApi<AppState>,
  stopFollowing: () => void,
  opening: Opening,
): SearchActions {
  let hits: EntityId[] = [];
  let hitIndex = -1;
  const searchStep = (step: 1 | -1): SearchPosition => {
    if (hits.length === 0) {
      return { index: -1, total: 0 };
    }
    hitIndex = (hitIndex + step + hits.length) % hits.length;
    const id = hits[hitIndex] ?? '';
    stopFollowing();
    const edge = store.getState().edgesById.get(id);
    if (edge !== undefined) {
      // A hit on an edge (by its notes) draws its ends if folded and opens the edge's details.
      collections.reveal(edge.from);
      collections.reveal(edge.to);
      store.getState().selectEdge(id);
    } else {
      selectOnCanvas(store, id);
    }
    showAtReadingDistance(cy, id, opening.plannedAt(id));
    return { index: hitIndex, total: hits.length };
  };
  return {
    search: (text) => {
      hits = [
        ...adapter.findNodes(text, opening.undrawn()),
        ...findAnnotatedEdges(cy, store.getState().edgesById.values(), text),
      ];
      hitIndex = -1;
      cy.batch(() => {
        cy.elements('.search-hit').removeClass('search-hit');
        for (const id of hits) {
          cy.getElementById(id).addClass('search-hit');
        }
        collections.markHits(hits);
      });
      return searchStep(1);
    },
    searchStep,
  };
}
