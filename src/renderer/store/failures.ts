/**
 * Failed lookups per node: every handler failure of the sessions in this window, except those
 * older than the user's last Retry of that node (a retry that fails again shows its new failure).
 */
import type { EntityId } from '../../shared/model/asset';
import type { HandlerFailure, SessionProgress } from '../../shared/model/session';

export function openFailures(
  sessions: Readonly<Record<string, SessionProgress>>,
  retriedAt: Readonly<Record<EntityId, string>>,
): Map<EntityId, HandlerFailure[]> {
  const open = new Map<EntityId, HandlerFailure[]>();
  for (const session of Object.values(sessions)) {
    for (const failure of session.failures) {
      const retried = retriedAt[failure.entityId];
      if (retried !== undefined && failure.at <= retried) {
        continue;
      }
      open.set(failure.entityId, [...(open.get(failure.entityId) ?? []), failure]);
    }
  }
  return open;
}
