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

/**
 * The steps of a session's dispatch, each below as its own piece: `createEventQueue` (depth,
 * dedupe, what runs found), `runHandlerChain` (a handler or its alternatives, in TTL order),
 * `countOutcome` (the progress counters). This function holds the run state: in flight, paused,
 * cancelled, finished.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { progress } = options;
  const maxInFlight = Math.max(1, options.maxEventsInFlight ?? DEFAULT_MAX_EVENTS_IN_FLIGHT);
  const controller = new AbortController();
  const signal = controller.signal;
  const queue = createEventQueue(options);
  let pauseController = new AbortController();
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

  /** Resolves at once while running, else on resume or cancel. */
  const whenRunning = (): Promise<void> =>
    paused && !cancelled ? new Promise<void>((resolve) => resumeWaiters.push(resolve)) : Promise.resolve();

  const wakeWaiters = (): void => {
    const waiters = resumeWaiters;
    resumeWaiters = [];
    for (const wake of waiters) {
      wake();
    }
  };

  const enqueue = (ids: readonly EntityId[], depth: number): void => {
    if (!cancelled && queue.enqueue(ids, depth) > 0) {
      progress.changed();
      pump();
    }
  };

  /** Dispatches what a run found, one level below its entity's shallowest depth. */
  const dispatchFound = (from: EntityId, found: readonly EntityId[]): void => {
    if (!cancelled && queue.dispatchFound(from, found) > 0) {
      progress.changed();
      pump();
    }
  };

  const pump = (): void => {
    while (!paused && !cancelled && inFlight < maxInFlight) {
      const event = queue.next();
      if (event === undefined) {
        break;
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
    } else if (queue.isEmpty()) {
      finish('done');
    }
  };

  const finish = (state: 'done' | 'cancelled'): void => {
    finished = true;
    progress.queued = 0;
    progress.finish(state, options.nowIso());
    resolveDone(progress.snapshot());
  };

  const processEvent = async (event: QueuedEvent): Promise<void> => {
    for (const stage of event.stages) {
      while (paused && !cancelled) {
        await whenRunning();
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

  const runOne = async (registered: RegisteredHandler, event: QueuedEvent): Promise<void> => {
    progress.queued -= 1;
    progress.running += 1;
    progress.changed();
    const outcome = await runHandlerChain(options, registered, event.id, signal, () => cancelled);
    progress.running -= 1;
    const found = countOutcome(progress, outcome);
    progress.changed();
    if (found !== undefined) {
      dispatchFound(event.id, found);
    }
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
      wakeWaiters();
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
      queue.clear();
      controller.abort(new DOMException('The session was cancelled.', 'AbortError'));
      wakeWaiters();
      progress.changed();
      settleIfIdle();
    },
  };
}

interface EventQueue {
  /** Queues the entities not yet dispatched at `depth`; lowers a known one's depth. Returns how many were queued. */
  enqueue(ids: readonly EntityId[], depth: number): number;
  /** Queues what a run on `from` found, one level below `from`'s shallowest depth. */
  dispatchFound(from: EntityId, found: readonly EntityId[]): number;
  /** The next event to process, first in first out. */
  next(): QueuedEvent | undefined;
  isEmpty(): boolean;
  /** Drops every queued event (cancel). */
  clear(): void;
}

/**
 * The session's queue of entity events: each entity once, at its shallowest depth, never past
 * the depth limit, with its asset type's pipeline stages; `progress.queued` counts their runs.
 */
function createEventQueue({
  pipeline,
  maxDepth,
  progress,
}: Pick<DispatcherOptions, 'pipeline' | 'maxDepth' | 'progress'>): EventQueue {
  // Shallowest depth each dispatched entity was reached at, and what its completed runs found.
  const depthOf = new Map<EntityId, number>();
  const foundBy = new Map<EntityId, (readonly EntityId[])[]>();
  const stagesByType = new Map<AssetType, readonly (readonly RegisteredHandler[])[]>();
  let pending: QueuedEvent[] = [];
  let pendingHead = 0;

  const stagesOf = (type: AssetType): readonly (readonly RegisteredHandler[])[] => {
    let stages = stagesByType.get(type);
    if (stages === undefined) {
      stages = pipeline(type).map((stage) => stage.handlers);
      stagesByType.set(type, stages);
    }
    return stages;
  };

  const enqueue = (ids: readonly EntityId[], depth: number): number => {
    if (depth > maxDepth) {
      return 0;
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
            added += enqueue(found, depth + 1);
          }
        }
        continue;
      }
      const type = typeOf(id);
      const stages = type === undefined ? [] : stagesOf(type);
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
    return added;
  };

  return {
    enqueue,
    dispatchFound(from, found) {
      if (found.length === 0) {
        return 0;
      }
      // Kept as the runs' own arrays (no copies): re-dispatching skips what is already known.
      const known = foundBy.get(from);
      if (known === undefined) {
        foundBy.set(from, [found]);
      } else {
        known.push(found);
      }
      return enqueue(found, (depthOf.get(from) ?? 0) + 1);
    },
    next() {
      while (pendingHead < pending.length) {
        const event = pending[pendingHead];
        pending[pendingHead] = undefined as unknown as QueuedEvent;
        pendingHead += 1;
        if (pendingHead > 1024 && pendingHead * 2 > pending.length) {
          pending = pending.slice(pendingHead);
          pendingHead = 0;
        }
        if (event !== undefined) {
          return event;
        }
      }
      return undefined;
    },
    isEmpty: () => pendingHead >= pending.length,
    clear() {
      pending = [];
      pendingHead = 0;
    },
  };
}

