/**
 * The engine's public surface for its clients (the CLI, the app services behind both hosts).
 * Implemented by engine.ts; re-exported from index.ts.
 */
import type { EntityId, TypedAsset } from '../shared/model/asset';
import type { GraphDelta } from '../shared/model/graph';
import type { HandlerState } from '../shared/model/handler-state';
import type { SessionProgress } from '../shared/model/session';
import type { AppConfig } from './config/config';
import type { CredentialStore } from './credentials/credential-store';
import type { CaseGraph } from './graph/case-graph';
import type { RateLedger } from './net/rate-ledger';
import type { PluginDefinition } from './core/plugin-api';
import type { Clock } from './util/clock';
import type { Logger } from './util/logger';

export interface EngineOptions {
  config: AppConfig;
  /** The app's data directory (RDAP bootstrap cache and other engine caches). */
  dataDir: string;
  credentials: CredentialStore;
  /**
   * Where rate-limit grants are shared with other processes; defaults to the SQLite ledger in
   * `dataDir` (created there on first use).
   */
  rateLedger?: RateLedger;
  /** Defaults to the built-in plugins. */
  plugins?: PluginDefinition[];
  clock?: Clock;
  logger?: Logger;
  /**
   * Where plugins' CPU-heavy steps (reading a large reply into findings) run: on worker threads
   * (the default: the thread serving the UI never blocks on a reply), or in place on the calling
   * thread (the bench's baseline).
   */
  offThread?: 'workers' | 'in-place';
}

export interface StartSessionOptions {
  /** New assets to seed, or ids of entities already in the case (expand a node). */
  seeds: (TypedAsset | EntityId)[];
  /** Maximum dispatch depth (seeds are depth 0); defaults to the configuration's `depth`. */
  depth?: number;
  /** Ignore the TTL and query the sources again. */
  refresh?: boolean;
  /** Run each handler only on entities it answered for before (a refresh, docs/changes.md). */
  answeredOnly?: boolean;
  /**
   * Run only this handler (by registered name, a fallback member included), alone: no other
   * handler and none of its alternatives. Combine with depth 0 to run it on the seeds only.
   */
  handler?: string;
}

export interface Session {
  readonly id: string;
  progress(): SessionProgress;
  /** Called on every counter change; callers throttle. Returns an unsubscribe function. */
  onProgress(listener: (progress: SessionProgress) => void): () => void;
  pause(): void;
  resume(): void;
  /** Stops dispatching and aborts in-flight requests; `done` resolves once handlers settle. */
  cancel(): void;
  /** Resolves with the final progress when the session is done or cancelled. */
  readonly done: Promise<SessionProgress>;
}

export interface OpenCase {
  /** The case file's path, or the team case's address (never with a password). */
  readonly path: string;
  /** The case contract: a case file or a team case, one interface. */
  readonly graph: CaseGraph;
  /** Starts a session (one run) on this case; several may run, each with its own dedupe. */
  startSession(options: StartSessionOptions): Session;
  /** Sessions currently running or paused. */
  activeSessions(): Session[];
  /**
   * The handlers that apply to an entity, each with its last answer, TTL and last failure on it,
   * read from the case (no source request); undefined when the case has no such entity.
   */
  handlerStates(entityId: EntityId): Promise<HandlerState[] | undefined>;
  onDelta(listener: (delta: GraphDelta) => void): () => void;
  /**
   * "Save a copy": a complete copy of the case as committed so far, owner-only, at `target`
   * (which must not be the case file). Runs while sessions write.
   */
  saveCopy(target: string): void;
  /** Cancels running sessions, waits for them, and closes the case file. */
  close(): Promise<void>;
}

export interface Engine {
  readonly config: AppConfig;
  /** Opens (or creates) a case file. */
  openCase(path: string): OpenCase;
  /** Runs sessions on a graph opened elsewhere (a team case); `address` names it to the user. */
  openCaseOn(graph: CaseGraph, address: string): OpenCase;
  /** Closes every open case. */
  close(): Promise<void>;
}
