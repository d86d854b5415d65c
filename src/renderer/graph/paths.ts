/**
 * "How are these two connected?" (docs/paths.md): the shortest routes between two entities and the
 * common neighbours of a selection, computed on the drawn graph with Cytoscape.js's own A* search.
 * The graph is undirected here (ownership runs both ways for an investigator's question); an
 * entity hidden by a filter, a rejected candidate and the collection stand-ins are not part of it,
 * entities folded into a collection are (they are drawn again when a route passes through them).
 */
import type { CollectionReturnValue, Core, EdgeSingular } from 'cytoscape';
import type { EntityId } from '../../shared/model/asset';
import { isCollectionId } from './collections';
import { REJECTED_NODE } from './review-look';

/** One hop of a route: the two entities and every edge joining them (parallel relations together). */
export interface PathStep {
  from: EntityId;
  to: EntityId;
  edgeIds: string[];
}

export interface EntityPath {
  nodeIds: EntityId[];
  steps: PathStep[];
}

export const MAX_PATHS = 3;
/** A* runs spent looking for alternative routes (each over the whole graph). */
const MAX_SEARCHES = 24;
export const PATH_CLASS = 'path-hit';

/** The entities and edges a route may use. */
function searchable(cy: Core): CollectionReturnValue {
  const nodes = cy
    .nodes()
    .filter(
      (node) => !isCollectionId(node.id()) && !node.hasClass('filtered') && !node.hasClass(REJECTED_NODE),
    );
  const edges = nodes
    .connectedEdges()
    .filter(
      (edge) => nodes.has(edge.source()) && nodes.has(edge.target()) && edge.data('review') !== 'rejected',
    );
  return nodes.union(edges);
}

function toPath(route: CollectionReturnValue, allowed: CollectionReturnValue): EntityPath {
  // aStar returns the route in order: node, edge, node, ...
  const ordered = route.filter((element) => element.isNode()).map((node) => node.id());
  const steps: PathStep[] = [];
  for (let index = 1; index < ordered.length; index += 1) {
    const from = ordered[index - 1] ?? '';
    const to = ordered[index] ?? '';
    const joining = allowed.getElementById(from).edgesWith(allowed.getElementById(to)).intersection(allowed);
    steps.push({ from, to, edgeIds: joining.map((edge: EdgeSingular) => edge.id()).sort() });
  }
  return { nodeIds: ordered, steps };
}

/**
 * Up to `max` shortest routes from one entity to another with distinct entity sequences, shortest
 * first. The first is A*'s; alternatives come from searching again with one hop of a found route
 * taken away (the edge-removal step of Yen's k-shortest-paths), within a budget of searches.
 */
export function shortestPaths(cy: Core, fromId: EntityId, toId: EntityId, max = MAX_PATHS): EntityPath[] {
  const all = searchable(cy);
  const root = all.getElementById(fromId);
  const goal = all.getElementById(toId);
  if (root.empty() || goal.empty() || fromId === toId) {
    return [];
  }
  const found = new Map<string, EntityPath>();
  const graphs: CollectionReturnValue[] = [all];
  for (let index = 0; index < graphs.length && index < MAX_SEARCHES; index += 1) {
    const graph = graphs[index] ?? all;
    const result = graph.aStar({ root, goal, directed: false });
    if (!result.found) {
      continue;
    }
    const path = toPath(result.path, all);
    const key = path.nodeIds.join('\n');
    if (found.has(key)) {
      continue;
    }
    found.set(key, path);
    for (const step of path.steps) {
      graphs.push(graph.not(graph.getElementById(step.from).edgesWith(graph.getElementById(step.to))));
    }
  }
  return [...found.values()].sort((a, b) => a.steps.length - b.steps.length).slice(0, max);
}

/** The entities linked to every one of `ids` (none for fewer than two), and the edges doing it. */
export function commonNeighbours(
  cy: Core,
  ids: readonly EntityId[],
): { nodeIds: EntityId[]; edgeIds: string[] } {
  const all = searchable(cy);
  const selected = ids.map((id) => all.getElementById(id)).filter((node) => node.nonempty());
  if (selected.length < 2 || selected.length !== ids.length) {
    return { nodeIds: [], edgeIds: [] };
  }
  let common = selected[0]?.neighborhood().nodes().intersection(all) ?? cy.collection();
  for (const node of selected.slice(1)) {
    common = common.intersection(node.neighborhood().nodes());
  }
  const ends = selected.reduce((sum, node) => sum.union(node), cy.collection());
  common = common.not(ends);
  const edges = common.edgesWith(ends).intersection(all);
  return {
    nodeIds: common.map((node) => node.id()).sort(),
    edgeIds: edges.map((edge) => edge.id()).sort(),
  };
}

/** Marks exactly these elements as the highlighted route or neighbourhood (none: clears it). */
export function highlightElements(cy: Core, ids: Iterable<string>): void {
  cy.batch(() => {
    cy.elements(`.${PATH_CLASS}`).removeClass(PATH_CLASS);
    for (const id of ids) {
      cy.getElementById(id).addClass(PATH_CLASS);
    }
  });
}

/** The canvas controller's route actions (the paths panel calls them). */
export interface PathActions {
  /** Highlights and returns the shortest routes between two entities (docs/paths.md). */
  showPaths(fromId: EntityId, toId: EntityId): EntityPath[];
  /** Highlights and returns the common neighbours of the entities and the edges to them. */
  showCommonNeighbours(ids: readonly EntityId[]): { nodeIds: EntityId[]; edgeIds: string[] };
  clearPaths(): void;
}

/**
 * `reveal` draws an entity folded into a collection (true when it did); `publish` receives the
 * highlighted element ids (the canvas writes them to `data-path-elements` for the e2e tests).
 */
export function createPathActions(
  cy: Core,
  reveal: (id: EntityId) => boolean,
  publish: (ids: string[]) => void,
): PathActions {
  const show = (nodeIds: readonly EntityId[], edgeIds: readonly string[]): void => {
    for (const id of nodeIds) {
      reveal(id);
    }
    const ids = [...new Set([...nodeIds, ...edgeIds])];
    highlightElements(cy, ids);
    publish(ids);
    if (ids.length > 0) {
      cy.animate({ fit: { eles: cy.elements(`.${PATH_CLASS}`), padding: 60 } }, { duration: 250 });
    }
  };
  return {
    showPaths: (fromId, toId) => {
      const paths = shortestPaths(cy, fromId, toId);
      show(
        paths.flatMap((path) => path.nodeIds),
        paths.flatMap((path) => path.steps.flatMap((step) => step.edgeIds)),
      );
      return paths;
    },
    showCommonNeighbours: (ids) => {
      const common = commonNeighbours(cy, ids);
      show([...ids, ...common.nodeIds], common.edgeIds);
      return common;
    },
    clearPaths: () => show([], []),
  };
}
