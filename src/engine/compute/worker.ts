/**
 * The compute worker's entry: runs the named pure task on each message and answers with its
 * output or the error it threw. It holds no state between tasks.
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from './pool';
import { runComputeTask } from './tasks';

interface TaskMessage {
  id: number;
  task: string;
  input: unknown;
}

function answer(message: TaskMessage): WorkerReply {
  try {
    return { id: message.id, ok: true, output: runComputeTask(message.task, message.input) };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return { id: message.id, ok: false, error: { name: failure.name, message: failure.message } };
  }
}

parentPort?.on('message', (message: TaskMessage) => parentPort?.postMessage(answer(message)));
