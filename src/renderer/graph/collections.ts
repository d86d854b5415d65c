/**
 * Collections, as in Maltego: the same-type leaves of one node fold into one collection node
 * ("12 Identifiers") once there are more than a threshold of them, so a bank's family is readable.
 * Pure bookkeeping over the drawn graph (no Cytoscape): the canvas tells it which nodes and edges
 * it drew or removed, and takes the resulting changes (leaves to hide, leaves to show again,
 * collection nodes to add, update or remove) once per batch.
 *
 * A leaf is a drawn node whose only drawn neighbour is its parent (any number of edges to it).
 * Every index is per node or per (parent, type) group, so a delta costs O(its size): a group is
 * walked whole only when it starts or stops folding. See docs/ui.md, "Collections".
 */
import type { AssetType, EntityId } from '../../shared/model/asset';

/** Collection node ids; entity ids start with their (capitalised) asset type, so they never clash. */
const COLLECTION_PREFIX = 'collection:';

export function collectionIdOf(parent: EntityId, type: AssetType): string {
  return `${COLLECTION_PREFIX}${type}|${parent}`;
}

export function isCollectionId(id: string): boolean {
  return id.startsWith(COLLECTION_PREFIX);
}

/** The settings default: more than 8 same-type leaves of one node fold. */
export const DEFAULT_FOLD_ABOVE = 8;

/**
 * Types that fold from a lower count than the setting: a node's identifiers (LEI, BIC, S&P and
 * OpenCorporates ids, legal names) are read as one list, so two of them already fold.
 */
export const FOLD_FROM: Partial<Record<AssetType, number>> = { Identifier: 2 };

/** The smallest group of this type that folds, for "fold more than `foldAbove`". */
export function foldsFrom(type: AssetType, foldAbove: number): number {
  const byType = FOLD_FROM[type];
  return byType === undefined ? foldAbove + 1 : Math.min(byType, foldAbove + 1);
}

/** What the canvas draws for one folded group. */
export interface CollectionSummary {
  id: string;
  parent: EntityId;
  type: AssetType;
  count: number;
  /** The relations of the parent's edges to the members, most frequent first. */
  relations: string[];
  /** Source names of those edges (for the source filter), sorted. */
  sources: string[];
  /** True when most member edges point from the member to the parent (edge drawn the same way). */
  towardParent: boolean;
}

/** The changes since the last `take()`, to apply to the canvas in one batch. */
export interface FoldChanges {
  /** Leaves to hide, with the collection that now stands for them. */
  folded: Map<EntityId, string>;
  /** Leaves to draw again (their collection was expanded or dissolved, or they gained a neighbour). */
  unfolded: EntityId[];
  /** Collections to draw, created or changed (count, relations). */
  upserted: CollectionSummary[];
  /** Collections to remove from the canvas. */
  removed: string[];
}

interface Link {
  relation: string;
  sources: readonly string[];
  /** The edge points from this node to the neighbour. */
  outgoing: boolean;
}

interface DrawnNode {
  type: AssetType;
  /** Neighbour id -> the edges to it, by edge id. */
  links: Map<EntityId, Map<string, Link>>;
}

interface Group {
  id: string;
  parent: EntityId;
  type: AssetType;
  leaves: Set<EntityId>;
  relations: Map<string, number>;
  sources: Map<string, number>;
  /** Member edges pointing at the parent. */
  towardParent: number;
  edgeCount: number;
  /** The user expanded it: its leaves are drawn even above the threshold. */
  expanded: boolean;
  folded: boolean;
  /** Leaves that joined or left since the last take (all leaves when `folded` changes). */
  touched: Set<EntityId>;
}

