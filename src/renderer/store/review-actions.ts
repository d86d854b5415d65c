/**
 * The investigator's decisions on candidate matches (docs/resolution.md, "Reviewing matches in
 * the app"). The graph changes arrive as deltas like any other write; an accept also starts the
 * run that applies the record and brings the family, followed in the progress panel.
 */
import type { StoreApi } from 'zustand/vanilla';
import { invoke } from '../api';
import type { AppState } from './app-store';

/** Accepts a candidate; returns an error message for the panel, or undefined. */
export async function acceptCandidate(
  store: StoreApi<AppState>,
  edgeId: string,
): Promise<string | undefined> {
  const active = store.getState().activeCase;
  if (active === undefined) {
    return 'Open a case first.';
  }
  const result = await invoke('review:accept', { caseId: active.id, edgeId });
  if (!result.ok) {
    return result.error.message;
  }
  store.getState().updateProgress(result.value.progress);
  store.getState().setCurrentSession(result.value.sessionId);
  return undefined;
}

/** Rejects a candidate; returns an error message for the panel, or undefined. */
export async function rejectCandidate(
  store: StoreApi<AppState>,
  edgeId: string,
): Promise<string | undefined> {
  const active = store.getState().activeCase;
  if (active === undefined) {
    return 'Open a case first.';
  }
  const result = await invoke('review:reject', { caseId: active.id, edgeId });
  return result.ok ? undefined : result.error.message;
}
