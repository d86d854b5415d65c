/**
 * Wires one session: its progress counters, its dispatcher, and the handler runs executed inside
 * the session's async context (so shared clients count requests and waits into this session).
 */
import type { EntityId } from '../../shared/model/asset';
import type { AppConfig } from '../config/config';
import { createTtlResolver } from '../config/ttl';
import { pipelineOfOne, type HandlerRegistry } from '../core/registry';
import { runHandler, ttlKeyOf } from '../core/run-handler';
import type { SessionGraph } from '../graph/case-graph';
import type { PluginDefinition } from '../core/plugin-api';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import { runInSessionContext, type SessionContext } from '../util/session-context';
import { createDispatcher, type Dispatcher, type RunOutcome } from './dispatcher';
import { createProgressTracker, type ProgressTracker } from './progress';

export interface SessionRunnerOptions {
  sessionId: string;
  registry: HandlerRegistry;
  graph: SessionGraph;
  config: AppConfig;
  clock: Clock;
  logger: Logger;
  /** What each plugin's setup returned. */
  resourcesOf(plugin: PluginDefinition): unknown;
  maxDepth: number;
  refresh: boolean;
  /**
   * Run a handler on an entity only where it answered before (a `last_monitored` tag): a refresh
   * re-asks what the sources answered and asks nothing new. Elsewhere it counts as unserved, so an
   * alternative chain moves on to the member that did answer.
   */
  answeredOnly?: boolean;
  /** Run only this handler (by name), alone (see StartSessionOptions.handler). */
  onlyHandler?: string;
  maxEventsInFlight?: number;
}

export interface SessionRunner {
  readonly dispatcher: Dispatcher;
  readonly progress: ProgressTracker;
  readonly context: SessionContext;
}

export function createSessionRunner(options: SessionRunnerOptions): SessionRunner {
  const { graph, config, clock, logger, refresh } = options;
  const ttlStart = createTtlResolver(config);
  const progress = createProgressTracker(options.sessionId, new Date(clock.now()).toISOString(), () =>
    clock.now(),
  );
  // The dispatcher owns the session's AbortSignal; the context reads it lazily.
  const context: SessionContext = {
    sessionId: options.sessionId,
    get signal() {
      return dispatcher.signal;
    },
    countRequest: (source) => progress.countRequest(source),
    beginRateLimitWait: (source, expectedMs) => progress.beginRateLimitWait(source, expectedMs),
    whenRunning: () => dispatcher.whenRunning(),
    runningSignal: () => dispatcher.runningSignal(),
  };
  const dispatcher: Dispatcher = createDispatcher({
    pipeline: (type) =>
      options.onlyHandler === undefined
        ? options.registry.pipeline(type)
        : pipelineOfOne(options.registry.pipeline(type), options.onlyHandler),
    maxDepth: options.maxDepth,
    answeredWithinTtl: (registered, entityId) =>
      !refresh &&
      registered.handler.lookup !== undefined &&
      graph.isMonitoredSince(
        graph.resolveId?.(entityId) ?? entityId,
        registered.source.name,
        registered.handler.name,
        ttlStart(ttlKeyOf(registered), clock.now()),
      ),
    progress,
    nowIso: () => new Date(clock.now()).toISOString(),
    ...(options.maxEventsInFlight === undefined ? {} : { maxEventsInFlight: options.maxEventsInFlight }),
    execute: (registered, entityId: EntityId, signal) => {
      const id = graph.resolveId?.(entityId) ?? entityId;
      if (
        options.answeredOnly === true &&
        (registered.plugin.derived === true ||
          !graph.isMonitoredSince(id, registered.source.name, registered.handler.name, 0))
      ) {
        return Promise.resolve({ kind: 'unserved' });
      }
      let recordedFailure = false;
      const run = runInSessionContext(context, () =>
        runHandler({
          registered,
          entityId,
          graph,
          config,
          ttlStart,
          now: clock.now(),
          refresh,
          signal,
          resources: options.resourcesOf(registered.plugin),
          logger,
          onFailure: (failure) => {
            recordedFailure = true;
            progress.addFailure(failure);
          },
          onSourceNeedingKey: (source) => progress.addSourceNeedingKey(source),
          sessionId: options.sessionId,
        }),
      );
      return run.then((outcome): RunOutcome =>
        outcome.kind === 'completed' && recordedFailure
          ? { kind: 'completed-with-failures', dispatch: outcome.dispatch }
          : outcome,
      );
    },
  });
  return { dispatcher, progress, context };
}