export interface Collections {
  addNode(id: EntityId, type: AssetType): void;
  addEdge(edge: {
    id: string;
    from: EntityId;
    to: EntityId;
    relation: string;
    sources: readonly string[];
  }): void;
  removeNode(id: EntityId): void;
  /** Forgets everything (a snapshot redraw); expanded groups stay expanded. */
  clear(): void;
  setFoldAbove(foldAbove: number): void;
  /** Draws the members of a collection; new leaves of that group are drawn too, until collapse. */
  expand(collectionId: string): void;
  /** Folds an expanded group again (when it is still large enough). */
  collapse(collectionId: string): void;
  /** The drawn collection an entity is folded into, if any. */
  foldedInto(id: EntityId): string | undefined;
  /** The expanded group whose member this entity is (offered as "Collapse"), if any. */
  expandedGroupOf(id: EntityId): string | undefined;
  collection(collectionId: string): CollectionSummary | undefined;
  /** The members of a group (folded or expanded), in arrival order. */
  members(collectionId: string): EntityId[];
  /** Leaves folded now (hidden from the canvas). */
  foldedCount(): number;
  take(): FoldChanges;
}

function count(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) {
    counts.delete(key);
  } else {
    counts.set(key, next);
  }
}

function byFrequency(counts: ReadonlyMap<string, number>): string[] {
  return [...counts.entries()]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([key]) => key);
}

/** The bookkeeping behind `createCollections`; the steps below read and update it. */
interface FoldIndex {
  foldAbove: number;
  nodes: Map<EntityId, DrawnNode>;
  edgeIds: Set<string>;
  groups: Map<string, Group>;
  /** The group each leaf is in (its parent's group of its type). */
  groupOfLeaf: Map<EntityId, Group>;
  /** Group ids per parent, to drop them when the parent goes. */
  groupsOfParent: Map<EntityId, Set<string>>;
  /** Leaf -> collection, as last handed to the canvas. */
  foldedIn: Map<EntityId, string>;
  /** Collections the canvas draws. */
  drawn: Set<string>;
  /** Groups changed since the last take. */
  dirty: Set<Group>;
  /** Expanded state outlives a snapshot redraw (the user's choice, not the graph's). */
  expanded: Set<string>;
}

export function createCollections(initialFoldAbove = DEFAULT_FOLD_ABOVE): Collections {
  const index: FoldIndex = {
    foldAbove: initialFoldAbove,
    nodes: new Map(),
    edgeIds: new Set(),
    groups: new Map(),
    groupOfLeaf: new Map(),
    groupsOfParent: new Map(),
    foldedIn: new Map(),
    drawn: new Set(),
    dirty: new Set(),
    expanded: new Set(),
  };
  const { nodes, groups, groupOfLeaf, foldedIn, dirty, expanded } = index;
  return {
    addNode(id, type) {
      if (!nodes.has(id)) {
        nodes.set(id, { type, links: new Map() });
      }
    },
    addEdge: (edge) => addEdge(index, edge),
    removeNode: (id) => removeNode(index, id),
    clear() {
      nodes.clear();
      index.edgeIds.clear();
      groups.clear();
      groupOfLeaf.clear();
      index.groupsOfParent.clear();
      foldedIn.clear();
      index.drawn.clear();
      dirty.clear();
    },
    setFoldAbove(next) {
      if (next === index.foldAbove) {
        return;
      }
      index.foldAbove = next;
      for (const group of groups.values()) {
        dirty.add(group);
      }
    },
    expand(collectionId) {
      expanded.add(collectionId);
      const group = groups.get(collectionId);
      if (group !== undefined && !group.expanded) {
        group.expanded = true;
        dirty.add(group);
      }
    },
    collapse(collectionId) {
      expanded.delete(collectionId);
      const group = groups.get(collectionId);
      if (group !== undefined && group.expanded) {
        group.expanded = false;
        dirty.add(group);
      }
    },
    foldedInto: (id) => foldedIn.get(id),
    expandedGroupOf(id) {
      const group = groupOfLeaf.get(id);
      return group?.expanded === true && group.leaves.size >= foldsFrom(group.type, index.foldAbove)
        ? group.id
        : undefined;
    },
    collection(collectionId) {
      const group = groups.get(collectionId);
      return group?.folded === true ? summary(group) : undefined;
    },
    members: (collectionId) => [...(groups.get(collectionId)?.leaves ?? [])],
    foldedCount: () => foldedIn.size,
    take: () => takeChanges(index),
  };
}

