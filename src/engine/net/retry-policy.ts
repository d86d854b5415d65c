/** When to retry a throttled or unavailable reply, and for how long to wait. */

/**
 * Longest Retry-After the client waits for by default. A server asking for more fails the request
 * at once with "retry after <time>": holding a request (and the session) for a day helps no one.
 */
export const MAX_RETRY_AFTER_MS = 60_000;
/** First exponential backoff step when the server gives no Retry-After. */
export const BACKOFF_BASE_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/**
 * Milliseconds to wait from a Retry-After value (delta seconds or an HTTP date), not capped: the
 * caller decides what is too long. Undefined when absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') {
    return undefined;
  }
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) {
    ms = Number(trimmed) * 1000;
  } else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) {
      return undefined;
    }
    ms = date - now;
  }
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

/** Exponential backoff before retry number `attempt + 1`: 500 ms, 1 s, 2 s... capped at 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** attempt, MAX_BACKOFF_MS);
}

/** A wait shown to a person: `45 s`, `20 min`, `24 h`, `3 days`. */
export function describeWait(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) {
    return `${seconds} s`;
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) {
    return `${minutes} min`;
  }
  const hours = Math.round(minutes / 60);
  if (hours < 48) {
    return `${hours} h`;
  }
  return `${Math.round(hours / 24)} days`;
}
