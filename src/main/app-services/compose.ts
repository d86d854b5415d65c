/** Composition root shared by both hosts: data directory, engine, keychain-backed credentials, app services. */
import { builtinPlugins, createEngine } from '../../engine/index';
import type { Logger } from '../../engine/index';
import { createKeyringCredentialStore } from '../credentials/keyring-credential-store';
import { casesDir, resolveDataDir, settingsPath } from '../paths';
import { createAppCredentials } from './app-credentials';
import type { AppServices } from './app-services';
import { createAppServices } from './app-services';

export interface ComposeOptions {
  /** `--data-dir` when given. */
  dataDirFlag?: string;
  environment: Record<string, string | undefined>;
  logger: Logger;
}

export interface ComposedApp {
  dataDir: string;
  services: AppServices;
}

/** Keychain service name; tests use their own so they never touch the investigator's keys. */
export function keychainServiceName(environment: Record<string, string | undefined>): string {
  return environment.TRACE_GRAPH_KEYCHAIN_SERVICE ?? 'trace-graph';
}

export async function composeAppServices(options: ComposeOptions): Promise<ComposedApp> {
  const dataDir = resolveDataDir({ flag: options.dataDirFlag, env: options.environment });
  const plugins = builtinPlugins();
  const sources = [
    ...new Set(plugins.flatMap((plugin) => (plugin.credential === undefined ? [] : [plugin.credential]))),
  ];
  const credentials = createAppCredentials({
    openKeychain: () => createKeyringCredentialStore({ service: keychainServiceName(options.environment) }),
    environment: options.environment,
    sources,
  });
  const services = await createAppServices({
    casesDir: casesDir(dataDir),
    settingsPath: settingsPath(dataDir),
    createEngine: (config) =>
      createEngine({ config, dataDir, credentials: credentials.store, plugins, logger: options.logger }),
    credentials,
    logger: options.logger,
  });
  return { dataDir, services };
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
