/** UI actions: call the host through api.ts and write the results into the store. */
import type { StoreApi } from 'zustand/vanilla';
import type {
  EditableSettings,
  ExportFormat,
  NodePositions,
  OpenedCase,
  SeedInput,
  TeamCaseConnection,
} from '../../shared/ipc/contract';
import type { AppError } from '../../shared/ipc/result';
import type { EntityId } from '../../shared/model/asset';
import { invoke } from '../api';
import { indexSnapshotInSlices } from './graph-index';
import type { AppState } from './app-store';
import { appDeps, recordHistory } from './history-store';
import { runSeedsOf } from './seed-results';
import { inNextTask } from '../next-task';

function report(store: StoreApi<AppState>, message: string): void {
  store.getState().setNotice({ kind: 'error', text: message });
}

export async function refreshCases(store: StoreApi<AppState>): Promise<void> {
  const result = await invoke('cases:list', {});
  if (result.ok) {
    store.getState().setCases(result.value);
    const active = store.getState().activeCase;
    const updated = active === undefined ? undefined : result.value.find((item) => item.id === active.id);
    if (updated !== undefined) {
      store.getState().setActiveCase(updated);
    }
  } else {
    report(store, result.error.message);
  }
}

export async function createCase(store: StoreApi<AppState>, name: string): Promise<string | undefined> {
  const result = await invoke('cases:create', { name });
  if (!result.ok) {
    return result.error.message;
  }
  await openCase(store, result.value.id);
  return undefined;
}

export async function openCase(store: StoreApi<AppState>, caseId: string): Promise<void> {
  const result = await invoke('cases:open', { caseId });
  if (!result.ok) {
    report(store, result.error.message);
    return;
  }
  await showOpenedCase(store, result.value);
}

export function closeCase(store: StoreApi<AppState>): void {
  showing += 1;
  store.getState().clearGraph();
  store.getState().setActiveCase(undefined);
  void refreshCases(store);
}

export async function renameCase(
  store: StoreApi<AppState>,
  caseId: string,
  name: string,
): Promise<string | undefined> {
  const result = await invoke('cases:rename', { caseId, name });
  if (!result.ok) {
    return result.error.message;
  }
  await refreshCases(store);
  return undefined;
}

/**
 * "Open case file...": `path` typed in the web host's form, or nothing for the desktop app's own
 * dialog. Answers an error message for the form, or undefined (opened, or the dialog cancelled).
 */
export async function openCaseFile(store: StoreApi<AppState>, path?: string): Promise<string | undefined> {
  const result = await invoke('cases:open-file', path === undefined ? {} : { path });
  if (!result.ok) {
    return result.error.message;
  }
  if (result.value !== null) {
    await showOpenedCase(store, result.value);
  }
  return undefined;
}

/**
 * "Save a copy as...": with a name (and a folder; empty for the cases folder) from the web host's
 * form, or through the desktop app's save dialog. Answers an error message for the form, or
 * undefined; the copy is listed as its own case and a notice says where it went.
 */
export async function saveCaseCopyAs(
  store: StoreApi<AppState>,
  caseId: string,
  place?: { name: string; folder: string },
): Promise<string | undefined> {
  const request =
    place === undefined
      ? { caseId }
      : { caseId, name: place.name, ...(place.folder.trim() === '' ? {} : { folder: place.folder }) };
  const result = await invoke('cases:save-copy-as', request);
  if (!result.ok) {
    return result.error.message;
  }
  if (result.value !== null) {
    const where = result.value.file === undefined ? 'in the cases folder' : `at ${result.value.file}`;
    store.getState().setNotice({ kind: 'info', text: `Saved a copy as “${result.value.name}” ${where}.` });
  }
  await refreshCases(store);
  return undefined;
}

export async function deleteCase(store: StoreApi<AppState>, caseId: string): Promise<void> {
  const result = await invoke('cases:delete', { caseId });
  if (!result.ok) {
    report(store, result.error.message);
  }
  await refreshCases(store);
}

