/**
 * Why the open case cannot be enriched right now, if it cannot: a team case opened by a read-only
 * PostgreSQL role, or one whose server connection is down. The seed form and the node menu disable
 * their run actions and show this reason, rather than letting a click fail in main.
 */
import type { TeamCaseInfo } from '../../shared/ipc/contract';
import { useAppStore } from '../store/app-store';

export function enrichBlockedReason(team: TeamCaseInfo | undefined): string | undefined {
  if (team === undefined) {
    return undefined;
  }
  if (team.readOnly) {
    return 'Read-only: your PostgreSQL role can open and export this team case, not enrich it.';
  }
  if (team.connection === 'reconnecting') {
    return 'Reconnecting to the team case’s server: enriching resumes once the connection is back.';
  }
  return undefined;
}

/** The reason for the active case, following its connection live. */
export function useEnrichBlockedReason(): string | undefined {
  return useAppStore((state) => enrichBlockedReason(state.activeCase?.team));
}
