/**
 * Credential store port: API keys per source. The OS keychain implementation lives in main
 * (keyring-credential-store.ts); the in-memory one serves tests and "this run only" keys.
 * Secrets never leave this port except as a request header.
 */
import { EngineError } from '../util/engine-error';

export interface CredentialStatus {
  source: string;
  configured: boolean;
  /** Where the key comes from: the OS keychain, an environment variable, or memory for this run. */
  origin?: 'keychain' | 'environment' | 'memory';
}

export interface CredentialStore {
  /** The API key of a source, or undefined when none is configured. */
  get(source: string): Promise<string | undefined>;
  set(source: string, secret: string): Promise<void>;
  delete(source: string): Promise<void>;
  status(source: string): Promise<CredentialStatus>;
}

/** The keychain (or another backend) cannot be reached; the message says what to do. */
export class CredentialStoreUnavailableError extends EngineError {
  override readonly name = 'CredentialStoreUnavailableError';
  constructor(message: string, options?: ErrorOptions) {
    super('credential_store_unavailable', message, options);
  }
}

/** Keeps keys in memory for the life of the process (tests, and "for this run only" keys). */
export function createMemoryCredentialStore(initial: Record<string, string> = {}): CredentialStore {
  const keys = new Map(Object.entries(initial));
  return {
    get: (source) => Promise.resolve(keys.get(source)),
    set: (source, secret) => {
      keys.set(source, secret);
      return Promise.resolve();
    },
    delete: (source) => {
      keys.delete(source);
      return Promise.resolve();
    },
    status: (source) =>
      Promise.resolve(
        keys.has(source) ? { source, configured: true, origin: 'memory' } : { source, configured: false },
      ),
  };
}

/**
 * Environment variables take precedence over the store (`<SOURCE>_API_KEY`, e.g.
 * `COMPANYDATA_API_KEY`), for automation. Writes still go to the underlying store.
 */
export function withEnvironmentOverrides(
  store: CredentialStore,
  environment: Record<string, string | undefined>,
): CredentialStore {
  const fromEnvironment = (source: string): string | undefined => {
    const value = environment[`${source.toUpperCase()}_API_KEY`];
    return value === undefined || value === '' ? undefined : value;
  };
  return {
    get: async (source) => fromEnvironment(source) ?? (await store.get(source)),
    set: (source, secret) => store.set(source, secret),
    delete: (source) => store.delete(source),
    status: async (source) =>
      fromEnvironment(source) === undefined
        ? store.status(source)
        : { source, configured: true, origin: 'environment' },
  };
}
