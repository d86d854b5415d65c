/** Progress counters of one session, and their snapshots for listeners. */
import type { HandlerFailure, SessionProgress } from '../../shared/model/session';

/** The live counters are the snapshot's own fields, written in place by the dispatcher. */
export interface ProgressTracker extends Pick<
  SessionProgress,
  'state' | 'queued' | 'running' | 'done' | 'failed' | 'cacheHits'
> {
  countRequest(source: string): void;
  /** See SessionContext.beginRateLimitWait: returns the function that ends the wait. */
  beginRateLimitWait(source: string, expectedMs: number): () => void;
  addSourceNeedingKey(source: string): void;
  addFailure(failure: HandlerFailure): void;
  finish(state: 'done' | 'cancelled', at: string): void;
  /** Tells listeners that counters changed (they take a snapshot when they want one). */
  changed(): void;
  snapshot(): SessionProgress;
  onProgress(listener: (progress: SessionProgress) => void): () => void;
}

/** The requests of one source waiting on its rate limiter right now. */
interface OngoingWait {
  waiters: number;
  since: number;
  until: number;
}

export function createProgressTracker(
  sessionId: string,
  startedAt: string,
  now: () => number = Date.now,
): ProgressTracker {
  const requestsBySource: Record<string, number> = {};
  // Wall-clock time during which at least one request of the source waited, ended waits only.
  const rateLimitWaitMsBySource: Record<string, number> = {};
  const waiting = new Map<string, OngoingWait>();
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
    beginRateLimitWait(source, expectedMs) {
      const at = now();
      let wait = waiting.get(source);
      if (wait === undefined) {
        wait = { waiters: 0, since: at, until: at };
        waiting.set(source, wait);
      }
      wait.waiters += 1;
      wait.until = Math.max(wait.until, at + Math.max(0, expectedMs));
      tracker.changed();
      let ended = false;
      return () => {
        if (ended) {
          return;
        }
        ended = true;
        const current = waiting.get(source);
        if (current === undefined) {
          return;
        }
        current.waiters -= 1;
        if (current.waiters === 0) {
          waiting.delete(source);
          rateLimitWaitMsBySource[source] = (rateLimitWaitMsBySource[source] ?? 0) + (now() - current.since);
        }
        tracker.changed();
      };
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
      const at = now();
      const waitedMs = { ...rateLimitWaitMsBySource };
      const waitingNow: Record<string, { since: string; until: string }> = {};
      for (const [source, wait] of waiting) {
        waitedMs[source] = (waitedMs[source] ?? 0) + (at - wait.since);
        waitingNow[source] = {
          since: new Date(wait.since).toISOString(),
          until: new Date(Math.max(wait.until, at)).toISOString(),
        };
      }
      const progress: SessionProgress = {
        sessionId,
        state: tracker.state,
        queued: tracker.queued,
        running: tracker.running,
        done: tracker.done,
        failed: tracker.failed,
        cacheHits: tracker.cacheHits,
        requestsBySource: { ...requestsBySource },
        rateLimitWaitMsBySource: waitedMs,
        sourcesNeedingKey: [...sourcesNeedingKey],
        failures: [...failures],
        startedAt,
      };
      if (waiting.size > 0) {
        progress.waitingOnRateLimit = waitingNow;
      }
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
