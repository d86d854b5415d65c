/**
 * The time a running session still needs, for the progress line and the app's status. Decision
 * (docs/seed-lists.md): the pace of the handler runs finished so far times the runs still waiting.
 * A big run is bound by the sources' rate limits, so its pace is theirs (one GLEIF run every
 * interval...); while a source is waiting on its limiter, the estimate is never shorter than
 * that wait. No estimate before the first run has finished.
 */
import type { SessionProgress } from './session';

export type TimeLeftInput = Pick<
  SessionProgress,
  'queued' | 'running' | 'done' | 'failed' | 'startedAt' | 'waitingOnRateLimit'
>;

/** Milliseconds left, or undefined while nothing has finished to measure the pace by. */
export function estimateTimeLeftMs(progress: TimeLeftInput, now: number): number | undefined {
  const remaining = progress.queued + progress.running;
  if (remaining === 0) {
    return 0;
  }
  const finished = progress.done + progress.failed;
  const elapsed = now - Date.parse(progress.startedAt);
  if (finished === 0 || !Number.isFinite(elapsed) || elapsed <= 0) {
    return undefined;
  }
  const byPace = (elapsed / finished) * remaining;
  const waits = Object.values(progress.waitingOnRateLimit ?? {}).map((wait) => Date.parse(wait.until) - now);
  return Math.round(Math.max(byPace, ...waits.filter(Number.isFinite)));
}

/** `45 s`, `12 min`, `2 h 05 min`: precise enough for an estimate. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) {
    return `${seconds} s`;
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) {
    return `${minutes} min`;
  }
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
