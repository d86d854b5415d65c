/**
 * Engine composition: plugins set up once with their environment (HTTP clients, shared rate
 * limiters, counting hooks), case files opened on the graph store, sessions started on them.
 */
import { randomUUID } from 'node:crypto';
import { entityIdOf, type EntityId, type TypedAsset } from '../shared/model/asset';
import type { SourceRef } from '../shared/model/graph';
import type { SessionProgress } from '../shared/model/session';
import type { RateLimit } from './config/config';
import type { Engine, EngineOptions, OpenCase, Session, StartSessionOptions } from './engine-types';
import { createSessionRunner } from './events/session-runner';
import { openCaseGraph } from './graph/case-graph';
import type { CaseGraph, SessionRecord } from './graph/types';
import { configuredEndpoints, createDestinationPolicy } from './net/destination-policy';
import { createHttpClient } from './net/http-client';
import { createRateLimiter } from './net/rate-limiter';
import type { RequestOptions, SourceHttp } from './net/types';
import { builtinPlugins } from './plugins/builtin';
import { createHandlerRegistry } from './core/registry';
import type { EngineGraph } from './core/run-handler';
import type { PluginDefinition, PluginEnvironment, RateLimiter } from './core/plugin-api';
import { systemClock } from './util/clock';
import { silentLogger } from './util/logger';
import { findSessionContext } from './util/session-context';

/** Attribution of what the investigator typed (seeds). */
export const INVESTIGATOR_SOURCE: SourceRef = { name: 'Investigator', confidence: 100 };

export function createEngine(options: EngineOptions): Engine {
  const { config, dataDir, credentials } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const plugins = options.plugins ?? builtinPlugins();
  // The configured order of DomainRecord's alternatives (RDAP, WHOIS): see docs/rdap.md.
  const registry = createHandlerRegistry(plugins, { order: { DomainRecord: config.sources.domain.order } });
  // Identity rules are the plugins' knowledge (GLEIF: one LEI, one organization); stores apply them.
  const mergeRules = plugins.flatMap((plugin) => plugin.mergeRules ?? []);

  // One limiter per key for the whole engine, so concurrent sessions and clients share the rate.
  const limiters = new Map<string, RateLimiter>();
  const sharedLimiter = (key: string, rateLimit: RateLimit): RateLimiter => {
    let limiter = limiters.get(key);
    if (limiter === undefined) {
      limiter = createRateLimiter({ ...rateLimit, clock });
      limiters.set(key, limiter);
    }
    return limiter;
  };
  // Endpoints named in the configuration are trusted as set; any other destination must be public.
  const destinations = createDestinationPolicy(configuredEndpoints(config));
  const hooks = {
    onRequest: (source: string) => findSessionContext()?.countRequest(source),
    onRateLimitWait: (source: string, ms: number) => findSessionContext()?.countRateLimitWait(source, ms),
  };

  const environment: PluginEnvironment = {
    config,
    dataDir,
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
          hooks,
          destinations,
          createLimiter: (key, rateLimit) => sharedLimiter(`http:${key}`, rateLimit),
        }),
      ),
    limiter: (key, rateLimit, source) => countedLimiter(sharedLimiter(`limiter:${key}`, rateLimit), source),
    countRequest: (source) => findSessionContext()?.countRequest(source),
  };
  const resources = new Map<PluginDefinition, unknown>();
  for (const plugin of plugins) {
    resources.set(plugin, plugin.setup(environment));
  }

  const openCases = new Set<OpenCase>();

  const openCase = (path: string): OpenCase => {
    const graph = openCaseGraph(path, { clock, logger, mergeRules });
    const sessions = new Set<Session>();

    const seedIds = (seeds: StartSessionOptions['seeds']): EntityId[] => {
      const resolve = (id: EntityId): EntityId => (graph as EngineGraph).resolveId?.(id) ?? id;
      const assets: TypedAsset[] = [];
      const ids: EntityId[] = [];
      for (const seed of seeds) {
        if (typeof seed === 'string') {
          const id = resolve(seed);
          if (graph.findEntity(id) === undefined) {
            throw new Error(`no entity ${seed} in this case`);
          }
          ids.push(id);
        } else {
          assets.push(seed);
          ids.push(entityIdOf(seed.type, seed.asset as never));
        }
      }
      if (assets.length > 0) {
        graph.apply({ entities: assets, edges: [], dispatch: [] }, { source: INVESTIGATOR_SOURCE });
      }
      return [...new Set(ids.map(resolve))];
    };

    const startSession = (sessionOptions: StartSessionOptions): Session => {
      const depth = sessionOptions.depth ?? config.depth;
      if (!Number.isInteger(depth) || depth < 0) {
        throw new RangeError(`depth must be a whole number of 0 or more, got ${depth}`);
      }
      const seeds = seedIds(sessionOptions.seeds);
      const id = randomUUID();
      const runner = createSessionRunner({
        sessionId: id,
        registry,
        graph,
        config,
        clock,
        logger,
        resourcesOf: (plugin) => resources.get(plugin),
        maxDepth: depth,
        refresh: sessionOptions.refresh ?? false,
      });
      const record: SessionRecord = {
        id,
        startedAt: runner.progress.snapshot().startedAt,
        seeds,
        depth,
      };
      graph.saveSession(record);
      const done = runner.dispatcher.done.then((progress) => {
        sessions.delete(session);
        saveFinished(graph, record, progress, logger);
        return progress;
      });
      const session: Session = {
        id,
        done,
        progress: () => runner.progress.snapshot(),
        onProgress: (listener) => runner.progress.onProgress(listener),
        pause: () => runner.dispatcher.pause(),
        resume: () => runner.dispatcher.resume(),
        cancel: () => runner.dispatcher.cancel(),
      };
      sessions.add(session);
      runner.dispatcher.start(seeds);
      return session;
    };

    let closing: Promise<void> | undefined;
    const open: OpenCase = {
      path,
      graph,
      startSession,
      activeSessions: () => [...sessions],
      onDelta: (listener) => graph.onDelta(listener),
      close: () => {
        closing ??= (async () => {
          const running = [...sessions];
          for (const session of running) {
            session.cancel();
          }
          await Promise.all(running.map((session) => session.done));
          graph.close();
          openCases.delete(open);
        })();
        return closing;
      },
    };
    openCases.add(open);
    return open;
  };

  return {
    config,
    openCase,
    close: async () => {
      await Promise.all([...openCases].map((open) => open.close()));
    },
  };
}

function saveFinished(
  graph: CaseGraph,
  record: SessionRecord,
  progress: SessionProgress,
  logger: EngineOptions['logger'],
): void {
  try {
    graph.saveSession({
      ...record,
      ...(progress.finishedAt === undefined ? {} : { finishedAt: progress.finishedAt }),
      summary: progress,
    });
  } catch (error) {
    logger?.warn('could not record the end of a session', {
      session: record.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
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

/** A limiter whose waits are counted into the running session under `source`. */
function countedLimiter(limiter: RateLimiter, source: string): RateLimiter {
  return {
    acquire: async (signal) => {
      const context = findSessionContext();
      const waited = await limiter.acquire(sessionSignal(signal));
      context?.countRateLimitWait(source, waited);
      return waited;
    },
  };
}
