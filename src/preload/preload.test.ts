import { describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../shared/ipc/contract';

const exposed = new Map<string, unknown>();
const listeners = new Map<string, ((event: unknown, payload: unknown) => void)[]>();
const invoked: [string, unknown][] = [];

// A hand-written stand-in for contextBridge and ipcRenderer.
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  ipcRenderer: {
    invoke: (channel: string, request: unknown) => {
      invoked.push([channel, request]);
      return Promise.resolve({ ok: true, value: [] });
    },
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
    removeListener: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((item) => item !== listener),
      ),
  },
}));

await import('./index');
const api = exposed.get('api') as AppApi;

describe('the preload bridge', () => {
  it('exposes only invoke and on as window.api', () => {
    expect([...exposed.keys()]).toEqual(['api']);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
  });

  it('forwards an allow-listed invoke to ipcRenderer', async () => {
    await expect(api.invoke('cases:list', {})).resolves.toEqual({ ok: true, value: [] });
    expect(invoked).toContainEqual(['cases:list', {}]);
  });

  it('rejects a channel that is not on the allow-list', async () => {
    await expect(api.invoke('fs:read' as never, {} as never)).rejects.toThrow('channel not allowed');
    expect(invoked.some(([channel]) => channel === 'fs:read')).toBe(false);
  });

  it('hands listeners the payload without the IPC event, and unsubscribes', () => {
    const received: unknown[] = [];
    const stop = api.on('cases:changed', (payload) => received.push(payload));
    for (const listener of listeners.get('cases:changed') ?? []) {
      listener({ sender: 'ipc-event' }, { hello: 1 });
    }
    expect(received).toEqual([{ hello: 1 }]);
    stop();
    expect(listeners.get('cases:changed')).toEqual([]);
  });

  it('refuses to subscribe to an event that is not on the allow-list', () => {
    expect(() => api.on('secret:leak' as never, () => undefined)).toThrow('event not allowed');
  });
});
