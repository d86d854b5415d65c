/** API keys in the OS keychain (Secret Service, macOS Keychain, Windows Credential Manager) via @napi-rs/keyring. */
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import { CredentialStoreUnavailableError, type CredentialStore } from '../../engine/index';

export const DEFAULT_KEYCHAIN_SERVICE = 'trace-graph';

/**
 * The keychain service the app's keys live under. TRACE_GRAPH_KEYCHAIN_SERVICE overrides it, so
 * tests use their own service and never touch the investigator's keys.
 */
export function keychainServiceName(environment: Record<string, string | undefined>): string {
  const configured = environment.TRACE_GRAPH_KEYCHAIN_SERVICE;
  return configured === undefined || configured === '' ? DEFAULT_KEYCHAIN_SERVICE : configured;
}

export const KEYCHAIN_UNREACHABLE_MESSAGE =
  'No OS keychain is reachable (Secret Service over D-Bus). Start a keyring daemon (e.g. gnome-keyring) ' +
  'or keep the key for this run only.';

/** A keychain that does not answer within this time counts as unreachable (a stuck D-Bus activation). */
const KEYCHAIN_TIMEOUT_MS = 15_000;

// On Linux only the Secret Service keeps keys across logins; the kernel keyring fallback of the
// library would "work" and then lose the key at logout, so it is never used.
const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

export interface KeyringCredentialStoreOptions {
  /** Keychain service name; accounts are source credential names (e.g. `companydata`). */
  service?: string;
}

export function createKeyringCredentialStore({
  service = DEFAULT_KEYCHAIN_SERVICE,
}: KeyringCredentialStoreOptions = {}): CredentialStore {
  const withEntry = async <TResult>(
    account: string,
    operation: (entry: AsyncEntry, signal: AbortSignal) => Promise<TResult>,
  ): Promise<TResult> => {
    const signal = AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS);
    try {
      // The constructor already talks to D-Bus on Linux and throws when no bus is reachable.
      const entry = new AsyncEntry(service, account, ENTRY_OPTIONS);
      return await operation(entry, signal);
    } catch (error) {
      throw translateKeyringError(error, signal.aborted);
    }
  };

  const get = (source: string): Promise<string | undefined> =>
    withEntry(source, async (entry, signal) => {
      const password = await entry.getPassword(signal);
      return password === null || password === '' ? undefined : password;
    });

  return {
    get,
    set: (source, secret) =>
      withEntry(source, async (entry, signal) => {
        if (secret === '') {
          throw new Error('an empty API key cannot be stored');
        }
        await entry.setPassword(secret, signal);
      }),
    delete: (source) =>
      withEntry(source, async (entry, signal) => {
        // false means there was nothing to delete, which is what the caller wanted.
        await entry.deletePassword(signal);
      }),
    status: async (source) => {
      const secret = await get(source);
      return secret === undefined
        ? { source, configured: false }
        : { source, configured: true, origin: 'keychain' };
    },
  };
}

/**
 * The library reports an unreachable keychain as "Platform failure" (no D-Bus session bus, no
 * Secret Service) or "Couldn't access platform secure storage" (locked or access denied). Those
 * become CredentialStoreUnavailableError with an actionable message; the original is the cause.
 */
export function translateKeyringError(error: unknown, timedOut = false): Error {
  if (error instanceof CredentialStoreUnavailableError) {
    return error;
  }
  const message = error instanceof Error ? error.message : String(error);
  const unreachable =
    timedOut ||
    /platform failure|platform secure storage|no storage access|dbus|d-bus|secret service|org\.freedesktop\.secrets|access denied|locked/i.test(
      message,
    );
  if (unreachable) {
    const detail = timedOut ? `no answer within ${KEYCHAIN_TIMEOUT_MS / 1000} s` : firstLine(message);
    return new CredentialStoreUnavailableError(`${KEYCHAIN_UNREACHABLE_MESSAGE} (${detail})`, {
      cause: error,
    });
  }
  return error instanceof Error ? error : new Error(message);
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? text).slice(0, 200);
}
