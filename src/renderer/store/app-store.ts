/**
 * The renderer's one store: a vanilla zustand store built from slices (cases, graph, session,
 * selection, ui, settings), bound for React by useAppStore. Writes only through slice actions.
 */
import { useStore } from 'zustand';
import type { StateCreator, StoreApi } from 'zustand/vanilla';
import { createStore } from 'zustand/vanilla';
import type {
  CaseSummary,
  CredentialsStatus,
  GraphDeltaEvent,
  NodePositions,
  RecentTeamCase,
  SettingsView,
  TeamConnectionState,
} from '../../shared/ipc/contract';
import type { AssetType, EntityId } from '../../shared/model/asset';
import type { Edge, Entity, GraphDelta, GraphSnapshot } from '../../shared/model/graph';
import type { SessionProgress } from '../../shared/model/session';
import type { RunSeed } from './seed-results';
import type { GraphIndex } from './graph-index';
import { createGraphIndex, indexSnapshot, putEdge, putEntity, removeEntity } from './graph-index';

export interface CasesSlice {
  cases: CaseSummary[];
  activeCase: CaseSummary | undefined;
  /** Team cases opened before, newest first (connection details only). */
  recentTeamCases: RecentTeamCase[];
  setCases(cases: CaseSummary[]): void;
  setActiveCase(summary: CaseSummary | undefined): void;
  setRecentTeamCases(cases: RecentTeamCase[]): void;
  /** A team case's connection changed: the open case's banner follows it. */
  setTeamConnection(caseId: string, state: TeamConnectionState): void;
}

/** What applyGraphDelta did: a gap means the caller must fetch a snapshot. */
export type DeltaOutcome = 'applied' | 'stale' | 'gap' | 'other-case';

/**
 * The graph's maps are mutated in place (a delta costs O(its size), never a copy of the graph);
 * graphVersion is bumped on every change, so subscribers compare the version, not the maps.
 */
export interface GraphSlice {
  entitiesById: ReadonlyMap<EntityId, Entity>;
  edgesById: ReadonlyMap<string, Edge>;
  /** Ids of the edges touching each entity (either direction). */
  edgeIdsByEntity: ReadonlyMap<EntityId, ReadonlySet<string>>;
  /** Entities per asset type, and edges per source name. */
  typeCounts: ReadonlyMap<AssetType, number>;
  sourceCounts: ReadonlyMap<string, number>;
  /** Bumped on every change to the graph (snapshot, delta, clear). */
  graphVersion: number;
  lastSeq: number;
  /** Bumped by resetFromSnapshot: the canvas redraws everything. */
  snapshotVersion: number;
  /** Positions the case was opened with. */
  savedPositions: NodePositions;
  /** Deltas the canvas has not drawn yet (drained with takePendingDeltas). */
  pendingDeltas: GraphDelta[];
  /**
   * Shows a snapshot; `indexed`: its maps built ahead (graph-index.ts, `indexSnapshotInSlices`),
   * else built here.
   */
  resetFromSnapshot(snapshot: GraphSnapshot, positions: NodePositions, indexed?: GraphIndex): void;
  applyGraphDelta(event: GraphDeltaEvent): DeltaOutcome;
  takePendingDeltas(): GraphDelta[];
  clearGraph(): void;
}

export interface SessionSlice {
  sessions: Record<string, SessionProgress>;
  currentSessionId: string | undefined;
  /** The seeds each run of this window started from (to say "No results for <seed>"). */
  seedsBySession: Readonly<Record<string, readonly RunSeed[]>>;
  updateProgress(progress: SessionProgress): void;
  setSessionSeeds(sessionId: string, seeds: readonly RunSeed[]): void;
  setCurrentSession(sessionId: string | undefined): void;
}

export interface SelectionSlice {
  selectedId: EntityId | undefined;
  /** An edge selected on the canvas (the details panel shows it); never both a node and an edge. */
  selectedEdgeId: string | undefined;
  /** A collection node selected on the canvas (the details panel lists its members). */
  selectedCollectionId: string | undefined;
  selectEntity(id: EntityId | undefined): void;
  selectEdge(id: string | undefined): void;
  selectCollection(id: string | undefined): void;
}

