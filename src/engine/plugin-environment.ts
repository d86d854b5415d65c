/**
 * What the engine hands every plugin's setup: HTTP clients and limiters shared by all sessions
 * (one limiter per key, so concurrent sessions share a source's rate), each request and wait
 * counted into the session that caused it, and the session's cancel and pause applied to both.
 */
import type { RateLimit } from './config/config';
import type { PluginEnvironment, RateLimiter } from './core/plugin-api';
import type { CredentialStore } from './credentials/credential-store';
import type { AppConfig } from './config/config';
import { configuredEndpoints, createDestinationPolicy } from './net/destination-policy';
import { createHttpClient } from './net/http-client';
import { withRateLedger, type RateLedger } from './net/rate-ledger';
import { openSqliteRateLedger } from './net/rate-ledger-sqlite';
import { createRateLimiter } from './net/rate-limiter';
import type { RequestOptions, SourceHttp } from './net/types';
import type { Clock } from './util/clock';
import type { Logger } from './util/logger';
import { findSessionContext } from './util/session-context';
import { createWorkerPool, inPlaceCompute } from './compute/pool';
import { defaultComputeWorkerUrl } from './compute/worker-url';

export interface PluginEnvironmentOptions {
  config: AppConfig;
  dataDir: string;
  clock: Clock;
  logger: Logger;
  credentials: CredentialStore;
  /** Rate-limit grants shared with other processes; defaults to the SQLite ledger in `dataDir`. */
  rateLedger?: RateLedger;
  /** Where plugins' CPU-heavy steps run (see EngineOptions.offThread); defaults to workers. */
  offThread?: 'workers' | 'in-place';
}

export function createPluginEnvironment(
  options: PluginEnvironmentOptions,
): PluginEnvironment & { close(): Promise<void> } {
  const { config, clock, logger, credentials } = options;
  // One limiter per key for the whole engine, so concurrent sessions and clients share the rate;
  // each also consults the data directory's ledger, so other processes' requests count too.
  const limiters = new Map<string, RateLimiter>();
  let ledger: RateLedger | undefined;
  const sharedLimiter = (key: string, rateLimit: RateLimit): RateLimiter => {
    let limiter = limiters.get(key);
    if (limiter === undefined) {
      ledger ??= options.rateLedger ?? openSqliteRateLedger(options.dataDir, { clock });
      limiter = withRateLedger(createRateLimiter({ ...rateLimit, clock }), ledger, key, rateLimit, clock);
      limiters.set(key, limiter);
    }
    return limiter;
  };
  // Endpoints named in the configuration are trusted as set; any other destination must be public.
  const destinations = createDestinationPolicy(configuredEndpoints(config));
  const offThread =
    options.offThread === 'in-place'
      ? inPlaceCompute
      : createWorkerPool({ workerUrl: defaultComputeWorkerUrl(), logger });
  return {
    offThread,
    config,
    dataDir: options.dataDir,
    clock,
    logger,
    credentials,
    createHttp: (httpOptions) =>
      withSessionSignal(
        createHttpClient({
          ...httpOptions,
          http: config.http,
          clock,
          credentials,
          logger,
          destinations,
          hooks: {
            onRequest: (source: string) => findSessionContext()?.countRequest(source),
            // Waits are counted by the session-aware limiter below, as wall-clock time.
            onRateLimitWait: () => undefined,
          },
          createLimiter: (key, rateLimit) =>
            sessionAwareLimiter(sharedLimiter(`http:${key}`, rateLimit), httpOptions.source, clock),
        }),
      ),
    limiter: (key, rateLimit, source) =>
      sessionAwareLimiter(sharedLimiter(`limiter:${key}`, rateLimit), source, clock),
    countRequest: (source) => findSessionContext()?.countRequest(source),
    close: async () => {
      await offThread.close();
      // A ledger handed in belongs to the caller; the engine's own is closed with it.
      if (options.rateLedger === undefined) {
        await ledger?.close();
      }
      ledger = undefined;
    },
  };
}

/** The signal of the session running the caller, combined with the caller's own. */
function sessionSignal(own: AbortSignal | undefined): AbortSignal | undefined {
  const session = findSessionContext()?.signal;
  if (session === undefined || own === session) {
    return own ?? session;
  }
  return own === undefined ? session : AbortSignal.any([own, session]);
}

/** Every request made while a session runs is aborted when that session is cancelled. */
function withSessionSignal(http: SourceHttp): SourceHttp {
  const withSignal = <TOptions extends RequestOptions>(
    options: TOptions | undefined,
  ): TOptions | undefined => {
    const signal = sessionSignal(options?.signal);
    return signal === undefined ? options : ({ ...options, signal } as TOptions);
  };
  return {
    getJson: (pathOrUrl, options) => http.getJson(pathOrUrl, withSignal(options)),
    postJson: (pathOrUrl, body, options) => http.postJson(pathOrUrl, body, withSignal(options)),
  };
}

/**
 * A shared limiter as one session sees it: no request of a paused session takes a turn (a waiting
 * request leaves the queue when the session pauses and queues again on resume, so a pause never
 * lets a request out, and the turn goes to other sessions), and the wait is counted into the
 * session as wall-clock time for `source`, with its expected end for the live countdown.
 */
export function sessionAwareLimiter(limiter: RateLimiter, source: string, clock: Clock): RateLimiter {
  /** Takes a turn with `take` (acquire or hold) on the session's terms; `waited` is reported. */
  const inSession = async <T>(
    signal: AbortSignal | undefined,
    take: (signal: AbortSignal | undefined) => Promise<T>,
    withWaited: (taken: T, waitedMs: number) => T,
  ): Promise<T> => {
    const context = findSessionContext();
    if (context === undefined) {
      return take(signal);
    }
    const started = clock.now();
    const own = sessionSignal(signal);
    for (;;) {
      await context.whenRunning();
      own?.throwIfAborted();
      const running = context.runningSignal();
      // Read before queueing: afterwards the estimate would count this request as ahead of itself.
      const expected = limiter.expectedWaitMs?.() ?? 0;
      let granted = false;
      const taking = take(own === undefined ? running : AbortSignal.any([own, running])).finally(() => {
        granted = true;
      });
      // A wait is counted only when the turn is not given at once (a wrapped limiter, such as the
      // cross-process ledger, may not say how long it will take: the countdown then says "next
      // turn" without a time).
      await Promise.resolve();
      const endWait = granted ? () => undefined : context.beginRateLimitWait(source, expected);
      try {
        return withWaited(await taking, clock.now() - started);
      } catch (error) {
        if (running.aborted && own?.aborted !== true) {
          continue; // paused: queue again once resumed
        }
        throw error;
      } finally {
        endWait();
      }
    }
  };
  const hold = limiter.hold?.bind(limiter);
  return {
    ...(limiter.expectedWaitMs === undefined
      ? {}
      : { expectedWaitMs: () => limiter.expectedWaitMs?.() ?? 0 }),
    acquire: (signal) =>
      inSession(
        signal,
        (given) => limiter.acquire(given),
        (_waited, waitedMs) => waitedMs,
      ),
    // Kept when the limiter holds tokens until the request reached the server (arrival spacing).
    ...(hold === undefined
      ? {}
      : {
          hold: (signal?: AbortSignal) =>
            inSession(signal, hold, (grant, waitedMs) => Object.assign(grant, { waitedMs })),
        }),
  };
}
