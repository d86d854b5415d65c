/** One open case file: its graph, the sessions running on it, and closing it when they settled. */
import { randomUUID } from 'node:crypto';
import type { SessionProgress } from '../shared/model/session';
import type { AppConfig } from './config/config';
import type { HandlerRegistry } from './core/registry';
import type { MergeRule, PluginDefinition } from './core/plugin-api';
import type { OpenCase, Session, StartSessionOptions } from './engine-types';
import { createSessionRunner } from './events/session-runner';
import { openCaseGraph } from './graph/case-graph';
import type { CaseGraph, SessionRecord } from './graph/types';
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
}

export function openCaseFile(path: string, options: OpenCaseOptions): OpenCase {
  const { config, clock, logger } = options;
  const graph = openCaseGraph(path, { clock, logger, mergeRules: options.mergeRules });
  const sessions = new Set<Session>();

  const startSession = (sessionOptions: StartSessionOptions): Session => {
    const depth = sessionOptions.depth ?? config.depth;
    if (!Number.isInteger(depth) || depth < 0) {
      throw new RangeError(`depth must be a whole number of 0 or more, got ${depth}`);
    }
    const seeds = seedIds(graph, sessionOptions.seeds);
    const id = randomUUID();
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
    runner.dispatcher.start(seeds);
    return session;
  };

  let closing: Promise<void> | undefined;
  return {
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
