/**
 * The app's credential store: environment variables first, then keys kept for this run only, then
 * the OS keychain. Reports status only; a missing keychain becomes a clear status, not a crash.
 *
 * A saved key belongs to the host it was saved for: it is kept under `<source>@<host>` (the host of
 * the source's configured base URL at the time), so pointing a source at another host (a changed
 * setting, or someone who took over the settings) finds no key there and asks for one again
 * instead of sending the investigator's key to the new host. Environment variables are set by the
 * user for the run and are not scoped.
 */
import type { CredentialsStatus } from '../../shared/ipc/contract';
import type { AppConfig, CredentialStore } from '../../engine/index';
import { createMemoryCredentialStore } from '../../engine/index';
import { ServiceError } from './service-error';

export interface AppCredentialsOptions {
  /** Opens the OS keychain store; may throw CredentialStoreUnavailableError. */
  openKeychain(): CredentialStore;
  environment: Record<string, string | undefined>;
  /** Credential names the plugins declare (e.g. `companydata`). */
  sources: string[];
  /**
   * Called each time a key lookup finds the keychain unreachable (the lookup then means "no key").
   * The CLI prints one warning from it; the app shows the keychain state in Settings instead.
   */
  onKeychainUnavailable?: (message: string) => void;
  /** The host a source's requests go to now (its base URL's host), if it has one. */
  hostOf?: (source: string) => string | undefined;
}

export interface AppCredentials {
  /** The store the engine reads keys from. */
  readonly store: CredentialStore;
  status(): Promise<CredentialsStatus>;
  set(source: string, secret: string, scope: 'keychain' | 'this-run'): Promise<void>;
  delete(source: string): Promise<void>;
}

/** Thrown when the keychain cannot be reached; the message says what to do instead. */
export class KeychainUnavailableError extends ServiceError {
  override readonly name = 'KeychainUnavailableError';
  constructor(message: string) {
    super('credential_store_unavailable', message);
  }
}

export function isKeychainUnavailable(error: unknown): error is Error {
  return (
    error instanceof Error &&
    (error.name === 'CredentialStoreUnavailableError' || error.name === 'KeychainUnavailableError')
  );
}

const UNAVAILABLE_HINT =
  'Keys cannot be kept in the OS keychain; you can keep a key for this run only, or set <SOURCE>_API_KEY in the environment.';

export function createAppCredentials(options: AppCredentialsOptions): AppCredentials {
  const memory = createMemoryCredentialStore();
  /** The keychain (and memory) account of a source's key for the host it is configured with now. */
  const accountOf = (source: string): string => {
    const host = options.hostOf?.(source);
    return host === undefined || host === '' ? source : `${source}@${host}`;
  };
  let keychain: CredentialStore | undefined;
  let keychainError: string | undefined;

  const openKeychain = (): CredentialStore => {
    if (keychain === undefined) {
      try {
        keychain = options.openKeychain();
        keychainError = undefined;
      } catch (error) {
        keychainError = error instanceof Error ? error.message : String(error);
        throw new KeychainUnavailableError(`${keychainError} ${UNAVAILABLE_HINT}`);
      }
    }
    return keychain;
  };

  // One keychain call at a time: a session's handlers ask for keys concurrently, and a keychain
  // that prompts or unlocks should see one request, not a burst.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(action: () => Promise<T>): Promise<T> => {
    const run = queue.then(action, action);
    queue = run.catch(() => undefined);
    return run;
  };

  /** Runs a keychain call, remembering (and rethrowing, clearly) an unreachable keychain. */
  const withKeychain = async <T>(action: (store: CredentialStore) => Promise<T>): Promise<T> => {
    const store = openKeychain();
    try {
      const value = await serialized(() => action(store));
      keychainError = undefined;
      return value;
    } catch (error) {
      if (isKeychainUnavailable(error)) {
        keychainError = error.message;
        throw new KeychainUnavailableError(`${error.message} ${UNAVAILABLE_HINT}`);
      }
      throw error;
    }
  };

  const fromEnvironment = (source: string): string | undefined => {
    const value = options.environment[`${source.toUpperCase()}_API_KEY`];
    return value === undefined || value === '' ? undefined : value;
  };

  const store: CredentialStore = {
    async get(source) {
      const account = accountOf(source);
      const value = fromEnvironment(source) ?? (await memory.get(account));
      if (value !== undefined) {
        return value;
      }
      try {
        return await withKeychain((keys) => keys.get(account));
      } catch (error) {
        if (isKeychainUnavailable(error)) {
          options.onKeychainUnavailable?.(error.message);
          return undefined;
        }
        throw error;
      }
    },
    set: (source, secret) => withKeychain((keys) => keys.set(accountOf(source), secret)),
    async delete(source) {
      await memory.delete(accountOf(source));
      await withKeychain((keys) => keys.delete(accountOf(source)));
    },
    async status(source) {
      if (fromEnvironment(source) !== undefined) {
        return { source, configured: true, origin: 'environment' };
      }
      const inMemory = await memory.status(accountOf(source));
      if (inMemory.configured) {
        return { source, configured: true, origin: 'memory' };
      }
      try {
        const stored = await withKeychain((keys) => keys.status(accountOf(source)));
        return stored.configured
          ? { source, configured: true, origin: 'keychain' }
          : { source, configured: false };
      } catch (error) {
        if (isKeychainUnavailable(error)) {
          return { source, configured: false };
        }
        throw error;
      }
    },
  };

  return {
    store,
    async status() {
      const sources = [];
      for (const source of options.sources) {
        const status = await store.status(source);
        sources.push(
          status.origin === undefined
            ? { source, configured: status.configured }
            : { source, configured: status.configured, origin: status.origin },
        );
      }
      if (keychainError === undefined) {
        // Touch the keychain once so the status says whether it is reachable.
        try {
          openKeychain();
        } catch {
          // keychainError is set by openKeychain
        }
      }
      return keychainError === undefined
        ? { keychainAvailable: true, sources }
        : { keychainAvailable: false, keychainMessage: `${keychainError} ${UNAVAILABLE_HINT}`, sources };
    },
    async set(source, secret, scope) {
      if (scope === 'this-run') {
        await memory.set(accountOf(source), secret);
        return;
      }
      await store.set(source, secret);
      // A keychain key replaces a this-run key, so status says where the key now lives.
      await memory.delete(accountOf(source));
    },
    async delete(source) {
      await memory.delete(accountOf(source));
      try {
        await withKeychain((keys) => keys.delete(accountOf(source)));
      } catch (error) {
        // Nothing can be in an unreachable keychain; the this-run key is gone.
        if (!isKeychainUnavailable(error)) {
          throw error;
        }
      }
    },
  };
}

/** The host of the base URL configured for a credential's source (`companydata` -> its host). */
export function hostOfSource(config: AppConfig | undefined, source: string): string | undefined {
  const sources = (config?.sources ?? {}) as Record<string, { baseUrl?: unknown } | undefined>;
  const baseUrl = sources[source]?.baseUrl;
  if (typeof baseUrl !== 'string') {
    return undefined;
  }
  try {
    return new URL(baseUrl).host.toLowerCase();
  } catch {
    return undefined;
  }
}
