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
  SettingsView,
} from '../../shared/ipc/contract';
import type { AssetType, EntityId } from '../../shared/model/asset';
import type { Edge, Entity, GraphDelta, GraphSnapshot } from '../../shared/model/graph';
import type { SessionProgress } from '../../shared/model/session';

export interface CasesSlice {
  cases: CaseSummary[];
  activeCase: CaseSummary | undefined;
  setCases(cases: CaseSummary[]): void;
  setActiveCase(summary: CaseSummary | undefined): void;
}

/** What applyGraphDelta did: a gap means the caller must fetch a snapshot. */
export type DeltaOutcome = 'applied' | 'stale' | 'gap' | 'other-case';

export interface GraphSlice {
  entitiesById: ReadonlyMap<EntityId, Entity>;
  edgesById: ReadonlyMap<string, Edge>;
  lastSeq: number;
  /** Bumped by resetFromSnapshot: the canvas redraws everything. */
  snapshotVersion: number;
  /** Positions the case was opened with. */
  savedPositions: NodePositions;
  /** Deltas the canvas has not drawn yet (drained with takePendingDeltas). */
  pendingDeltas: GraphDelta[];
  resetFromSnapshot(snapshot: GraphSnapshot, positions: NodePositions): void;
  applyGraphDelta(event: GraphDeltaEvent): DeltaOutcome;
  takePendingDeltas(): GraphDelta[];
  clearGraph(): void;
}

export interface SessionSlice {
  sessions: Record<string, SessionProgress>;
  currentSessionId: string | undefined;
  updateProgress(progress: SessionProgress): void;
  setCurrentSession(sessionId: string | undefined): void;
}

export interface SelectionSlice {
  selectedId: EntityId | undefined;
  selectEntity(id: EntityId | undefined): void;
}

export interface UiSlice {
  hiddenTypes: ReadonlySet<AssetType>;
  hiddenSources: ReadonlySet<string>;
  hiddenIds: ReadonlySet<EntityId>;
  searchText: string;
  settingsOpen: boolean;
  notice: { kind: 'error' | 'info'; text: string } | undefined;
  toggleType(type: AssetType): void;
  toggleSource(source: string): void;
  hideEntity(id: EntityId): void;
  showAll(): void;
  setSearchText(text: string): void;
  setSettingsOpen(open: boolean): void;
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

const createCasesSlice: Slice<CasesSlice> = (set) => ({
  cases: [],
  activeCase: undefined,
  setCases: (cases) => set({ cases }),
  setActiveCase: (activeCase) => set({ activeCase }),
});

const createGraphSlice: Slice<GraphSlice> = (set, get) => ({
  entitiesById: new Map(),
  edgesById: new Map(),
  lastSeq: 0,
  snapshotVersion: 0,
  savedPositions: {},
  pendingDeltas: [],
  resetFromSnapshot: (snapshot, positions) =>
    set((state) => ({
      entitiesById: new Map(snapshot.entities.map((entity) => [entity.id, entity])),
      edgesById: new Map(snapshot.edges.map((edge) => [edge.id, edge])),
      lastSeq: snapshot.seq,
      snapshotVersion: state.snapshotVersion + 1,
      savedPositions: positions,
      pendingDeltas: [],
    })),
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
    const entitiesById = new Map(state.entitiesById);
    const edgesById = new Map(state.edgesById);
    for (const entity of event.delta.entities) {
      entitiesById.set(entity.id, entity);
    }
    for (const edge of event.delta.edges) {
      edgesById.set(edge.id, edge);
    }
    for (const { from } of event.delta.merged) {
      entitiesById.delete(from);
      for (const [id, edge] of edgesById) {
        if (edge.from === from || edge.to === from) {
          edgesById.delete(id);
        }
      }
    }
    set({
      entitiesById,
      edgesById,
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
  clearGraph: () =>
    set((state) => ({
      entitiesById: new Map(),
      edgesById: new Map(),
      lastSeq: 0,
      snapshotVersion: state.snapshotVersion + 1,
      savedPositions: {},
      pendingDeltas: [],
      selectedId: undefined,
      sessions: {},
      currentSessionId: undefined,
      hiddenIds: new Set(),
    })),
});

const createSessionSlice: Slice<SessionSlice> = (set) => ({
  sessions: {},
  currentSessionId: undefined,
  updateProgress: (progress) =>
    set((state) => ({ sessions: { ...state.sessions, [progress.sessionId]: progress } })),
  setCurrentSession: (currentSessionId) => set({ currentSessionId }),
});

const createSelectionSlice: Slice<SelectionSlice> = (set) => ({
  selectedId: undefined,
  selectEntity: (selectedId) => set({ selectedId }),
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
  settingsOpen: false,
  notice: undefined,
  toggleType: (type) => set((state) => ({ hiddenTypes: toggled(state.hiddenTypes, type) })),
  toggleSource: (source) => set((state) => ({ hiddenSources: toggled(state.hiddenSources, source) })),
  hideEntity: (id) =>
    set((state) => ({
      hiddenIds: new Set([...state.hiddenIds, id]),
      selectedId: state.selectedId === id ? undefined : state.selectedId,
    })),
  showAll: () => set({ hiddenIds: new Set(), hiddenTypes: new Set(), hiddenSources: new Set() }),
  setSearchText: (searchText) => set({ searchText }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  setNotice: (notice) => set({ notice }),
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