function typeOf(id: EntityId): AssetType | undefined {
  const type = id.slice(0, id.indexOf(':'));
  return isAssetType(type) ? type : undefined;
}

/**
 * Runs a handler, or an alternative chain: from the member that answered within the TTL (else
 * the first), on to the next member while one could not answer. A member that failed before the
 * next one is asked counts as failed.
 */
async function runHandlerChain(
  options: Pick<DispatcherOptions, 'execute' | 'answeredWithinTtl' | 'progress'>,
  registered: RegisteredHandler,
  id: EntityId,
  signal: AbortSignal,
  isCancelled: () => boolean,
): Promise<RunOutcome> {
  const { progress } = options;
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
    const outcome = await executeSafely(options, member, id, signal);
    index += 1;
    if (index >= chain.length || isCancelled() || !needsFallback(outcome)) {
      return outcome;
    }
    if (outcome.kind === 'failed') {
      progress.failed += 1;
      progress.changed();
    }
  }
}

async function executeSafely(
  { execute }: Pick<DispatcherOptions, 'execute'>,
  registered: RegisteredHandler,
  id: EntityId,
  signal: AbortSignal,
): Promise<RunOutcome> {
  try {
    return await execute(registered, id, signal);
  } catch {
    // execute reports its own errors; a throw here is a bug in the engine's wrapper.
    return { kind: 'failed' };
  }
}

/** Counts a run's outcome in the progress; returns what it found to dispatch, if it completed. */
function countOutcome(progress: ProgressTracker, outcome: RunOutcome): readonly EntityId[] | undefined {
  switch (outcome.kind) {
    case 'completed':
      progress.done += 1;
      if (outcome.cacheHit) {
        progress.cacheHits += 1;
      }
      return outcome.dispatch;
    case 'completed-with-failures':
      progress.failed += 1;
      return outcome.dispatch;
    case 'failed':
      progress.failed += 1;
      return undefined;
    case 'ignored':
    case 'needs-key':
    case 'unserved':
      progress.done += 1;
      return undefined;
    case 'cancelled':
      return undefined;
  }
}

/** A chain member could not answer: no service, or a failure other than "not found". */
function needsFallback(outcome: RunOutcome): boolean {
  return outcome.kind === 'unserved' || (outcome.kind === 'failed' && outcome.code !== 'not_found');
}