export async function refetchSnapshot(store: StoreApi<AppState>): Promise<void> {
  const active = store.getState().activeCase;
  if (active === undefined) {
    return;
  }
  const result = await invoke('graph:get-snapshot', { caseId: active.id });
  if (result.ok && store.getState().activeCase?.id === active.id) {
    // Keep the layout: the canvas keeps drawn nodes where they are.
    store.getState().resetFromSnapshot(result.value, {});
  }
}

/** Starts a session; returns an error message for the form, or undefined. */
export async function startSession(
  store: StoreApi<AppState>,
  seeds: SeedInput[],
  depth: number,
): Promise<string | undefined> {
  const active = store.getState().activeCase;
  if (active === undefined) {
    return 'Open a case first.';
  }
  const result = await invoke('session:start', { caseId: active.id, seeds, depth });
  if (!result.ok) {
    return result.error.message;
  }
  store.getState().setSessionSeeds(result.value.sessionId, runSeedsOf(seeds));
  const sessionId = result.value.sessionId;
  recordHistory(
    { kind: 'run', sessionId, seeds: seeds.map((seed) => seed.value), expansion: false },
    {
      ...appDeps,
      app: store,
    },
  );
  store.getState().updateProgress(result.value.progress);
  store.getState().setCurrentSession(result.value.sessionId);
  return undefined;
}

export async function controlSession(
  store: StoreApi<AppState>,
  action: 'pause' | 'resume' | 'cancel',
): Promise<void> {
  const sessionId = store.getState().currentSessionId;
  if (sessionId === undefined) {
    return;
  }
  const channel =
    action === 'pause' ? 'session:pause' : action === 'resume' ? 'session:resume' : 'session:cancel';
  const result = await invoke(channel, { sessionId });
  if (result.ok) {
    store.getState().updateProgress(result.value);
  } else {
    report(store, result.error.message);
  }
}

export async function expandNode(
  store: StoreApi<AppState>,
  entityId: EntityId,
  refresh: boolean,
): Promise<void> {
  const active = store.getState().activeCase;
  if (active === undefined) {
    return;
  }
  const result = await invoke('graph:expand-node', { caseId: active.id, entityId, refresh });
  if (result.ok) {
    const sessionId = result.value.sessionId;
    recordHistory({ kind: 'run', sessionId, seeds: [entityId], expansion: true }, { ...appDeps, app: store });
    store.getState().updateProgress(result.value.progress);
    store.getState().setCurrentSession(result.value.sessionId);
  } else {
    report(store, result.error.message);
  }
}

/** Runs one handler alone on one node (the context menu); `refresh` ignores its TTL. */
export async function runHandlerOn(
  store: StoreApi<AppState>,
  entityId: EntityId,
  handler: string,
  refresh: boolean,
): Promise<void> {
  const active = store.getState().activeCase;
  if (active === undefined) {
    return;
  }
  const result = await invoke('entity:run-handler', { caseId: active.id, entityId, handler, refresh });
  if (result.ok) {
    store.getState().updateProgress(result.value.progress);
    store.getState().setCurrentSession(result.value.sessionId);
  } else {
    report(store, result.error.message);
  }
}

export async function savePositions(store: StoreApi<AppState>, positions: NodePositions): Promise<void> {
  const active = store.getState().activeCase;
  if (active === undefined || Object.keys(positions).length === 0) {
    return;
  }
  const result = await invoke('graph:save-positions', { caseId: active.id, positions });
  if (!result.ok) {
    report(store, `Could not save the layout: ${result.error.message}`);
  }
}

export async function loadSettings(store: StoreApi<AppState>): Promise<void> {
  const [credentials, settings] = await Promise.all([
    invoke('credentials:get-status', {}),
    invoke('settings:get', {}),
  ]);
  if (credentials.ok) {
    store.getState().setCredentials(credentials.value);
  }
  if (settings.ok) {
    store.getState().setSettings(settings.value);
  }
}

export async function setCredential(
  store: StoreApi<AppState>,
  source: string,
  secret: string,
  scope: 'keychain' | 'this-run',
): Promise<string | undefined> {
  const result = await invoke('credentials:set', { source, secret, scope });
  if (!result.ok) {
    return result.error.message;
  }
  store.getState().setCredentials(result.value);
  return undefined;
}

