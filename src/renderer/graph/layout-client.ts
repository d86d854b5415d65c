/** Starts a re-layout in a Web Worker; stopping it terminates the worker (nothing is applied). */
import type { LayoutInput, LayoutPositions } from './layouts/types';

export interface WorkerLayout {
  /** The positions, or undefined when stopped or failed. */
  readonly done: Promise<LayoutPositions | undefined>;
  stop(): void;
}

type Reply = { ok: true; positions: LayoutPositions } | { ok: false; message: string };

export function startWorkerLayout(input: LayoutInput, onError: (message: string) => void): WorkerLayout {
  const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  let settle: (positions: LayoutPositions | undefined) => void = () => undefined;
  const done = new Promise<LayoutPositions | undefined>((resolve) => {
    settle = resolve;
  });
  const finish = (positions: LayoutPositions | undefined): void => {
    worker.terminate();
    settle(positions);
  };
  worker.onmessage = (event: MessageEvent<Reply>) => {
    if (event.data.ok) {
      finish(event.data.positions);
    } else {
      onError(event.data.message);
      finish(undefined);
    }
  };
  worker.onerror = (event) => {
    onError(event.message);
    finish(undefined);
  };
  worker.postMessage(input);
  return { done, stop: () => finish(undefined) };
}
