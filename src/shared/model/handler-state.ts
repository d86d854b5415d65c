/**
 * What the node context menu shows per handler that applies to an entity: when it last ran on
 * that entity and whether its answer is still served from the case (the TTL), failed, or waits
 * for an API key. The engine answers it from the case store alone, without a source request.
 */

/**
 * - `cached`: answered within its TTL; running it again serves the stored answer unless refreshed.
 * - `stale`: answered before, but the TTL ran out: the next run asks the source again.
 * - `failed`: its latest run on this entity failed (after its last answer, if any).
 * - `needs-key`: its source needs an API key that is not configured.
 * - `never`: it has not answered for this entity yet.
 */
export type HandlerRunState = 'cached' | 'stale' | 'failed' | 'needs-key' | 'never';

export interface HandlerState {
  /** The handler's registered name, e.g. `gleif/fuzzy-completions`: what `entity:run-handler` takes. */
  handler: string;
  /** Readable name, e.g. `GLEIF: fuzzy completions`. */
  label: string;
  /** Source name, e.g. `GLEIF`. */
  source: string;
  state: HandlerRunState;
  /** Its last answer for this entity (the `last_monitored` tag), ISO 8601. */
  lastRunAt?: string;
  /** Until when that answer is served from the case (last run + TTL), ISO 8601. */
  cachedUntil?: string;
  /** Its latest failure on this entity (state `failed`), ISO 8601, with the one-line reason. */
  failedAt?: string;
  failure?: string;
  /** The handler this one answers in place of when that one cannot (e.g. WHOIS for RDAP). */
  fallbackFor?: string;
}