export interface UiSlice {
  hiddenTypes: ReadonlySet<AssetType>;
  hiddenSources: ReadonlySet<string>;
  hiddenIds: ReadonlySet<EntityId>;
  searchText: string;
  /** When the user last retried each node's lookups (older failures of it are no longer shown). */
  retriedAt: Readonly<Record<EntityId, string>>;
  settingsOpen: boolean;
  /** The timeline's range (docs/timeline.md): only these entities are shown; undefined: all. */
  timeRange: { label: string; ids: ReadonlySet<EntityId> } | undefined;
  /**
   * The one notice shown; `caseId` is the case open when it was raised (absent: none), so a
   * notice belongs to its case and is not shown in another.
   */
  notice: { kind: 'error' | 'info'; text: string; caseId?: string } | undefined;
  toggleType(type: AssetType): void;
  toggleSource(source: string): void;
  hideEntity(id: EntityId): void;
  /** Shows hidden nodes again (undo of a hide). */
  showEntities(ids: readonly EntityId[]): void;
  /** Replaces the hidden ids, types and sources at once (e.g. to show a node's hidden neighbours). */
  setFilters(filters: Pick<UiSlice, 'hiddenIds' | 'hiddenTypes' | 'hiddenSources'>): void;
  showAll(): void;
  setSearchText(text: string): void;
  markRetried(id: EntityId, at: string): void;
  setSettingsOpen(open: boolean): void;
  setTimeRange(range: UiSlice['timeRange']): void;
  setNotice(notice: UiSlice['notice']): void;
}

export interface SettingsSlice {
  credentials: CredentialsStatus | undefined;
  settings: SettingsView | undefined;
  setCredentials(status: CredentialsStatus): void;
  setSettings(view: SettingsView): void;
}

export type AppState = CasesSlice & GraphSlice & SessionSlice & SelectionSlice & UiSlice & SettingsSlice;

type Slice<T> = StateCreator<AppState, [], [], T>;

const createCasesSlice: Slice<CasesSlice> = (set, get) => ({
  cases: [],
  activeCase: undefined,
  recentTeamCases: [],
  setCases: (cases) => set({ cases }),
  setActiveCase: (activeCase) => set({ activeCase }),
  setRecentTeamCases: (recentTeamCases) => set({ recentTeamCases }),
  setTeamConnection: (caseId, connection) => {
    const active = get().activeCase;
    if (active?.id === caseId && active.team !== undefined && active.team.connection !== connection) {
      set({ activeCase: { ...active, team: { ...active.team, connection } } });
    }
  },
});

const createGraphSlice: Slice<GraphSlice> = (set, get) => {
  let index = createGraphIndex();
  return {
    ...index,
    graphVersion: 0,
    lastSeq: 0,
    snapshotVersion: 0,
    savedPositions: {},
    pendingDeltas: [],
    resetFromSnapshot: (snapshot, positions, indexed) => {
      index = indexed ?? indexSnapshot(snapshot);
      set((state) => ({
        ...index,
        graphVersion: state.graphVersion + 1,
        lastSeq: snapshot.seq,
        snapshotVersion: state.snapshotVersion + 1,
        savedPositions: positions,
        pendingDeltas: [],
      }));
    },
    applyGraphDelta: (event) => {
      const state = get();
      if (state.activeCase?.id !== event.caseId) {
        return 'other-case';
      }
      if (event.delta.seq <= state.lastSeq) {
        return 'stale';
      }
      if (event.fromSeq > state.lastSeq + 1) {
        return 'gap';
      }
      for (const entity of event.delta.entities) {
        putEntity(index, entity);
      }
      for (const edge of event.delta.edges) {
        putEdge(index, edge);
      }
      for (const { from } of event.delta.merged) {
        removeEntity(index, from);
      }
      set({
        graphVersion: state.graphVersion + 1,
        lastSeq: event.delta.seq,
        pendingDeltas: [...state.pendingDeltas, event.delta],
      });
      return 'applied';
    },
    takePendingDeltas: () => {
      const pending = get().pendingDeltas;
      if (pending.length > 0) {
        set({ pendingDeltas: [] });
      }
      return pending;
    },
    clearGraph: () => {
      index = createGraphIndex();
      set((state) => ({
        ...index,
        graphVersion: state.graphVersion + 1,
        lastSeq: 0,
        snapshotVersion: state.snapshotVersion + 1,
        savedPositions: {},
        pendingDeltas: [],
        selectedId: undefined,
        selectedEdgeId: undefined,
        selectedCollectionId: undefined,
        sessions: {},
        currentSessionId: undefined,
        hiddenIds: new Set(),
      }));
    },
  };
};

