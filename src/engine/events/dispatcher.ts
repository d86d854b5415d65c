/**
 * The event dispatcher of one session: routes each entity event through its asset type's pipeline
 * (priority 1 first, equal priorities concurrently), dedupes (entity, handler) pairs per session,
 * enforces the depth limit, bounds the events in flight, and pauses, resumes and cancels.
 *
 * Depth is an entity's SHALLOWEST arrival, whatever order the arrivals come in: an entity first
 * reached at the depth limit and later by a shorter path passes on what its handlers found at the
 * shorter path's depth. Otherwise how far a run reaches would depend on which source answered first.
 */
import { isAssetType, type AssetType, type EntityId } from '../../shared/model/asset';
import type { SessionProgress } from '../../shared/model/session';
import type { HandlerOutcome } from '../core/run-handler';
import type { PipelineStage, RegisteredHandler } from '../core/registry';
import type { ProgressTracker } from './progress';

export interface DispatcherOptions {
  /** The stages of an asset type's pipeline, priority 1 first. */
  pipeline(type: AssetType): readonly PipelineStage[];
  /** Runs one handler on one entity; must not throw (errors are outcomes). */
  execute(registered: RegisteredHandler, entityId: EntityId, signal: AbortSignal): Promise<RunOutcome>;
  /**
   * True when a handler answered for the entity within its TTL; the member of an alternative chain
   * that did is asked first, so that within the TTL no other member queries. Default: never.
   */
  answeredWithinTtl?: (registered: RegisteredHandler, entityId: EntityId) => boolean;
  /** Maximum dispatch depth: seeds are 0; entities deeper than this are not dispatched. */
  maxDepth: number;
  /** Events progressing at the same time (default 16); rate limiters do the real throttling. */
  maxEventsInFlight?: number;
  progress: ProgressTracker;
  /** Current time as an ISO string, for the finish time. */
  nowIso(): string;
}

/**
 * A handler run's outcome as the dispatcher counts it: a run that wrote its findings but recorded
 * a failure on the way (a failed later page) is counted failed, so the counters agree with the
 * failure list, and what it found is still dispatched.
 */
export type RunOutcome = HandlerOutcome | { kind: 'completed-with-failures'; dispatch: EntityId[] };

export interface Dispatcher {
  /** Dispatches the seeds at depth 0. Call once. */
  start(seeds: readonly EntityId[]): void;
  /** Stops starting new handler runs; runs in flight finish. */
  pause(): void;
  resume(): void;
  /** Drops queued events, aborts in-flight runs through the signal, resolves `done` when they settle. */
  cancel(): void;
  readonly signal: AbortSignal;
  /** Resolves at once while running, else on resume or cancel. */
  whenRunning(): Promise<void>;
  /** Aborted when the session pauses (or is cancelled); a fresh signal after each resume. */
  runningSignal(): AbortSignal;
  /** Resolves with the final progress when the queue drains or the cancel settled. */
  readonly done: Promise<SessionProgress>;
}

interface QueuedEvent {
  id: EntityId;
  stages: readonly (readonly RegisteredHandler[])[];
}

