/**
 * Preloaded into a benchmarked child process (`--import`): answers the parent's IPC messages with
 * the child's own memory figures, so a benchmark can tell memory in use (V8 heap, buffers) from
 * memory the process merely holds (RSS). `{ probe: 'memory', gc: true }` collects garbage first
 * when the child runs with --expose-gc; `{ probe: 'snapshot', file }` writes a heap snapshot
 * (to diff in Chrome's Memory panel when looking for what a flood retains).
 */
import { writeHeapSnapshot } from 'node:v8';

function figures() {
  const usage = process.memoryUsage();
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
  };
}

if (process.send !== undefined) {
  process.channel?.unref();
  process.on('message', (message) => {
    if (message?.probe === 'memory') {
      const collected = message.gc === true && typeof globalThis.gc === 'function';
      if (collected) {
        // Twice: the first pass may only queue finalizers whose objects the second one frees.
        globalThis.gc();
        globalThis.gc();
      }
      process.send({ probe: 'memory', collected, ...figures() });
    } else if (message?.probe === 'snapshot') {
      process.send({ probe: 'snapshot', file: writeHeapSnapshot(message.file) });
    }
  });
}
