/** Where the app keeps its data: the data directory, its cases folder and its settings file. */
import os from 'node:os';
import path from 'node:path';

export const APP_DIR_NAME = 'trace-graph';

export interface DataDirInputs {
  /** `--data-dir` when given. */
  flag?: string | undefined;
  /** The process environment (TRACE_GRAPH_DATA_DIR, XDG_DATA_HOME, APPDATA, HOME). */
  env: Record<string, string | undefined>;
  /** Defaults to the running platform. */
  platform?: NodeJS.Platform;
  /** Defaults to the user's home directory. */
  home?: string;
}

/**
 * The data directory: `--data-dir`, else `TRACE_GRAPH_DATA_DIR`, else the platform's user data
 * directory + `/trace-graph` (XDG_DATA_HOME or ~/.local/share on Linux, ~/Library/Application
 * Support on macOS, %APPDATA% on Windows). Always absolute.
 */
export function resolveDataDir({ flag, env, platform = process.platform, home }: DataDirInputs): string {
  if (flag !== undefined && flag !== '') {
    return path.resolve(flag);
  }
  const fromEnvironment = env.TRACE_GRAPH_DATA_DIR;
  if (fromEnvironment !== undefined && fromEnvironment !== '') {
    return path.resolve(fromEnvironment);
  }
  const homeDir = home ?? env.HOME ?? os.homedir();
  if (platform === 'darwin') {
    return path.join(homeDir, 'Library', 'Application Support', APP_DIR_NAME);
  }
  if (platform === 'win32') {
    const appData = env.APPDATA;
    return appData !== undefined && appData !== ''
      ? path.win32.join(appData, APP_DIR_NAME)
      : path.win32.join(homeDir, 'AppData', 'Roaming', APP_DIR_NAME);
  }
  // XDG says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME;
  const base = xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(homeDir, '.local', 'share');
  return path.join(base, APP_DIR_NAME);
}

/** The folder holding the case files. */
export function casesDir(dataDir: string): string {
  return path.join(dataDir, 'cases');
}

/** The configuration file the settings screen edits. */
export function settingsPath(dataDir: string): string {
  return path.join(dataDir, 'settings.json');
}

/** The recent team cases the case list offers (connection details only, never a password). */
export function recentTeamCasesPath(dataDir: string): string {
  return path.join(dataDir, 'team-cases.json');
}
