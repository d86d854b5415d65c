/**
 * A turn of the event loop every so many items of a reply-driven loop. The engine shares its
 * thread with the host that serves the UI (docs/decisions.md, "The host never blocks"): a loop
 * over a reply's thousand items that never yields holds every other client for its whole length.
 */

/** Items between two turns: a few tens of milliseconds of mapping work. */
export const ITEMS_PER_TURN = 50;

/** Returns a function to await once per item; it yields to the event loop every `every` calls. */
export function createPacer(every = ITEMS_PER_TURN): () => Promise<void> {
  let count = 0;
  return () => {
    count += 1;
    return count % every === 0 ? new Promise<void>((resolve) => setImmediate(resolve)) : Promise.resolve();
  };
}
