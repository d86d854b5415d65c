/**
 * The browser build's window.api: the same invoke/on contract as the Electron preload, carried over
 * a WebSocket to the loopback host. The per-launch token comes from the URL fragment (#token=...),
 * is kept in sessionStorage for reloads of this tab, and is sent as a WebSocket subprotocol.
 */
import type { AppApi, EventChannel, EventMap } from '../../shared/ipc/contract';
import { isEventChannel, isInvokeChannel } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import { fail } from '../../shared/ipc/result';
import type { ResultPart } from '../../shared/ipc/result-parts';
import { assembleResult } from '../../shared/ipc/result-parts';

const TOKEN_KEY = 'trace-graph-token';

/** Reads the token from `#token=...` (then removes it from the address bar) or from this tab's storage. */
export function takeToken(location: Location, storage: Storage, history: History): string | undefined {
  const match = /(?:^#|&)token=([0-9a-f]{16,128})/.exec(location.hash);
  if (match?.[1] !== undefined) {
    storage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    return match[1];
  }
  return storage.getItem(TOKEN_KEY) ?? undefined;
}

interface Pending {
  resolve(result: Result<unknown>): void;
  /** A large reply's parts, received before the reply itself (shared/ipc/result-parts.ts). */
  parts: ResultPart[];
}

interface HostMessage {
  type?: string;
  id?: number;
  result?: Result<unknown>;
  /** With a reply: how many parts came before it. */
  parts?: number;
  path?: string[];
  items?: unknown[];
  event?: unknown;
  payload?: unknown;
}

/** The reply with its parts put back, or a failure when they did not all arrive intact. */
function completeResult(
  request: Pending,
  message: HostMessage & { result: Result<unknown> },
): Result<unknown> {
  const expected = message.parts ?? 0;
  if (expected === 0 && request.parts.length === 0) {
    return message.result;
  }
  if (request.parts.length !== expected || !assembleResult(message.result, request.parts)) {
    return fail('internal', 'The reply from the app host arrived incomplete.');
  }
  return message.result;
}

export function createWebBridge(url: string, token: string | undefined): AppApi {
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const pending = new Map<number, Pending>();
  // Requests not sent yet (no open socket); each is sent at most once, and only while unanswered.
  let queue: { id: number; message: string }[] = [];
  let nextId = 1;
  let socket: WebSocket | undefined;
  let retryMs = 250;

  const connect = (): void => {
    if (token === undefined) {
      return;
    }
    const current = new WebSocket(url, ['trace-graph', `tg-token.${token}`]);
    socket = current;
    current.addEventListener('open', () => {
      retryMs = 250;
      const waiting = queue;
      queue = [];
      for (const { id, message } of waiting) {
        if (pending.has(id)) {
          current.send(message);
        }
      }
    });
    current.addEventListener('message', (event: MessageEvent<string>) => {
      let message: HostMessage;
      try {
        message = JSON.parse(event.data) as HostMessage;
      } catch {
        return;
      }
      const request = typeof message.id === 'number' ? pending.get(message.id) : undefined;
      if (message.type === 'part' && request !== undefined && Array.isArray(message.path)) {
        request.parts.push({ path: message.path, items: message.items ?? [] });
      } else if (message.type === 'result' && request !== undefined && message.result !== undefined) {
        const result = completeResult(request, { ...message, result: message.result });
        pending.delete(message.id ?? 0);
        if (request.parts.length === 0) {
          request.resolve(result);
        } else {
          // A large reply (a big case opened) is acted on in a task of its own: the browser may
          // hand several of the socket's messages to one task, and what the caller does with the
          // reply (the store's reset of 30,000 entities) is a task's worth already (issue 23).
          setTimeout(() => request.resolve(result), 0);
        }
      } else if (message.type === 'event' && isEventChannel(message.event)) {
        for (const listener of listeners.get(message.event) ?? []) {
          listener(message.payload as never);
        }
      }
    });
    current.addEventListener('close', () => {
      // Requests in flight are lost with the socket: answer them instead of hanging. A request
      // answered "lost" is never sent later: the user saw it fail (a Start must not run anyway).
      for (const [id, request] of pending) {
        request.resolve(fail('internal', 'The connection to the app host was lost.'));
        pending.delete(id);
      }
      queue = [];
      socket = undefined;
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5_000);
    });
  };
  connect();

  return {
    invoke(channel, request) {
      if (token === undefined) {
        return Promise.resolve(
          fail('forbidden', 'Open the address printed by "npm run web": it carries the access token.'),
        );
      }
      if (!isInvokeChannel(channel)) {
        return Promise.resolve(fail('invalid_request', 'unknown channel'));
      }
      const id = nextId++;
      const message = JSON.stringify({ type: 'invoke', id, channel, request });
      return new Promise((resolve) => {
        pending.set(id, { resolve: resolve as Pending['resolve'], parts: [] });
        if (socket?.readyState === WebSocket.OPEN) {
          socket.send(message);
        } else {
          queue.push({ id, message });
        }
      });
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventMap[E]) => void) {
      if (!isEventChannel(event)) {
        throw new Error(`unknown event ${String(event)}`);
      }
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}

/**
 * Installs window.api for the browser build. Answers false, installing nothing, when the page was
 * opened without its access token: such a page must not look like an empty app (issue 23, item 5).
 */
export function installWebBridge(target: Window): boolean {
  const token = takeToken(target.location, target.sessionStorage, target.history);
  if (token === undefined) {
    return false;
  }
  const protocol = target.location.protocol === 'https:' ? 'wss:' : 'ws:';
  target.api = createWebBridge(`${protocol}//${target.location.host}/ws`, token);
  return true;
}
