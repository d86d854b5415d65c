/**
 * Session (one enrichment run) state shared by the engine, the hosts, the CLI and the renderer.
 */
import type { AssetType, EntityId } from './asset';

export type SessionState = 'running' | 'paused' | 'cancelling' | 'cancelled' | 'done';

/** A handler run that did not complete, shown to the user with the asset and the source. */
export interface HandlerFailure {
  at: string;
  entityId: EntityId;
  assetType: AssetType;
  handler: string;
  source: string;
  /** Machine-readable reason, e.g. `http_status`, `timeout`, `malformed_body`, `missing_credential`. */
  code: string;
  /** One line, secrets redacted. */
  message: string;
}

export interface SessionProgress {
  sessionId: string;
  state: SessionState;
  /** Handler runs waiting, in flight, finished, failed (counted per event and handler). */
  queued: number;
  running: number;
  done: number;
  failed: number;
  /** Handler runs served from the case graph within the TTL (lookup path). */
  cacheHits: number;
  /** HTTP requests / WHOIS queries sent, per source name. */
  requestsBySource: Record<string, number>;
  /**
   * Wall-clock time during which requests of each source waited on its rate limiter, in
   * milliseconds (parallel waits of one source count once).
   */
  rateLimitWaitMsBySource: Record<string, number>;
  /**
   * Sources with requests waiting on their rate limiter right now: since when, and when the last
   * of them expects its turn (for a live countdown). Absent when none waits.
   */
  waitingOnRateLimit?: Record<string, { since: string; until: string }>;
  /** Sources that were skipped because they need an API key that is not configured. */
  sourcesNeedingKey: string[];
  failures: HandlerFailure[];
  startedAt: string;
  finishedAt?: string;
}
