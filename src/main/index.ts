/** Electron main entry: starts the desktop app (the web host is started by src/main/web/launch.ts instead). */
import { startElectronApp } from './electron/app';

startElectronApp().catch((error: unknown) => {
  process.stderr.write(
    `Trace Graph failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
