/**
 * A turn of the event loop every so many items of a reply-driven loop. The engine shares its
 * thread with the host that serves the UI (docs/decisions.md, "The host never blocks"): a loop
 * over a reply's thousand items that never yields holds every other client for its whole length.
 */

/** Items between two turns: a few tens of milliseconds of mapping work. */
export const ITEMS_PER_TURN = 50;

const nextCheckPhase = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Resolves once the event loop has served timers and waiting I/O (a client's request). One
 * `setImmediate` is not enough when the caller runs in an I/O callback (a reply's bytes, a
 * worker's answer): it resolves in the same loop iteration, before any timer or I/O, so the
 * work before and after it would be one block. The second one always comes after a poll phase.
 */
export async function yieldToEventLoop(): Promise<void> {
  await nextCheckPhase();
  await nextCheckPhase();
}

/** Returns a function to await once per item; it yields to the event loop every `every` calls. */
export function createPacer(every = ITEMS_PER_TURN): () => Promise<void> {
  let count = 0;
  return () => {
    count += 1;
    return count % every === 0 ? yieldToEventLoop() : Promise.resolve();
  };
}
