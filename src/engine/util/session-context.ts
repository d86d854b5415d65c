/**
 * The session a piece of async work belongs to, carried by AsyncLocalStorage so that shared HTTP
 * clients and rate limiters can count requests and waits into the session that caused them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface SessionContext {
  readonly sessionId: string;
  /** Aborted when the session is cancelled. */
  readonly signal: AbortSignal;
  countRequest(source: string): void;
  /**
   * A request of `source` starts waiting on a rate limiter, expected to wait about `expectedMs`;
   * call the returned function when the wait ends. Waits are counted as wall-clock time per
   * source, so parallel waits are not added up.
   */
  beginRateLimitWait(source: string, expectedMs: number): () => void;
  /** Resolves at once while the session runs, else when it is resumed or cancelled. */
  whenRunning(): Promise<void>;
  /** Aborted when the session pauses or is cancelled (a fresh one after each resume). */
  runningSignal(): AbortSignal;
}

const storage = new AsyncLocalStorage<SessionContext>();

/** Runs `work` (and every async continuation it starts) inside the session's context. */
export function runInSessionContext<T>(context: SessionContext, work: () => T): T {
  return storage.run(context, work);
}

/** The session of the running handler, or undefined outside of any session (setup, tests). */
export function findSessionContext(): SessionContext | undefined {
  return storage.getStore();
}
