/**
 * The sessions running behind the app: each one's progress is sent as throttled
 * `session:progress` events, and its end is announced after the graph deltas it wrote.
 */
import type { SessionStarted } from '../../shared/ipc/contract';
import type { SessionProgress } from '../../shared/model/session';
import type { Logger, Session } from '../../engine/index';
import { ServiceError } from './service-error';

export interface SessionTrackerOptions {
  /** Minimum interval between progress events of one session. */
  progressIntervalMs: number;
  onProgress: (caseId: string, progress: SessionProgress) => void;
  /** Called when a session ended, before its final progress is sent (flush the case's deltas). */
  beforeFinalProgress: (caseId: string) => void;
  /** Called after a session ended and was forgotten. */
  afterEnd: () => Promise<void>;
  logger: Logger;
}

export interface SessionTracker {
  track(caseId: string, session: Session): SessionStarted;
  /** A running session; not_found otherwise. */
  get(sessionId: string): Session;
  /** Progress of the sessions running on a case. */
  progressOf(caseId: string): SessionProgress[];
  readonly size: number;
}

export function createSessionTracker(options: SessionTrackerOptions): SessionTracker {
  const sessions = new Map<string, { caseId: string; session: Session }>();

  return {
    track(caseId, session) {
      sessions.set(session.id, { caseId, session });
      let last = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const send = (): void => {
        timer = undefined;
        last = Date.now();
        options.onProgress(caseId, session.progress());
      };
      const stop = session.onProgress(() => {
        if (timer !== undefined) {
          return;
        }
        const wait = Math.max(0, last + options.progressIntervalMs - Date.now());
        timer = setTimeout(send, wait);
      });
      void session.done
        .catch((error: unknown) => {
          options.logger.error('session ended with an error', { session: session.id, error: String(error) });
          return session.progress();
        })
        .then((final: SessionProgress) => {
          stop();
          if (timer !== undefined) {
            clearTimeout(timer);
          }
          // Deltas first, so the renderer has the graph before it hears the session ended.
          options.beforeFinalProgress(caseId);
          sessions.delete(session.id);
          options.onProgress(caseId, final);
          return options.afterEnd();
        });
      return { sessionId: session.id, progress: session.progress() };
    },
    get(sessionId) {
      const tracked = sessions.get(sessionId);
      if (tracked === undefined) {
        throw new ServiceError('not_found', `no running session ${sessionId}`);
      }
      return tracked.session;
    },
    progressOf: (caseId) =>
      [...sessions.values()]
        .filter((tracked) => tracked.caseId === caseId)
        .map((tracked) => tracked.session.progress()),
    get size() {
      return sessions.size;
    },
  };
}
