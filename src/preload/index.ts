/**
 * The preload bridge: exposes exactly window.api = { invoke, on } for the allow-listed channels.
 * Callbacks never receive the IpcRendererEvent; there is no send or sendSync.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { AppApi } from '../shared/ipc/contract';
import { isEventChannel, isInvokeChannel } from '../shared/ipc/contract';

export function createPreloadApi(
  renderer: Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'>,
): AppApi {
  return {
    invoke(channel, request) {
      if (!isInvokeChannel(channel)) {
        return Promise.reject(new Error(`channel not allowed: ${String(channel)}`));
      }
      return renderer.invoke(channel, request) as ReturnType<AppApi['invoke']>;
    },
    on(event, listener) {
      if (!isEventChannel(event)) {
        throw new Error(`event not allowed: ${String(event)}`);
      }
      const forward = (_event: unknown, payload: unknown): void => listener(payload as never);
      renderer.on(event, forward);
      return () => {
        renderer.removeListener(event, forward);
      };
    },
  };
}

contextBridge.exposeInMainWorld('api', createPreloadApi(ipcRenderer));
