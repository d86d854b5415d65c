import { describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS } from '../../shared/ipc/contract';
import type { AppEventListener, AppServices } from '../app-services/app-services';
import { bindIpc, isTrustedSender } from './ipc-bindings';
import { mainWindowOptions } from './window-options';

// A hand-written stand-in for the parts of Electron the adapter touches.
vi.mock('electron', () => ({}));

type Handler = (event: unknown, request: unknown) => Promise<unknown>;

function createIpcMainMock() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  };
}

function createWebContentsMock() {
  const sent: [string, unknown][] = [];
  return {
    sent,
    send: (channel: string, payload: unknown) => sent.push([channel, payload]),
    isDestroyed: () => false,
  };
}

function createServicesMock() {
  const listeners = new Set<AppEventListener>();
  const invoked: [unknown, unknown][] = [];
  const services: AppServices = {
    invoke: (channel, request) => {
      invoked.push([channel, request]);
      return Promise.resolve({ ok: true, value: 'done' });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => Promise.resolve(),
  };
  return { services, invoked, listeners };
}

const APP_URL = 'file:///app/out/renderer/';

function eventFrom(sender: unknown, url = `${APP_URL}index.html`, parent: unknown = null) {
  return { sender, senderFrame: { url, parent } };
}

describe('the Electron window', () => {
  it('is sandboxed, context-isolated and without Node integration', () => {
    const options = mainWindowOptions('/app/out/preload/index.cjs');
    expect(options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webviewTag: false,
      preload: '/app/out/preload/index.cjs',
    });
  });
});

describe('the ipcMain bindings', () => {
  it('registers one handler per allow-listed channel and nothing else', () => {
    const ipcMain = createIpcMainMock();
    const webContents = createWebContentsMock();
    bindIpc({
      ipcMain: ipcMain as never,
      services: createServicesMock().services,
      window: { webContents } as never,
      appUrlPrefix: APP_URL,
    });
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('passes a request from the app window to the app services', async () => {
    const ipcMain = createIpcMainMock();
    const webContents = createWebContentsMock();
    const { services, invoked } = createServicesMock();
    bindIpc({ ipcMain: ipcMain as never, services, window: { webContents } as never, appUrlPrefix: APP_URL });
    const result = await ipcMain.handlers.get('cases:list')!(eventFrom(webContents), {});
    expect(result).toEqual({ ok: true, value: 'done' });
    expect(invoked).toEqual([['cases:list', {}]]);
  });

  it('refuses a request from another web contents without calling the services', async () => {
    const ipcMain = createIpcMainMock();
    const webContents = createWebContentsMock();
    const { services, invoked } = createServicesMock();
    bindIpc({ ipcMain: ipcMain as never, services, window: { webContents } as never, appUrlPrefix: APP_URL });
    const result = await ipcMain.handlers.get('cases:list')!(eventFrom(createWebContentsMock()), {});
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(invoked).toEqual([]);
  });

  it('refuses a request from a page navigated away from the app or from a subframe', () => {
    const webContents = createWebContentsMock();
    const window = { webContents } as never;
    expect(isTrustedSender(eventFrom(webContents, 'https://evil.example/') as never, window, APP_URL)).toBe(
      false,
    );
    expect(
      isTrustedSender(eventFrom(webContents, `${APP_URL}index.html`, {}) as never, window, APP_URL),
    ).toBe(false);
    expect(isTrustedSender(eventFrom(webContents) as never, window, APP_URL)).toBe(true);
  });

  it('forwards service events to the window and stops after unbinding', () => {
    const ipcMain = createIpcMainMock();
    const webContents = createWebContentsMock();
    const { services, listeners } = createServicesMock();
    const unbind = bindIpc({
      ipcMain: ipcMain as never,
      services,
      window: { webContents } as never,
      appUrlPrefix: APP_URL,
    });
    for (const listener of listeners) {
      listener('cases:changed', {});
    }
    expect(webContents.sent).toEqual([['cases:changed', {}]]);
    unbind();
    expect(listeners.size).toBe(0);
    expect(ipcMain.handlers.size).toBe(0);
  });
});
