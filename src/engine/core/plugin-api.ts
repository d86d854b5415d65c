/**
 * The plugin API: everything a data-source plugin author touches. A plugin is data (its source,
 * its handlers) plus, per handler, a lookup (read the case graph within the TTL) and a query
 * (call the source, return findings). The engine owns routing by asset type, priorities, TTL
 * decisions, rate limiting, the one write path, dedupe, depth limits and dispatch.
 */
import type { AssetOf, AssetType } from '../../shared/model/asset';
import type { Entity, SourceRef } from '../../shared/model/graph';
import type { AppConfig, RateLimit } from '../config/config';
import type { CredentialStore } from '../credentials/credential-store';
import type { HttpClientOptions, RateLimiter, SourceHttp } from '../net/types';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { Findings } from '../graph/findings';
import type { ConfirmedEdges, GraphReader } from '../graph/types';
import type { MergeRule } from '../graph/case-graph';
import { EngineError } from '../util/engine-error';

// The plugin API is the one surface a plugin imports: the graph and net types it touches are
// re-exported here so that plugins never reach into the layers below.
export type { EdgeFinding, EdgeProperties, Findings } from '../graph/findings';
export { FindingsBuilder, emptyFindings } from '../graph/findings';
export type { ConfirmedEdges, EdgeQuery, GraphReader, Neighbour } from '../graph/types';
export type { MergeRule } from '../graph/case-graph';
export type {
  HttpClientOptions,
  HttpResponse,
  JsonRequestOptions,
  RateLimiter,
  RequestOptions,
  SourceHttp,
} from '../net/types';
export { MalformedBodyError, SourceError } from '../net/errors';
export { SourceReplyError, parsed } from './reply';
export { redispatchConfirmed } from './redispatch';
/** For clients other than the engine's HTTP client (WHOIS): keep a reply as the run's raw record. */
export { recordReply } from '../util/reply-capture';

export type Priority = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

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
  /**
   * Runs a plugin's CPU-heavy pure step (reading a large reply) off the thread serving the UI; the
   * step is registered by name in engine/compute/tasks.ts. Pass the handler's signal: a cancelled
   * session ends the step at once, CPU work included.
   */
  offThread: OffThreadRunner;
}

/** Runs a named pure step (plain data in, plain data out) on a worker thread. */
export interface OffThreadRunner {
  /** Resolves with the step's output; rejects with its error, or the signal's reason on abort. */
  run(task: string, input: unknown, signal: AbortSignal): Promise<unknown>;
}

/** What a handler's lookup and query receive for one event. */
export interface HandlerContext<TType extends AssetType, TResources> {
  /** The event's entity, with its asset narrowed to the handler's type. */
  entity: Entity & { type: TType; asset: AssetOf<TType> };
  /** The plugin's source: its name goes into error messages instead of a literal. */
  source: SourceRef;
  /** The TTL start time (ms since epoch): data older than this is stale. */
  since: number;
  /** Edges this source confirmed within the TTL (the lookup path's usual read). */
  confirmed: ConfirmedEdges;
  /**
   * True when the session was asked to ignore the TTL ("refresh"): a query must not reuse what
   * another handler confirmed within the TTL either.
   */
  refresh: boolean;
  graph: GraphReader;
  /** What the plugin's setup returned (HTTP clients, WHOIS client, bootstrap client...). */
  resources: TResources;
  /**
   * Aborted when the session is cancelled. HTTP clients and limiters from the plugin environment
   * already observe it (the engine binds the running session's signal to every request and wait):
   * pass it only to I/O of the plugin's own, such as a WHOIS socket.
   */
  signal: AbortSignal;
  /**
   * Records a failure on the session without failing the handler, for partial results (e.g. a
   * failing page of children after earlier pages were read). The findings are still written, but
   * the entity is not marked monitored: the next run queries again instead of trusting a partial
   * answer for the whole TTL.
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
   * Lookup path, run when the entity was monitored by this handler within the TTL (see `cache`):
   * read the earlier results from the graph, usually through `context.confirmed`. Return null
   * when nothing usable is there (then the engine queries, unless `cache.emptyIsAnswer`).
   */
  lookup?(context: HandlerContext<TType, TResources>): Findings | null;
  /** How the engine decides freshness for this handler; the defaults suit most handlers. */
  cache?: CachePolicy;
  /**
   * Findings from a reply the event's entity already carries (RDAP records keep their reply in
   * `raw`), or null when it carries none that parses. Run after the lookup path and before the
   * query; what it returns is written like a query's result, without a request.
   */
  fromStoredReply?(context: HandlerContext<TType, TResources>): Findings | null | Promise<Findings | null>;
  /** Query path: call the source and return what to store and dispatch. */
  query(context: HandlerContext<TType, TResources>): Promise<Findings>;
  /**
   * The handler (by name, same event type) that answers instead when this one cannot: its query
   * threw NotServedError, or failed other than by `not_found` (a source's "no such object" is an
   * answer). The pair is one alternative chain: only its first member is queued, and a member
   * that answered within the TTL is the one asked (lookup path). The configuration may reorder a
   * chain by plugin name (e.g. `sources.domain.order`). Unregistered names are ignored.
   */
  fallback?: string;
}

/**
 * Thrown by a query when the source has no service for the asset (e.g. a TLD without RDAP in the
 * IANA bootstrap): not a failure; the handler's fallback, if any, answers instead.
 */
export class NotServedError extends EngineError {
  override readonly name = 'NotServedError';
  constructor(message: string, options?: ErrorOptions) {
    super('not_served', message, options);
  }
}

/** Declared freshness rules the engine applies around `lookup` (never decided inside `query`). */
export interface CachePolicy {
  /**
   * The lookup runs even when this handler has not monitored the entity: facts any handler of
   * the same source confirmed within the TTL answer it (the LEI search skips an Organization the
   * hierarchy handler just created from its own record). Default false.
   */
  sharedWithSource?: boolean;
  /**
   * A lookup that finds nothing (null) while the entity was monitored within the TTL is an
   * answer: the source was asked and had nothing, so no new request (the company search).
   * Default false: an empty lookup queries again (no negative caching, as for the LEI search).
   */
  emptyIsAnswer?: boolean;
}

export interface PluginDefinition<TResources = unknown> {
  /** Kebab-case plugin name used in TTL rules, e.g. `gleif`. */
  name: string;
  /** Source attribution on every edge the plugin writes. */
  source: SourceRef;
  /** Credential name when the source needs an API key (handlers skip without one). */
  credential?: string;
  /**
   * The plugin asks no source: what it writes follows from the graph (pivots). A refresh re-asks
   * sources, so it does not run derived handlers (docs/changes.md).
   */
  derived?: boolean;
  setup(environment: PluginEnvironment): TResources;
  // Handlers are invariant in their asset type; `any` keeps a heterogeneous list assignable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handlers: HandlerDefinition<any, TResources>[];
  /** Identity rules this plugin's source vouches for; the engine hands them to every case store. */
  mergeRules?: readonly MergeRule[];
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
