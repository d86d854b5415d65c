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
import type { HeldGrant, RequestOptions, SourceHttp } from './net/types';
import type { Clock } from './util/clock';
import type { Logger } from './util/logger';
import { findSessionContext, type SessionContext } from './util/session-context';

export interface PluginEnvironmentOptions {
  config: AppConfig;
  dataDir: string;
  clock: Clock;
  logger: Logger;
  credentials: CredentialStore;
  /** Rate-limit grants shared with other processes; defaults to the SQLite ledger in `dataDir`. */
  rateLedger?: RateLedger;
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
  return {
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
          hooks: {
            onRequest: (source: string) => findSessionContext()?.countRequest(source),
            // Waits are counted by the session-aware limiter below, as wall-clock time.
            onRateLimitWait: () => undefined,
          },
          destinations,
          createLimiter: (key, rateLimit) =>
            sessionAwareLimiter(sharedLimiter(`http:${key}`, rateLimit), httpOptions.source, clock),
        }),
      ),
    limiter: (key, rateLimit, source) =>
      sessionAwareLimiter(sharedLimiter(`limiter:${key}`, rateLimit), source, clock),
    countRequest: (source) => findSessionContext()?.countRequest(source),
    close: async () => {
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
  // One waiting rule for plain and held grants: a paused session queues again once resumed.
  const whenGranted = async <T>(
    take: (signal: AbortSignal | undefined) => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<{ grant: T; waitedMs: number | undefined }> => {
    const context = findSessionContext();
    if (context === undefined) {
      return { grant: await take(signal), waitedMs: undefined };
    }
    const started = clock.now();
    const own = sessionSignal(signal);
    for (;;) {
      await context.whenRunning();
      own?.throwIfAborted();
      const running = context.runningSignal();
      const endWait = beginWait(context, limiter, source);
      try {
        const grant = await take(own === undefined ? running : AbortSignal.any([own, running]));
        return { grant, waitedMs: clock.now() - started };
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
    acquire: async (signal) => {
      const { grant, waitedMs } = await whenGranted((inner) => limiter.acquire(inner), signal);
      return waitedMs ?? grant;
    },
    // Keep the held grant (issue 11.10): the HTTP client releases it once the server has the request.
    ...(hold === undefined
      ? {}
      : {
          hold: async (signal?: AbortSignal): Promise<HeldGrant> => {
            const { grant, waitedMs } = await whenGranted(hold, signal);
            return { waitedMs: waitedMs ?? grant.waitedMs, release: () => grant.release() };
          },
        }),
  };
}

function beginWait(context: SessionContext, limiter: RateLimiter, source: string): () => void {
  const expected = limiter.expectedWaitMs?.() ?? 0;
  return expected > 0 ? context.beginRateLimitWait(source, expected) : () => undefined;
}
