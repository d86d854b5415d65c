/**
 * The plugin API: everything a data-source plugin author touches. A plugin is data (its source,
 * its handlers) plus, per handler, a lookup (read the case graph within the TTL) and a query
 * (call the source, return findings). The engine owns routing by asset type, priorities, TTL
 * decisions, rate limiting, the one write path, dedupe, depth limits and dispatch.
 */
import type { AssetOf, AssetType, EntityId } from '../../shared/model/asset';
import type { Edge, Entity, SourceRef } from '../../shared/model/graph';
import type { AppConfig, RateLimit } from '../config/config';
import type { CredentialStore } from '../credentials/credential-store';
import type { SourceHttp } from '../net/types';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { Findings } from './findings';

export type Priority = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Waits until a request may be sent; never lets more than the configured rate through. */
export interface RateLimiter {
  /** Resolves with the milliseconds waited; rejects when the signal aborts the wait. */
  acquire(signal?: AbortSignal): Promise<number>;
}

export interface HttpClientOptions {
  /** Source name used for request counting and error messages, e.g. `GLEIF`. */
  source: string;
  /** Base URL for relative paths; absolute URLs are used as they are. */
  baseUrl?: string;
  /** Rate limit of the source as a whole, or the default per host when `perHost` is set. */
  rateLimit: RateLimit;
  /** Rate-limit per `host:port` instead of per source, with per-host overrides (RDAP). */
  perHost?: Record<string, RateLimit>;
  /** Credential name in the credential store; its key is sent as `Authorization: Bearer`. */
  bearerCredential?: string;
  /** Maximum redirects followed (default 5); a loop is a NetworkError. */
  maxRedirects?: number;
}

/** What the engine gives a plugin's setup, once per engine. */
export interface PluginEnvironment {
  config: AppConfig;
  /** The app's data directory (RDAP bootstrap cache lives in `<dataDir>/.rdap-bootstrap/`). */
  dataDir: string;
  clock: Clock;
  logger: Logger;
  credentials: CredentialStore;
  /** Creates an HTTP client with its own limiter(s); call once per source in setup. */
  createHttp(options: HttpClientOptions): SourceHttp;
  /**
   * A named rate limiter for non-HTTP transports (WHOIS per server). The same key always gives
   * the same limiter; waits are counted under `source`.
   */
  limiter(key: string, rateLimit: RateLimit, source: string): RateLimiter;
  /** Counts one request to a source for the running session (HTTP clients do this themselves). */
  countRequest(source: string): void;
}

/** Filter of an edge query on the case graph. */
export interface EdgeQuery {
  /** Only these relation labels (all when omitted). */
  relations?: string[];
  /** Only edges last confirmed at or after this time (ms since epoch). */
  since?: number;
  /** Only edges carrying this source, confirmed by it at or after `since` when that is given. */
  source?: string;
}

/** An edge with the entity at its other end. */
export interface Neighbour {
  edge: Edge;
  entity: Entity;
}

/** Read-only view of the case graph for handlers. Writes go through returned Findings only. */
export interface GraphReader {
  findEntity(id: EntityId): Entity | undefined;
  outgoing(id: EntityId, query?: EdgeQuery): Neighbour[];
  incoming(id: EntityId, query?: EdgeQuery): Neighbour[];
  /**
   * True when the entity has a `last_monitored` tag for this source and handler updated at or
   * after `since` (ms since epoch).
   */
  isMonitoredSince(id: EntityId, source: string, handler: string, since: number): boolean;
}

/** What a handler's lookup and query receive for one event. */
export interface HandlerContext<TType extends AssetType, TResources> {
  /** The event's entity, with its asset narrowed to the handler's type. */
  entity: Entity & { type: TType; asset: AssetOf<TType> };
  /** The TTL start time (ms since epoch): data older than this is stale. */
  since: number;
  /**
   * True when the session was asked to ignore the TTL ("refresh"): a query must not reuse what
   * another handler confirmed within the TTL either.
   */
  refresh: boolean;
  graph: GraphReader;
  /** What the plugin's setup returned (HTTP clients, WHOIS client, bootstrap client...). */
  resources: TResources;
  /** Aborted when the session is cancelled. Pass it to every request. */
  signal: AbortSignal;
  /**
   * Records a failure on the session without failing the handler, for partial results (e.g. a
   * failing page of children after earlier pages were read).
   */
  recordFailure(error: unknown): void;
  logger: Logger;
}

export interface HandlerDefinition<TType extends AssetType = AssetType, TResources = unknown> {
  /** Unique, kebab-case `<plugin>/<handler>`, e.g. `gleif/fuzzy-completions`. */
  name: string;
  eventType: TType;
  /** 1 runs first in the asset type's pipeline, 9 last; equal priorities run concurrently. */
  priority: Priority;
  /** Asset types this handler produces: the `to` of its TTL rule (the first one is used). */
  transforms: AssetType[];
  /** Events this handler ignores silently (e.g. non-LEI identifiers). Default: accept all. */
  accepts?(asset: AssetOf<TType>): boolean;
  /**
   * Lookup path, run when the entity was monitored by this handler within the TTL: read the
   * earlier results from the graph. Return null when nothing usable is there (then the engine
   * queries).
   */
  lookup?(context: HandlerContext<TType, TResources>): Findings | null;
  /** Query path: call the source and return what to store and dispatch. */
  query(context: HandlerContext<TType, TResources>): Promise<Findings>;
}

export interface PluginDefinition<TResources = unknown> {
  /** Kebab-case plugin name used in TTL rules, e.g. `gleif`. */
  name: string;
  /** Source attribution on every edge the plugin writes. */
  source: SourceRef;
  /** Credential name when the source needs an API key (handlers skip without one). */
  credential?: string;
  setup(environment: PluginEnvironment): TResources;
  // Handlers are invariant in their asset type; `any` keeps a heterogeneous list assignable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handlers: HandlerDefinition<any, TResources>[];
}

/** Identity helper that checks a plugin definition's types. */
export function definePlugin<TResources>(plugin: PluginDefinition<TResources>): PluginDefinition<TResources> {
  return plugin;
}

/** Identity helper that narrows a handler's asset type for its lookup and query. */
export function defineHandler<TType extends AssetType, TResources>(
  handler: HandlerDefinition<TType, TResources>,
): HandlerDefinition<TType, TResources> {
  return handler;
}
