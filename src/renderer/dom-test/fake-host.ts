/**
 * The host side of window.api for the renderer test tier: each channel a test needs answers from
 * the test's table (a Result, as main's handlers answer), every call is recorded, and events can
 * be pushed as main pushes them. A channel the test left out answers an `internal` error, so a
 * component that calls something unexpected shows it instead of hanging.
 */
import type {
  AppApi,
  EventChannel,
  EventMap,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
} from '../../shared/ipc/contract';
import type { SessionProgress } from '../../shared/model/session';
import type { Result } from '../../shared/ipc/result';
import { fail } from '../../shared/ipc/result';

export type HostReplies = {
  [C in InvokeChannel]?: (request: InvokeRequest<C>) => Result<InvokeResponse<C>>;
};

export interface FakeHost {
  /** The requests sent on one channel, oldest first. */
  callsTo<C extends InvokeChannel>(channel: C): InvokeRequest<C>[];
  emit<E extends EventChannel>(event: E, payload: EventMap[E]): void;
}

export function installFakeHost(replies: HostReplies): FakeHost {
  const calls: { channel: InvokeChannel; request: unknown }[] = [];
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const api: AppApi = {
    invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>) {
      calls.push({ channel, request });
      const reply = replies[channel] as
        ((request: InvokeRequest<C>) => Result<InvokeResponse<C>>) | undefined;
      return Promise.resolve(
        reply === undefined ? fail<InvokeResponse<C>>('internal', `no reply for ${channel}`) : reply(request),
      );
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  window.api = api;
  return {
    callsTo: <C extends InvokeChannel>(channel: C) =>
      calls.filter((call) => call.channel === channel).map((call) => call.request as InvokeRequest<C>),
    emit: (event, payload) => {
      for (const listener of listeners.get(event) ?? []) {
        (listener as (value: typeof payload) => void)(payload);
      }
    },
  };
}

/** The progress main reports for a run that has just started. */
export function startedProgress(sessionId: string): SessionProgress {
  return {
    sessionId,
    state: 'running',
    queued: 1,
    running: 0,
    done: 0,
    failed: 0,
    cacheHits: 0,
    requestsBySource: {},
    rateLimitWaitMsBySource: {},
    sourcesNeedingKey: [],
    failures: [],
    startedAt: '2026-11-24T05:00:00.000Z',
  };
}