export async function deleteCredential(
  store: StoreApi<AppState>,
  source: string,
): Promise<string | undefined> {
  const result = await invoke('credentials:delete', { source });
  if (!result.ok) {
    return result.error.message;
  }
  store.getState().setCredentials(result.value);
  return undefined;
}

export async function saveSettings(
  store: StoreApi<AppState>,
  values: EditableSettings,
): Promise<string | undefined> {
  const result = await invoke('settings:set', { values });
  if (!result.ok) {
    return result.error.message;
  }
  store.getState().setSettings(result.value);
  return undefined;
}

/** Asks the host for the export and hands the files to the browser as downloads. */
export async function exportGraph(store: StoreApi<AppState>, format: ExportFormat): Promise<void> {
  const active = store.getState().activeCase;
  if (active === undefined) {
    return;
  }
  const result = await invoke('export:graph', { caseId: active.id, format });
  if (!result.ok) {
    report(store, result.error.message);
    return;
  }
  for (const file of result.value.files) {
    downloadBlob(new Blob([file.content], { type: file.mimeType }), file.name);
  }
}

export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Cases above this many entities have their graph maps built ahead, a slice per task. */
const INDEX_AHEAD_ABOVE = 2_000;
/** Work per slice of that build, in milliseconds. */
const INDEX_SLICE_MS = 40;
/** Bumped by every case shown or closed: a case whose maps were still being built is then dropped. */
let showing = 0;

/** Shows an opened case (file or team case) in the workspace. */
async function showOpenedCase(store: StoreApi<AppState>, opened: OpenedCase): Promise<void> {
  showing += 1;
  const mine = showing;
  const indexed =
    opened.snapshot.entities.length > INDEX_AHEAD_ABOVE
      ? await indexSnapshotInSlices(opened.snapshot, {
          schedule: inNextTask,
          now: () => performance.now(),
          budgetMs: INDEX_SLICE_MS,
        })
      : undefined;
  if (mine !== showing) {
    return; // another case was shown (or this one closed) meanwhile
  }
  const state = store.getState();
  state.clearGraph();
  state.setActiveCase(opened.summary);
  state.resetFromSnapshot(opened.snapshot, opened.positions, indexed);
  for (const progress of opened.sessions) {
    state.updateProgress(progress);
    state.setCurrentSession(progress.sessionId);
  }
}

export async function refreshTeamCases(store: StoreApi<AppState>): Promise<void> {
  const result = await invoke('team-cases:recent', {});
  if (result.ok) {
    store.getState().setRecentTeamCases(result.value);
  } else {
    report(store, result.error.message);
  }
}

/**
 * Opens a team case from the form or the recent list. Returns the failure for the form to show
 * (its code says whether to ask for the password), or undefined once the case is open.
 */
export async function openTeamCase(
  store: StoreApi<AppState>,
  connection: TeamCaseConnection,
  password?: { value: string; remember: 'keychain' | 'this-run' },
): Promise<AppError | undefined> {
  const result = await invoke(
    'team-cases:open',
    password === undefined || password.value === ''
      ? { connection }
      : { connection, password: password.value, remember: password.remember },
  );
  if (!result.ok) {
    return result.error;
  }
  await showOpenedCase(store, result.value);
  const { summary, created, notice } = result.value;
  const said = [
    created ? `Created the team case “${summary.name}” in ${connection.database} on ${connection.host}.` : '',
    notice ?? '',
  ].filter((text) => text !== '');
  if (said.length > 0) {
    store.getState().setNotice({ kind: 'info', text: said.join(' ') });
  }
  void refreshTeamCases(store);
  return undefined;
}

export async function forgetTeamCase(store: StoreApi<AppState>, caseId: string): Promise<void> {
  const result = await invoke('team-cases:forget', { caseId });
  if (result.ok) {
    store.getState().setRecentTeamCases(result.value);
  } else {
    report(store, result.error.message);
  }
}