function groupFor(index: FoldIndex, parent: EntityId, type: AssetType): Group {
  const id = collectionIdOf(parent, type);
  let group = index.groups.get(id);
  if (group === undefined) {
    group = {
      id,
      parent,
      type,
      leaves: new Set(),
      relations: new Map(),
      sources: new Map(),
      towardParent: 0,
      edgeCount: 0,
      expanded: index.expanded.has(id),
      folded: false,
      touched: new Set(),
    };
    index.groups.set(id, group);
    let ids = index.groupsOfParent.get(parent);
    if (ids === undefined) {
      ids = new Set();
      index.groupsOfParent.set(parent, ids);
    }
    ids.add(id);
  }
  return group;
}

/** Adds (+1) or takes away (-1) a leaf's edges from its group's relation and source counts. */
function countLinks(group: Group, links: ReadonlyMap<string, Link>, by: 1 | -1): void {
  for (const link of links.values()) {
    count(group.relations, link.relation, by);
    for (const source of new Set(link.sources)) {
      count(group.sources, source, by);
    }
    group.towardParent += link.outgoing ? by : 0;
    group.edgeCount += by;
  }
}

/** Takes a node out of the group it is a leaf of, if any. */
function leaveGroup(index: FoldIndex, id: EntityId): void {
  const group = index.groupOfLeaf.get(id);
  if (group === undefined) {
    return;
  }
  index.groupOfLeaf.delete(id);
  group.leaves.delete(id);
  const links = index.nodes.get(id)?.links.get(group.parent);
  if (links !== undefined) {
    countLinks(group, links, -1);
  }
  group.touched.add(id);
  index.dirty.add(group);
}

/** Puts a node in the group its current links say (or none), leaving its old group. */
function refile(index: FoldIndex, id: EntityId): void {
  const node = index.nodes.get(id);
  leaveGroup(index, id);
  if (node === undefined || node.links.size !== 1) {
    return;
  }
  const [only] = node.links;
  if (only === undefined) {
    return;
  }
  const [parent, links] = only;
  const group = groupFor(index, parent, node.type);
  group.leaves.add(id);
  countLinks(group, links, 1);
  index.groupOfLeaf.set(id, group);
  group.touched.add(id);
  index.dirty.add(group);
}

function linkNodes(index: FoldIndex, from: EntityId, to: EntityId, edgeId: string, value: Link): void {
  const node = index.nodes.get(from);
  if (node === undefined) {
    return;
  }
  let edges = node.links.get(to);
  if (edges === undefined) {
    edges = new Map();
    node.links.set(to, edges);
  }
  edges.set(edgeId, value);
}

function addEdge(index: FoldIndex, edge: Parameters<Collections['addEdge']>[0]): void {
  const { id, from, to, relation, sources } = edge;
  if (index.edgeIds.has(id) || from === to || !index.nodes.has(from) || !index.nodes.has(to)) {
    return;
  }
  index.edgeIds.add(id);
  // Leave first, so the old group's counts drop the links as they were when the node joined it.
  leaveGroup(index, from);
  leaveGroup(index, to);
  linkNodes(index, from, to, id, { relation, sources, outgoing: true });
  linkNodes(index, to, from, id, { relation, sources, outgoing: false });
  refile(index, from);
  refile(index, to);
}

