import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebBridge } from './web-bridge';

/** A WebSocket the test opens, closes and reads the sent messages of. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  readonly sent: string[] = [];
  constructor() {
    super();
    FakeSocket.all.push(this);
  }
  send(message: string): void {
    this.sent.push(message);
  }
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  drop(): void {
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(new Event('close'));
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const channels = (socket: FakeSocket | undefined): string[] =>
  (socket?.sent ?? []).map((text) => (JSON.parse(text) as { channel: string }).channel);

describe('web bridge reconnect', () => {
  it('never sends after a reconnect a request it already answered "connection lost"', async () => {
    const api = createWebBridge('ws://127.0.0.1:1/ws', 'a'.repeat(32));
    const first = FakeSocket.all[0];
    // Invoked before the socket opened: queued; the socket then closes without ever opening.
    const start = api.invoke('session:start', { caseId: 'c', seeds: [] });
    first?.drop();
    const result = await start;
    expect(result).toMatchObject({ ok: false, error: { message: /connection to the app host was lost/ } });
    await vi.advanceTimersByTimeAsync(300);
    const second = FakeSocket.all[1];
    second?.open();
    expect(channels(second)).toEqual([]);
  });

  it('sends a request made while disconnected once the socket opens', async () => {
    const api = createWebBridge('ws://127.0.0.1:1/ws', 'a'.repeat(32));
    FakeSocket.all[0]?.drop();
    void api.invoke('cases:list', {});
    await vi.advanceTimersByTimeAsync(300);
    const second = FakeSocket.all[1];
    second?.open();
    expect(channels(second)).toEqual(['cases:list']);
  });
});

describe('web bridge large replies', () => {
  const message = (socket: FakeSocket | undefined, data: unknown): void => {
    socket?.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  };

  it('answers a large reply with its parts put back in the order they came', async () => {
    const api = createWebBridge('ws://127.0.0.1:1/ws', 'a'.repeat(32));
    const socket = FakeSocket.all[0];
    socket?.open();
    const opened = api.invoke('cases:list', {});
    const path = ['value', 'items'];
    message(socket, { type: 'part', id: 1, path, items: [1, 2] });
    message(socket, { type: 'part', id: 1, path, items: [3] });
    message(socket, { type: 'result', id: 1, parts: 2, result: { ok: true, value: { items: [] } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(await opened).toEqual({ ok: true, value: { items: [1, 2, 3] } });
  });

  it('answers a large reply in a task after the message that completed it', async () => {
    const api = createWebBridge('ws://127.0.0.1:1/ws', 'a'.repeat(32));
    const socket = FakeSocket.all[0];
    socket?.open();
    let answered = false;
    void api.invoke('cases:list', {}).then(() => (answered = true));
    message(socket, { type: 'part', id: 1, path: ['value', 'items'], items: [1] });
    message(socket, { type: 'result', id: 1, parts: 1, result: { ok: true, value: { items: [] } } });
    await Promise.resolve();
    const inTheMessageTask = answered;
    await vi.advanceTimersByTimeAsync(0);
    expect({ inTheMessageTask, afterIt: answered }).toEqual({ inTheMessageTask: false, afterIt: true });
  });

  it('answers a failure when fewer parts came than the reply says', async () => {
    const api = createWebBridge('ws://127.0.0.1:1/ws', 'a'.repeat(32));
    const socket = FakeSocket.all[0];
    socket?.open();
    const opened = api.invoke('cases:list', {});
    message(socket, { type: 'part', id: 1, path: ['value', 'items'], items: [1] });
    message(socket, { type: 'result', id: 1, parts: 2, result: { ok: true, value: { items: [] } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(await opened).toMatchObject({ ok: false, error: { message: /arrived incomplete/ } });
  });
});
