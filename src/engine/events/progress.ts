/** Progress counters of one session, and their snapshots for listeners. */
import type { HandlerFailure, SessionProgress, SessionState } from '../../shared/model/session';

export interface ProgressTracker {
  state: SessionState;
  queued: number;
  running: number;
  done: number;
  failed: number;
  cacheHits: number;
  countRequest(source: string): void;
  countRateLimitWait(source: string, ms: number): void;
  addSourceNeedingKey(source: string): void;
  addFailure(failure: HandlerFailure): void;
  finish(state: 'done' | 'cancelled', at: string): void;
  /** Tells listeners that counters changed (they take a snapshot when they want one). */
  changed(): void;
  snapshot(): SessionProgress;
  onProgress(listener: (progress: SessionProgress) => void): () => void;
}

export function createProgressTracker(sessionId: string, startedAt: string): ProgressTracker {
  const requestsBySource: Record<string, number> = {};
  const rateLimitWaitMsBySource: Record<string, number> = {};
  const sourcesNeedingKey: string[] = [];
  const failures: HandlerFailure[] = [];
  const listeners = new Set<(progress: SessionProgress) => void>();
  let finishedAt: string | undefined;

  const tracker: ProgressTracker = {
    state: 'running',
    queued: 0,
    running: 0,
    done: 0,
    failed: 0,
    cacheHits: 0,
    countRequest(source) {
      requestsBySource[source] = (requestsBySource[source] ?? 0) + 1;
      tracker.changed();
    },
    countRateLimitWait(source, ms) {
      if (ms <= 0) {
        return;
      }
      rateLimitWaitMsBySource[source] = (rateLimitWaitMsBySource[source] ?? 0) + ms;
      tracker.changed();
    },
    addSourceNeedingKey(source) {
      if (!sourcesNeedingKey.includes(source)) {
        sourcesNeedingKey.push(source);
        tracker.changed();
      }
    },
    addFailure(failure) {
      failures.push(failure);
      tracker.changed();
    },
    finish(state, at) {
      tracker.state = state;
      finishedAt = at;
      tracker.changed();
    },
    changed() {
      if (listeners.size === 0) {
        return;
      }
      const progress = tracker.snapshot();
      for (const listener of listeners) {
        listener(progress);
      }
    },
    snapshot() {
      const progress: SessionProgress = {
        sessionId,
        state: tracker.state,
        queued: tracker.queued,
        running: tracker.running,
        done: tracker.done,
        failed: tracker.failed,
        cacheHits: tracker.cacheHits,
        requestsBySource: { ...requestsBySource },
        rateLimitWaitMsBySource: { ...rateLimitWaitMsBySource },
        sourcesNeedingKey: [...sourcesNeedingKey],
        failures: [...failures],
        startedAt,
      };
      if (finishedAt !== undefined) {
        progress.finishedAt = finishedAt;
      }
      return progress;
    },
    onProgress(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return tracker;
}
