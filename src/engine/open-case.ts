/** One open case file: its graph, the sessions running on it, and closing it when they settled. */
import { randomUUID } from 'node:crypto';
import type { SessionProgress } from '../shared/model/session';
import type { AppConfig } from './config/config';
import type { HandlerRegistry } from './core/registry';
import type { MergeRule, PluginDefinition } from './core/plugin-api';
import type { OpenCase, Session, StartSessionOptions } from './engine-types';
import { createSessionRunner } from './events/session-runner';
import type { CaseGraph } from './graph/case-graph';
import { openCaseGraph } from './graph/case-file';
import type { SessionRecord } from './graph/types';
import { handlerStatesOf } from './handler-states';
import { seedIds } from './seeds';
import type { Clock } from './util/clock';
import type { Logger } from './util/logger';

export interface OpenCaseOptions {
  config: AppConfig;
  registry: HandlerRegistry;
  /** The plugins' declared identity rules, applied by the store on every write. */
  mergeRules: readonly MergeRule[];
  clock: Clock;
  logger: Logger;
  /** What each plugin's setup returned. */
  resourcesOf: (plugin: PluginDefinition) => unknown;
  /** Called once the case is closed. */
  onClosed: () => void;
  /** Whether a credential (API key) is configured; default: never. */
  hasKey?: (credential: string) => Promise<boolean>;
}

export function openCaseFile(path: string, options: OpenCaseOptions): OpenCase {
  const { clock, logger } = options;
  return openCaseOn(openCaseGraph(path, { clock, logger, mergeRules: options.mergeRules }), path, options);
}

/** A case on an already opened store: a SQLite file or a team case on PostgreSQL. */
export function openCaseOn(graph: CaseGraph, path: string, options: OpenCaseOptions): OpenCase {
  const { config, clock, logger } = options;
  const sessions = new Set<Session>();

  const startSession = (sessionOptions: StartSessionOptions): Session => {
    const depth = sessionOptions.depth ?? config.depth;
    if (!Number.isInteger(depth) || depth < 0) {
      throw new RangeError(`depth must be a whole number of 0 or more, got ${depth}`);
    }
    const id = randomUUID();
    const { ids: seeds, written } = seedIds(graph, sessionOptions.seeds, id);
    const runner = createSessionRunner({
      sessionId: id,
      registry: options.registry,
      graph,
      config,
      clock,
      logger,
      resourcesOf: options.resourcesOf,
      maxDepth: depth,
      refresh: sessionOptions.refresh ?? false,
      ...(sessionOptions.answeredOnly === true ? { answeredOnly: true } : {}),
      ...(sessionOptions.handler === undefined ? {} : { onlyHandler: sessionOptions.handler }),
    });
    const record: SessionRecord = { id, startedAt: runner.progress.snapshot().startedAt, seeds, depth };
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
    // Dispatch starts once the seeds are stored (a team case's write answers after its commit).
    written.then(
      () => runner.dispatcher.start(seeds),
      (error: unknown) => {
        logger.error('could not store the seeds', {
          error: error instanceof Error ? error.message : String(error),
        });
        runner.dispatcher.start([]);
      },
    );
    return session;
  };

  let closing: Promise<void> | undefined;
  return {
    path,
    graph,
    startSession,
    activeSessions: () => [...sessions],
    handlerStates: async (entityId) => {
      const entity = graph.findEntity(graph.resolveId(entityId));
      if (entity === undefined) {
        return undefined;
      }
      const failures = [
        ...graph.listSessions().flatMap((record) => record.summary?.failures ?? []),
        ...[...sessions].flatMap((session) => session.progress().failures),
      ];
      const keys = new Map<string, boolean>();
      for (const plugin of options.registry.plugins()) {
        if (plugin.credential !== undefined && !keys.has(plugin.credential)) {
          keys.set(plugin.credential, (await options.hasKey?.(plugin.credential)) ?? false);
        }
      }
      return handlerStatesOf({
        registry: options.registry,
        config,
        entity,
        failures,
        hasKey: (credential) => keys.get(credential) ?? false,
        now: clock.now(),
      });
    },
    onDelta: (listener) => graph.onDelta(listener),
    saveCopy: (target) => graph.saveCopy(target),
    close: () => {
      closing ??= (async () => {
        const running = [...sessions];
        for (const session of running) {
          session.cancel();
        }
        await Promise.all(running.map((session) => session.done));
        await graph.close();
        options.onClosed();
      })();
      return closing;
    },
  };
}

function saveFinished(
  graph: CaseGraph,
  record: SessionRecord,
  progress: SessionProgress,
  logger: Logger,
): void {
  try {
    graph.saveSession({
      ...record,
      ...(progress.finishedAt === undefined ? {} : { finishedAt: progress.finishedAt }),
      summary: progress,
    });
  } catch (error) {
    logger.warn('could not record the end of a session', {
      session: record.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
