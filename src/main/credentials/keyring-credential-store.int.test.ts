import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CredentialStoreUnavailableError } from '../../engine/index';
import { createKeyringCredentialStore, KEYCHAIN_UNREACHABLE_MESSAGE } from './keyring-credential-store';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '..', '..', '..');
const sessionBus = process.env.DBUS_SESSION_BUS_ADDRESS;
const underCi = process.env.CI === 'true';

if (!sessionBus && !underCi) {
  console.warn(
    'keychain round-trip skipped: DBUS_SESSION_BUS_ADDRESS is not set (run inside dbus-run-session with an unlocked gnome-keyring)',
  );
}

describe.skipIf(!sessionBus && !underCi)('the OS keychain credential store (real keychain)', () => {
  const service = `trace-graph-test-${randomBytes(6).toString('hex')}`;
  const store = createKeyringCredentialStore({ service });
  const written = new Set<string>();

  afterAll(async () => {
    if (sessionBus) {
      for (const account of written) {
        await store.delete(account);
      }
    }
  });

  it('has a D-Bus session bus to reach the keychain (required under CI)', () => {
    expect(
      sessionBus,
      'DBUS_SESSION_BUS_ADDRESS must be set: the test runner starts dbus-run-session',
    ).toBeTruthy();
  });

  it('stores, reads, replaces and deletes a key under its own service name', async () => {
    const account = 'companydata';
    written.add(account);
    expect(await store.get(account)).toBeUndefined();
    expect(await store.status(account)).toEqual({ source: account, configured: false });

    await store.set(account, 'first-key-1234');
    expect(await store.get(account)).toBe('first-key-1234');
    expect(await store.status(account)).toEqual({ source: account, configured: true, origin: 'keychain' });

    await store.set(account, 'second-key-5678');
    expect(await store.get(account)).toBe('second-key-5678');

    await store.delete(account);
    expect(await store.get(account)).toBeUndefined();
    written.delete(account);
  });

  it('keeps keys of different sources apart', async () => {
    written.add('alpha');
    written.add('beta');
    await store.set('alpha', 'alpha-key-1111');
    await store.set('beta', 'beta-key-2222');
    expect(await store.get('alpha')).toBe('alpha-key-1111');
    expect(await store.get('beta')).toBe('beta-key-2222');
  });

  it('deletes a key that does not exist without an error', async () => {
    await expect(store.delete('never-written')).resolves.toBeUndefined();
  });
});

interface ProbeResult {
  name: string;
  message: string;
}

/** Runs the store in a child process whose D-Bus address points at nothing. */
function probeWithoutKeychain(timeoutMs: number): Promise<ProbeResult> {
  const script = `
    const { createKeyringCredentialStore } = await import(${JSON.stringify(path.join(here, 'keyring-credential-store.ts'))});
    try {
      await createKeyringCredentialStore({ service: 'trace-graph-test-unreachable' }).get('companydata');
      console.log(JSON.stringify({ name: 'none', message: 'no error' }));
    } catch (error) {
      console.log(JSON.stringify({ name: error.name, message: error.message }));
    }
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      cwd: repositoryRoot,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/trace-graph-test-bus' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the keychain probe hung for more than ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('close', () => {
      clearTimeout(timer);
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as ProbeResult);
      } catch {
        reject(new Error(`keychain probe printed no result; stderr: ${stderr.slice(0, 500)}`));
      }
    });
  });
}

describe('the OS keychain credential store without a reachable keychain', () => {
  it('fails with CredentialStoreUnavailableError and an actionable message, without hanging', async () => {
    const result = await probeWithoutKeychain(20_000);
    expect(result.name).toBe(new CredentialStoreUnavailableError('x').name);
    expect(result.message).toContain(KEYCHAIN_UNREACHABLE_MESSAGE);
  });
});