function removeNode(index: FoldIndex, id: EntityId): void {
  const node = index.nodes.get(id);
  if (node === undefined) {
    return;
  }
  leaveGroup(index, id);
  for (const [neighbour, links] of node.links) {
    for (const edgeId of links.keys()) {
      index.edgeIds.delete(edgeId);
    }
    leaveGroup(index, neighbour);
    index.nodes.get(neighbour)?.links.delete(id);
    refile(index, neighbour);
  }
  index.nodes.delete(id);
  for (const groupId of index.groupsOfParent.get(id) ?? []) {
    const group = index.groups.get(groupId);
    if (group !== undefined) {
      // Its leaves were re-filed above (they have no neighbour left); it only dissolves now.
      index.dirty.add(group);
    }
  }
}

function summary(group: Group): CollectionSummary {
  return {
    id: group.id,
    parent: group.parent,
    type: group.type,
    count: group.leaves.size,
    relations: byFrequency(group.relations),
    sources: [...group.sources.keys()].sort(),
    towardParent: group.towardParent * 2 > group.edgeCount,
  };
}

/**
 * Every changed group's new folded state; returns the leaves to decide again (all of a group's
 * leaves when it starts or stops folding, else the ones that joined or left it).
 */
function settleGroups(index: FoldIndex): Set<EntityId> {
  const candidates = new Set<EntityId>();
  for (const group of index.dirty) {
    const folds =
      index.nodes.has(group.parent) &&
      !group.expanded &&
      group.leaves.size >= foldsFrom(group.type, index.foldAbove);
    const members = folds !== group.folded ? group.leaves : group.touched;
    group.folded = folds;
    for (const id of members) {
      candidates.add(id);
    }
    for (const id of group.touched) {
      candidates.add(id);
    }
    group.touched.clear();
  }
  return candidates;
}

/** Each leaf against its current group: folded into it, or drawn again. */
function decideLeaves(index: FoldIndex, candidates: Iterable<EntityId>, changes: FoldChanges): void {
  const { nodes, groupOfLeaf, foldedIn } = index;
  for (const id of candidates) {
    const group = groupOfLeaf.get(id);
    const into = nodes.has(id) && group?.folded === true ? group.id : undefined;
    const before = foldedIn.get(id);
    if (into === before) {
      continue;
    }
    if (into === undefined) {
      foldedIn.delete(id);
      if (nodes.has(id)) {
        changes.unfolded.push(id);
      }
    } else {
      foldedIn.set(id, into);
      changes.folded.set(id, into);
    }
  }
}

function takeChanges(index: FoldIndex): FoldChanges {
  const changes: FoldChanges = { folded: new Map(), unfolded: [], upserted: [], removed: [] };
  // First every touched group's new state, then each touched leaf against its current group:
  // a leaf that moved between two groups in one batch is decided once, by where it is now.
  decideLeaves(index, settleGroups(index), changes);
  for (const group of index.dirty) {
    if (group.folded) {
      index.drawn.add(group.id);
      changes.upserted.push(summary(group));
    } else if (index.drawn.delete(group.id)) {
      changes.removed.push(group.id);
    }
    if (!group.folded && group.leaves.size === 0) {
      index.groups.delete(group.id);
      index.groupsOfParent.get(group.parent)?.delete(group.id);
    }
  }
  index.dirty.clear();
  return changes;
}

const PLURALS: Partial<Record<AssetType, string>> = {
  Person: 'People',
  Phone: 'Phones',
  IPAddress: 'IP addresses',
  Account: 'Accounts',
  ContactRecord: 'Contacts',
  DomainRecord: 'Domain records',
  IPNetRecord: 'IP network records',
  AutnumRecord: 'AS number records',
  AutonomousSystem: 'Autonomous systems',
  FundsTransfer: 'Funds transfers',
};

/** "12 Identifiers": what a collection node says. */
export function collectionLabel(type: AssetType, memberCount: number): string {
  return `${memberCount} ${PLURALS[type] ?? `${type}s`}`;
}

/** "has identifier ×12" (or two relations joined): what the edge to a collection says. */
export function collectionEdgeLabel(summary: Pick<CollectionSummary, 'relations' | 'count'>): string {
  return `${summary.relations.join(', ')} ×${summary.count}`;
}
