/**
 * Binds the app services to ipcMain: one handler per allow-listed channel, each rejecting senders
 * other than the app's own window and page; events go to that window only.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { INVOKE_CHANNELS } from '../../shared/ipc/contract';
import { fail } from '../../shared/ipc/result';
import type { AppServices } from '../app-services/app-services';

export interface TrustedWindow {
  readonly webContents: WebContents;
}

/** True when the request comes from the app window's own top frame at the app's own URL. */
export function isTrustedSender(
  event: IpcMainInvokeEvent,
  window: TrustedWindow,
  appUrlPrefix: string,
): boolean {
  if (event.sender !== window.webContents) {
    return false;
  }
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && frame.url.startsWith(appUrlPrefix);
}

export interface IpcBindingOptions {
  ipcMain: IpcMain;
  services: AppServices;
  window: TrustedWindow;
  /** `file://.../out/renderer/` in the packaged app, the dev server URL in development. */
  appUrlPrefix: string;
}

/** Registers the handlers and the event forwarding; returns the function that removes them. */
export function bindIpc(options: IpcBindingOptions): () => void {
  for (const channel of INVOKE_CHANNELS) {
    options.ipcMain.handle(channel, (event, request: unknown) =>
      isTrustedSender(event, options.window, options.appUrlPrefix)
        ? options.services.invoke(channel, request)
        : Promise.resolve(fail('forbidden', 'request from an untrusted sender')),
    );
  }
  const unsubscribe = options.services.subscribe((event, payload) => {
    if (!options.window.webContents.isDestroyed()) {
      options.window.webContents.send(event, payload);
    }
  });
  return () => {
    unsubscribe();
    for (const channel of INVOKE_CHANNELS) {
      options.ipcMain.removeHandler(channel);
    }
  };
}
