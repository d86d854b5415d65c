/**
 * Runs the session's CPU-heavy pure steps (compute/tasks.ts) on worker threads, so a hostile
 * reply never blocks the thread serving the UI. A task is cancelled with its session: the worker
 * running it is terminated at once (CPU work included) and a fresh one takes the next task.
 * Workers are started on first use and kept (unreferenced) while idle; `close` ends them.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '../util/logger';
import type { OffThreadRunner } from '../core/plugin-api';
import { runComputeTask } from './tasks';

export interface ComputePool extends OffThreadRunner {
  /** Workers alive now, busy or idle (0 in place). */
  workerCount(): number;
  close(): Promise<void>;
}

/** A reply from the worker: the task's output, or the error it threw (name and message). */
export type WorkerReply =
  | { id: number; ok: true; output: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };

export interface WorkerPoolOptions {
  /** The worker's entry file (compute/worker.ts built, or the bootstrap that loads it from source). */
  workerUrl: URL;
  /** At most this many tasks run at once; further ones wait in order. */
  maxWorkers?: number;
  /** A worker idle this long ends, giving back its heap (default WORKER_IDLE_MS). */
  idleMs?: number;
  logger?: Logger;
}

/** Runs every task in place, on the calling thread: the fallback, and the bench's baseline. */
export const inPlaceCompute: ComputePool = {
  run: (task, input, signal) => {
    signal.throwIfAborted();
    return Promise.resolve(runComputeTask(task, input));
  },
  workerCount: () => 0,
  close: () => Promise.resolve(),
};

/**
 * How long an idle worker is kept. Reading a 10 MB reply leaves a worker's heap tens of MB larger
 * (V8 keeps its pages committed); a worker ended after a quiet spell gives them back, and the
 * next large reply starts a fresh one (tens of milliseconds, on the worker's own thread).
 */
export const WORKER_IDLE_MS = 30_000;

interface Slot {
  worker: Worker;
  busy: boolean;
  /** Ends the worker once it has been idle for `idleMs`. */
  idleTimer?: ReturnType<typeof setTimeout>;
}

export function createWorkerPool(options: WorkerPoolOptions): ComputePool {
  const maxWorkers = Math.max(1, options.maxWorkers ?? 2);
  const idleMs = options.idleMs ?? WORKER_IDLE_MS;
  const slots = new Set<Slot>();
  const waiting: Array<() => void> = [];
  let nextId = 1;
  let closed = false;

  const acquire = async (signal: AbortSignal): Promise<Slot> => {
    for (;;) {
      signal.throwIfAborted();
      const idle = [...slots].find((slot) => !slot.busy);
      if (idle !== undefined) {
        idle.busy = true;
        clearTimeout(idle.idleTimer);
        return idle;
      }
      if (slots.size < maxWorkers) {
        const slot: Slot = { worker: new Worker(options.workerUrl), busy: true };
        slot.worker.on('error', (error: Error) =>
          options.logger?.warn('compute worker failed', { error: error.message }),
        );
        slot.worker.on('exit', () => slots.delete(slot));
        slots.add(slot);
        return slot;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  const release = (slot: Slot, terminate: boolean): void => {
    slot.busy = false;
    if (terminate) {
      slots.delete(slot);
      void slot.worker.terminate();
    } else {
      slot.worker.unref();
      slot.idleTimer = setTimeout(() => {
        if (!slot.busy && slots.delete(slot)) {
          void slot.worker.terminate();
        }
      }, idleMs);
      slot.idleTimer.unref();
    }
    waiting.shift()?.();
  };

  /** Settles with the task's output, or `stopped` when the worker ended without answering. */
  const runOn = (
    slot: Slot,
    task: string,
    input: unknown,
    signal: AbortSignal,
  ): Promise<{ output: unknown } | { stopped: number }> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      let settled = false;
      const finish = (terminate: boolean, settle: () => void): void => {
        if (settled) {
          return;
        }
        settled = true;
        slot.worker.off('message', onMessage);
        slot.worker.off('exit', onExit);
        signal.removeEventListener('abort', onAbort);
        release(slot, terminate);
        settle();
      };
      const onMessage = (reply: WorkerReply): void => {
        if (reply.id !== id) {
          return;
        }
        finish(false, () =>
          reply.ok
            ? resolve({ output: reply.output })
            : reject(Object.assign(new Error(reply.error.message), { name: reply.error.name })),
        );
      };
      const onExit = (code: number): void => finish(false, () => resolve({ stopped: code }));
      // Cancel reaches CPU work too: the worker is ended mid-task, not asked to stop.
      const onAbort = (): void => finish(true, () => reject(signal.reason as Error));
      slot.worker.on('message', onMessage);
      slot.worker.on('exit', onExit);
      signal.addEventListener('abort', onAbort, { once: true });
      slot.worker.ref();
      slot.worker.postMessage({ id, task, input });
    });

  return {
    run: async (task, input, signal) => {
      if (closed) {
        throw new Error('the compute pool is closed');
      }
      const slot = await acquire(signal);
      const settled = await runOn(slot, task, input, signal);
      if ('output' in settled) {
        return settled.output;
      }
      // A worker that cannot start (or died) must not cost the session its findings: the task
      // runs in place, as it did before workers, and the log says why.
      options.logger?.warn('compute worker stopped; running the task in place', {
        task,
        exitCode: settled.stopped,
      });
      return inPlaceCompute.run(task, input, signal);
    },
    workerCount: () => slots.size,
    close: async () => {
      closed = true;
      const workers = [...slots].map((slot) => {
        clearTimeout(slot.idleTimer);
        return slot.worker;
      });
      slots.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
