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
  /** Time spent waiting on each source's rate limiter, in milliseconds. */
  rateLimitWaitMsBySource: Record<string, number>;
  /** Sources that were skipped because they need an API key that is not configured. */
  sourcesNeedingKey: string[];
  failures: HandlerFailure[];
  startedAt: string;
  finishedAt?: string;
}