export const DEFAULT_MAX_EVENTS_IN_FLIGHT = 16;

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { progress, maxDepth } = options;
  const maxInFlight = Math.max(1, options.maxEventsInFlight ?? DEFAULT_MAX_EVENTS_IN_FLIGHT);
  const controller = new AbortController();
  const signal = controller.signal;
  // Shallowest depth each dispatched entity was reached at, and what its completed runs found.
  const depthOf = new Map<EntityId, number>();
  const foundBy = new Map<EntityId, (readonly EntityId[])[]>();
  let pauseController = new AbortController();
  const stagesByType = new Map<AssetType, readonly (readonly RegisteredHandler[])[]>();
  let pending: QueuedEvent[] = [];
  let pendingHead = 0;
  let inFlight = 0;
  let paused = false;
  let cancelled = false;
  let finished = false;
  let started = false;
  let resumeWaiters: (() => void)[] = [];
  let resolveDone!: (progress: SessionProgress) => void;
  const done = new Promise<SessionProgress>((resolve) => {
    resolveDone = resolve;
  });

  const stagesOf = (type: AssetType): readonly (readonly RegisteredHandler[])[] => {
    let stages = stagesByType.get(type);
    if (stages === undefined) {
      stages = options.pipeline(type).map((stage) => stage.handlers);
      stagesByType.set(type, stages);
    }
    return stages;
  };

  /** Resolves at once while running, else on resume or cancel. */
  const whenRunning = (): Promise<void> =>
    paused && !cancelled ? new Promise<void>((resolve) => resumeWaiters.push(resolve)) : Promise.resolve();

  const typeOf = (id: EntityId): AssetType | undefined => {
    const type = id.slice(0, id.indexOf(':'));
    return isAssetType(type) ? type : undefined;
  };

  const enqueue = (ids: readonly EntityId[], depth: number): void => {
    if (cancelled || depth > maxDepth) {
      return;
    }
    let added = 0;
    for (const id of ids) {
      const known = depthOf.get(id);
      if (known !== undefined) {
        // Each handler takes an entity once per session; a shorter path only lowers its depth,
        // and what its runs already found moves up with it.
        if (depth < known) {
          depthOf.set(id, depth);
          for (const found of foundBy.get(id) ?? []) {
            enqueue(found, depth + 1);
          }
        }
        continue;
      }
      const type = typeOf(id);
      if (type === undefined) {
        continue;
      }
      const stages = stagesOf(type);
      if (stages.length === 0) {
        continue;
      }
      depthOf.set(id, depth);
      pending.push({ id, stages });
      for (const stage of stages) {
        progress.queued += stage.length;
      }
      added += 1;
    }
    if (added > 0) {
      progress.changed();
      pump();
    }
  };

  /** Dispatches what a run found, one level below its entity's shallowest depth. */
  const dispatchFound = (from: EntityId, found: readonly EntityId[]): void => {
    if (found.length === 0) {
      return;
    }
    // Kept as the runs' own arrays (no copies): re-dispatching skips what is already known.
    const known = foundBy.get(from);
    if (known === undefined) {
      foundBy.set(from, [found]);
    } else {
      known.push(found);
    }
    enqueue(found, (depthOf.get(from) ?? 0) + 1);
  };

  const pump = (): void => {
    while (!paused && !cancelled && inFlight < maxInFlight && pendingHead < pending.length) {
      const event = pending[pendingHead];
      pending[pendingHead] = undefined as unknown as QueuedEvent;
      pendingHead += 1;
      if (pendingHead > 1024 && pendingHead * 2 > pending.length) {
        pending = pending.slice(pendingHead);
        pendingHead = 0;
      }
      if (event === undefined) {
        continue;
      }
      inFlight += 1;
      void processEvent(event).then(afterEvent, afterEvent);
    }
    settleIfIdle();
  };

  const afterEvent = (): void => {
    inFlight -= 1;
    pump();
  };

  const settleIfIdle = (): void => {
    if (finished || !started || inFlight > 0) {
      return;
    }
    if (cancelled) {
      finish('cancelled');
    } else if (pendingHead >= pending.length) {
      finish('done');
    }
  };

  const finish = (state: 'done' | 'cancelled'): void => {
    finished = true;
    progress.queued = 0;
    progress.finish(state, options.nowIso());
    resolveDone(progress.snapshot());
  };

  const waitWhilePaused = async (): Promise<void> => {
    while (paused && !cancelled) {
      await whenRunning();
    }
  };

  const processEvent = async (event: QueuedEvent): Promise<void> => {
    for (const stage of event.stages) {
      if (paused) {
        await waitWhilePaused();
      }
      if (cancelled) {
        return;
      }
      if (stage.length === 1) {
        await runOne(stage[0] as RegisteredHandler, event);
      } else {
        await Promise.all(stage.map((registered) => runOne(registered, event)));
      }
    }
  };

  const executeSafely = async (registered: RegisteredHandler, id: EntityId): Promise<RunOutcome> => {
    try {
      return await options.execute(registered, id, signal);
    } catch {
      // execute reports its own errors; a throw here is a bug in the engine's wrapper.
      return { kind: 'failed' };
    }
  };

  /**
   * Runs a handler, or an alternative chain: from the member that answered within the TTL (else
   * the first), on to the next member while one could not answer.
   */
  const executeChain = async (registered: RegisteredHandler, id: EntityId): Promise<RunOutcome> => {
    const chain = [registered, ...(registered.alternatives ?? [])];
    const answered = options.answeredWithinTtl;
    let index =
      answered === undefined
        ? 0
        : Math.max(
            0,
            chain.findIndex((member) => answered(member, id)),
          );
    for (;;) {
      const member = chain[index] as RegisteredHandler;
      const outcome = await executeSafely(member, id);
      index += 1;
      if (index >= chain.length || cancelled || !needsFallback(outcome)) {
        return outcome;
      }
      if (outcome.kind === 'failed') {
        progress.failed += 1;
        progress.changed();
      }
    }
  };

  const runOne = async (registered: RegisteredHandler, event: QueuedEvent): Promise<void> => {
    progress.queued -= 1;
    progress.running += 1;
    progress.changed();
    const outcome = await executeChain(registered, event.id);
    progress.running -= 1;
    switch (outcome.kind) {
      case 'completed':
        progress.done += 1;
        if (outcome.cacheHit) {
          progress.cacheHits += 1;
        }
        progress.changed();
        dispatchFound(event.id, outcome.dispatch);
        return;
      case 'completed-with-failures':
        progress.failed += 1;
        progress.changed();
        dispatchFound(event.id, outcome.dispatch);
        return;
      case 'failed':
        progress.failed += 1;
        break;
      case 'ignored':
      case 'needs-key':
      case 'unserved':
        progress.done += 1;
        break;
      case 'cancelled':
        break;
    }
    progress.changed();
  };

  return {
    signal,
    done,
    whenRunning,
    runningSignal: () => (cancelled ? signal : pauseController.signal),
    start(seeds) {
      if (started) {
        throw new Error('the session has already started');
      }
      started = true;
      enqueue(seeds, 0);
      settleIfIdle();
    },
    pause() {
      if (finished || cancelled || paused) {
        return;
      }
      paused = true;
      pauseController.abort(new DOMException('The session was paused.', 'AbortError'));
      progress.state = 'paused';
      progress.changed();
    },
    resume() {
      if (finished || cancelled || !paused) {
        return;
      }
      paused = false;
      pauseController = new AbortController();
      progress.state = 'running';
      const waiters = resumeWaiters;
      resumeWaiters = [];
      for (const wake of waiters) {
        wake();
      }
      progress.changed();
      pump();
    },
    cancel() {
      if (finished || cancelled) {
        return;
      }
      cancelled = true;
      paused = false;
      progress.state = 'cancelling';
      pending = [];
      pendingHead = 0;
      controller.abort(new DOMException('The session was cancelled.', 'AbortError'));
      const waiters = resumeWaiters;
      resumeWaiters = [];
      for (const wake of waiters) {
        wake();
      }
      progress.changed();
      settleIfIdle();
    },
  };
}

/** A chain member could not answer: no service, or a failure other than "not found". */
function needsFallback(outcome: RunOutcome): boolean {
  return outcome.kind === 'unserved' || (outcome.kind === 'failed' && outcome.code !== 'not_found');
}
