/**
 * The investigator's decisions on candidate matches (docs/resolution.md, "Reviewing matches in
 * the app"). The graph changes arrive as deltas like any other write; an accept also starts the
 * run that applies the record and brings the family, followed in the progress panel. Both are
 * recorded in the action history: Ctrl+Z takes back the run's results first, then the decision.
 */
import type { ReviewCandidate } from '../../shared/model/review';
import type { HistoryDeps } from './history-store';
import { appDeps, recordHistory } from './history-store';

type Decided = Pick<ReviewCandidate, 'edgeId' | 'organizationId'>;

/** Accepts a candidate; returns an error message for the panel, or undefined. */
export async function acceptCandidate(
  candidate: Decided,
  deps: HistoryDeps = appDeps,
): Promise<string | undefined> {
  const active = deps.app.getState().activeCase;
  if (active === undefined) {
    return 'Open a case first.';
  }
  const { edgeId, organizationId } = candidate;
  const result = await deps.invoke('review:accept', { caseId: active.id, edgeId });
  if (!result.ok) {
    return result.error.message;
  }
  const { decisionSessionId, sessionId, progress } = result.value;
  recordHistory({ kind: 'review', sessionId: decisionSessionId, decision: 'accept', edgeId }, deps);
  recordHistory({ kind: 'run', sessionId, seeds: [organizationId], expansion: true }, deps);
  deps.app.getState().updateProgress(progress);
  deps.app.getState().setCurrentSession(sessionId);
  return undefined;
}

/** Rejects a candidate; returns an error message for the panel, or undefined. */
export async function rejectCandidate(
  candidate: Decided,
  deps: HistoryDeps = appDeps,
): Promise<string | undefined> {
  const active = deps.app.getState().activeCase;
  if (active === undefined) {
    return 'Open a case first.';
  }
  const { edgeId } = candidate;
  const result = await deps.invoke('review:reject', { caseId: active.id, edgeId });
  if (!result.ok) {
    return result.error.message;
  }
  recordHistory(
    { kind: 'review', sessionId: result.value.decisionSessionId, decision: 'reject', edgeId },
    deps,
  );
  return undefined;
}

/**
 * "None of these": rejects every candidate of the Organization in one decision (one History
 * entry, undone at once); returns an error message for the panel, or undefined.
 */
export async function rejectAllCandidates(
  organizationId: string,
  deps: HistoryDeps = appDeps,
): Promise<string | undefined> {
  const active = deps.app.getState().activeCase;
  if (active === undefined) {
    return 'Open a case first.';
  }
  const result = await deps.invoke('review:none', { caseId: active.id, organizationId });
  if (!result.ok) {
    return result.error.message;
  }
  recordHistory(
    { kind: 'review', sessionId: result.value.decisionSessionId, decision: 'reject', edgeId: organizationId },
    deps,
  );
  return undefined;
}