const createSessionSlice: Slice<SessionSlice> = (set) => ({
  sessions: {},
  currentSessionId: undefined,
  seedsBySession: {},
  setSessionSeeds: (sessionId, seeds) =>
    set((state) => ({ seedsBySession: { ...state.seedsBySession, [sessionId]: seeds } })),
  updateProgress: (progress) =>
    set((state) => ({ sessions: { ...state.sessions, [progress.sessionId]: progress } })),
  setCurrentSession: (currentSessionId) => set({ currentSessionId }),
});

const createSelectionSlice: Slice<SelectionSlice> = (set) => ({
  selectedId: undefined,
  selectedEdgeId: undefined,
  selectedCollectionId: undefined,
  selectEntity: (selectedId) =>
    set({ selectedId, selectedEdgeId: undefined, selectedCollectionId: undefined }),
  selectEdge: (selectedEdgeId) =>
    set({ selectedEdgeId, selectedId: undefined, selectedCollectionId: undefined }),
  selectCollection: (selectedCollectionId) =>
    set({ selectedCollectionId, selectedId: undefined, selectedEdgeId: undefined }),
});

function toggled<T>(items: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(items);
  if (!next.delete(item)) {
    next.add(item);
  }
  return next;
}

const createUiSlice: Slice<UiSlice> = (set) => ({
  hiddenTypes: new Set(),
  hiddenSources: new Set(),
  hiddenIds: new Set(),
  searchText: '',
  retriedAt: {},
  settingsOpen: false,
  timeRange: undefined,
  setTimeRange: (timeRange) => set({ timeRange }),
  notice: undefined,
  toggleType: (type) => set((state) => ({ hiddenTypes: toggled(state.hiddenTypes, type) })),
  toggleSource: (source) => set((state) => ({ hiddenSources: toggled(state.hiddenSources, source) })),
  hideEntity: (id) =>
    set((state) => ({
      hiddenIds: new Set([...state.hiddenIds, id]),
      selectedId: state.selectedId === id ? undefined : state.selectedId,
    })),
  showEntities: (ids) =>
    set((state) => {
      const hiddenIds = new Set(state.hiddenIds);
      for (const id of ids) {
        hiddenIds.delete(id);
      }
      return { hiddenIds };
    }),
  setFilters: ({ hiddenIds, hiddenTypes, hiddenSources }) => set({ hiddenIds, hiddenTypes, hiddenSources }),
  showAll: () => set({ hiddenIds: new Set(), hiddenTypes: new Set(), hiddenSources: new Set() }),
  setSearchText: (searchText) => set({ searchText }),
  markRetried: (id, at) => set((state) => ({ retriedAt: { ...state.retriedAt, [id]: at } })),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  setNotice: (notice) =>
    set((state) => {
      const caseId = notice?.caseId ?? state.activeCase?.id;
      return {
        notice: notice === undefined ? undefined : { ...notice, ...(caseId === undefined ? {} : { caseId }) },
      };
    }),
});

const createSettingsSlice: Slice<SettingsSlice> = (set) => ({
  credentials: undefined,
  settings: undefined,
  setCredentials: (credentials) => set({ credentials }),
  setSettings: (settings) => set({ settings }),
});

export function createAppStore(): StoreApi<AppState> {
  return createStore<AppState>()((...args) => ({
    ...createCasesSlice(...args),
    ...createGraphSlice(...args),
    ...createSessionSlice(...args),
    ...createSelectionSlice(...args),
    ...createUiSlice(...args),
    ...createSettingsSlice(...args),
  }));
}

/** The app's store instance (tests build their own with createAppStore). */
export const appStore = createAppStore();

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}
