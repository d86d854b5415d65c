/**
 * The composition root shared by every host (desktop window, web host, CLI): data directory,
 * plugins, keychain-backed credentials and the engine factory; the app services on top for the
 * two UI hosts. Nothing here touches the disk, so the CLI can check all input first.
 */
import { builtinPlugins, createEngine } from '../../engine/index';
import type { AppConfig, Engine, EngineOptions, Logger } from '../../engine/index';
import { createKeyringCredentialStore, keychainServiceName } from '../credentials/keyring-credential-store';
import { casesDir, recentTeamCasesPath, resolveDataDir, settingsPath } from '../paths';
import type { AppCredentials } from './app-credentials';
import { createAppCredentials, hostOfSource } from './app-credentials';
import type { AppServices } from './app-services';
import type { CaseFileDialogs } from './case-file-handlers';
import { createAppServices } from './app-services';

export interface ComposeOptions {
  /** `--data-dir` when given. */
  dataDirFlag?: string | undefined;
  environment: Record<string, string | undefined>;
  logger: Logger;
  /** See AppCredentialsOptions.onKeychainUnavailable. */
  onKeychainUnavailable?: (message: string) => void;
  /** The desktop app's native file dialogs ("Open case file...", "Save a copy as..."). */
  caseFileDialogs?: CaseFileDialogs;
}

export interface ComposedEngine {
  /** Absolute; not created yet. */
  dataDir: string;
  credentials: AppCredentials;
  /**
   * An engine over the built-in plugins for a configuration; a team case hands in its database's
   * rate ledger so that the sources' limits hold across the team.
   */
  createEngine: (config: AppConfig, extra?: Pick<EngineOptions, 'rateLedger'>) => Engine;
}

/** Wires the engine's dependencies without touching the disk or the keychain. */
export function composeEngine(options: ComposeOptions): ComposedEngine {
  const dataDir = resolveDataDir({ flag: options.dataDirFlag, env: options.environment });
  const plugins = builtinPlugins();
  const sources = [
    ...new Set(plugins.flatMap((plugin) => (plugin.credential === undefined ? [] : [plugin.credential]))),
  ];
  // The configuration of the newest engine: a saved key is used only for the host it was saved for.
  let current: AppConfig | undefined;
  const credentials = createAppCredentials({
    hostOf: (source) => hostOfSource(current, source),
    openKeychain: () => createKeyringCredentialStore({ service: keychainServiceName(options.environment) }),
    environment: options.environment,
    sources,
    ...(options.onKeychainUnavailable === undefined
      ? {}
      : { onKeychainUnavailable: options.onKeychainUnavailable }),
  });
  return {
    dataDir,
    credentials,
    createEngine: (config, extra) => {
      current = config;
      return createEngine({
        ...extra,
        config,
        dataDir,
        credentials: credentials.store,
        plugins,
        logger: options.logger,
      });
    },
  };
}

export interface ComposedApp {
  dataDir: string;
  services: AppServices;
}

/** The app services of the desktop window and the web host. */
export async function composeAppServices(options: ComposeOptions): Promise<ComposedApp> {
  const composed = composeEngine(options);
  const services = await createAppServices({
    casesDir: casesDir(composed.dataDir),
    settingsPath: settingsPath(composed.dataDir),
    recentTeamCasesPath: recentTeamCasesPath(composed.dataDir),
    createEngine: composed.createEngine,
    credentials: composed.credentials,
    logger: options.logger,
    ...(options.caseFileDialogs === undefined ? {} : { caseFileDialogs: options.caseFileDialogs }),
  });
  return { dataDir: composed.dataDir, services };
}

/** A Logger writing one JSON line per message to stderr (warnings and errors by default). */
export function createStderrLogger(level: 'debug' | 'info' | 'warn' | 'error' = 'warn'): Logger {
  const order = ['debug', 'info', 'warn', 'error'] as const;
  const write =
    (at: (typeof order)[number]) =>
    (message: string, fields?: Record<string, unknown>): void => {
      if (order.indexOf(at) >= order.indexOf(level)) {
        process.stderr.write(`${JSON.stringify({ level: at, message, ...fields })}\n`);
      }
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
