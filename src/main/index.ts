/** Electron main entry: starts the desktop app (the web host is started by src/main/web/launch.ts instead). */
// The Electron entry is the one file outside src/main/electron allowed to start the Electron adapter.
// eslint-disable-next-line no-restricted-imports
import { startElectronApp } from './electron/app';

startElectronApp().catch((error: unknown) => {
  process.stderr.write(
    `Trace Graph failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
