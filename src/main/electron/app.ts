/** The desktop app: one hardened window over the app services (the thin Electron adapter). */
import { app, BrowserWindow, dialog, ipcMain, session, shell } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaseFileDialogs } from '../app-services/case-file-handlers';
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
  // The dialogs belong to the window, made once the services are up.
  const dialogOwner: { window?: BrowserWindow } = {};
  const { services } = await composeAppServices({
    ...(flag === undefined ? {} : { dataDirFlag: flag }),
    environment: process.env,
    logger,
    caseFileDialogs: nativeCaseFileDialogs(() => dialogOwner.window),
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
  dialogOwner.window = window;
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

const CASE_FILE_FILTERS = [
  { name: 'Trace Graph case', extensions: ['sqlite'] },
  { name: 'All files', extensions: ['*'] },
];

/** "Open case file..." and "Save a copy as..." through the system's own dialogs, over the window. */
function nativeCaseFileDialogs(owner: () => BrowserWindow | undefined): CaseFileDialogs {
  return {
    async chooseCaseFile(startIn) {
      const options = {
        title: 'Open case file',
        defaultPath: startIn,
        properties: ['openFile' as const],
        filters: CASE_FILE_FILTERS,
      };
      const parent = owner();
      const result = await (parent === undefined
        ? dialog.showOpenDialog(options)
        : dialog.showOpenDialog(parent, options));
      return result.canceled ? undefined : result.filePaths[0];
    },
    async chooseCopyTarget(suggested) {
      const options = { title: 'Save a copy as', defaultPath: suggested, filters: CASE_FILE_FILTERS };
      const parent = owner();
      const result = await (parent === undefined
        ? dialog.showSaveDialog(options)
        : dialog.showSaveDialog(parent, options));
      return result.canceled || result.filePath === '' ? undefined : result.filePath;
    },
  };
}
