/** The desktop app: one hardened window over the app services (the thin Electron adapter). */
import { app, BrowserWindow, ipcMain, session, shell } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { composeAppServices, createStderrLogger } from '../app-services/compose';
import { bindIpc } from './ipc-bindings';
import { CONTENT_SECURITY_POLICY, mainWindowOptions } from './window-options';

function dataDirFlag(argv: string[]): string | undefined {
  const index = argv.indexOf('--data-dir');
  return index >= 0 ? argv[index + 1] : undefined;
}

export async function startElectronApp(): Promise<void> {
  await app.whenReady();
  const logger = createStderrLogger();
  const flag = dataDirFlag(process.argv);
  const { services } = await composeAppServices({
    ...(flag === undefined ? {} : { dataDirFlag: flag }),
    environment: process.env,
    logger,
  });

  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));

  const window = new BrowserWindow(
    mainWindowOptions(
      path.join(import.meta.dirname, '../preload/index.cjs'),
      // out/main/index.js -> resources/icon.png at the project root (Linux and Windows; macOS
      // takes the bundle's icon).
      path.join(import.meta.dirname, '../../resources/icon.png'),
    ),
  );
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const pageUrl = devUrl ?? pathToFileURL(path.join(import.meta.dirname, '../renderer/index.html')).href;
  const appUrlPrefix = devUrl ?? pathToFileURL(path.join(import.meta.dirname, '../renderer/')).href;

  window.webContents.setWindowOpenHandler(({ url }) => {
    // Links to the web open in the system browser; nothing opens a second app window.
    if (/^https?:\/\//.test(url)) {
      void shell.openExternal(url);
    }
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(appUrlPrefix)) {
      event.preventDefault();
    }
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());

  const unbind = bindIpc({ ipcMain, services, window, appUrlPrefix });
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    unbind();
  });
  app.on('window-all-closed', () => {
    void services.close().finally(() => app.quit());
  });
  await window.loadURL(pageUrl);
}
