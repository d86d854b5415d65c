import { describe, expect, it } from 'vitest';
import { createMemoryCredentialStore, DEFAULT_CONFIG, resolveConfig } from '../../engine/index';
import { createAppCredentials, hostOfSource } from './app-credentials';

function credentialsWithHost() {
  let host = 'data.example';
  const keychain = createMemoryCredentialStore();
  const credentials = createAppCredentials({
    openKeychain: () => keychain,
    environment: {},
    sources: ['companydata'],
    hostOf: () => host,
  });
  return { credentials, keychain, moveTo: (next: string) => (host = next) };
}

describe('API keys bound to a host', () => {
  it('gives the saved key to requests for the host it was saved for', async () => {
    const { credentials } = credentialsWithHost();
    await credentials.set('companydata', 'secret-key-1', 'keychain');
    expect(await credentials.store.get('companydata')).toBe('secret-key-1');
  });

  it('gives no key once the source points at another host, and asks for one again', async () => {
    const { credentials, moveTo } = credentialsWithHost();
    await credentials.set('companydata', 'secret-key-1', 'keychain');
    moveTo('attacker.example');
    expect(await credentials.store.get('companydata')).toBeUndefined();
    expect((await credentials.status()).sources).toEqual([{ source: 'companydata', configured: false }]);
  });

  it('binds a key kept for this run only to its host too', async () => {
    const { credentials, moveTo } = credentialsWithHost();
    await credentials.set('companydata', 'run-key', 'this-run');
    moveTo('attacker.example');
    expect(await credentials.store.get('companydata')).toBeUndefined();
    moveTo('data.example');
    expect(await credentials.store.get('companydata')).toBe('run-key');
  });

  it('keeps the key of each host apart in the keychain', async () => {
    const { credentials, keychain, moveTo } = credentialsWithHost();
    await credentials.set('companydata', 'key-a', 'keychain');
    moveTo('other.example');
    await credentials.set('companydata', 'key-b', 'keychain');
    expect(await keychain.get('companydata@data.example')).toBe('key-a');
    expect(await keychain.get('companydata@other.example')).toBe('key-b');
  });

  it('still takes a key from the environment whatever the host', async () => {
    const credentials = createAppCredentials({
      openKeychain: () => createMemoryCredentialStore(),
      environment: { COMPANYDATA_API_KEY: 'from-env' },
      sources: ['companydata'],
      hostOf: () => 'anywhere.example',
    });
    expect(await credentials.store.get('companydata')).toBe('from-env');
  });
});

describe('hostOfSource', () => {
  it('is the host and port of the source base URL', () => {
    const config = resolveConfig({ sources: { companydata: { baseUrl: 'http://127.0.0.1:8080/v1' } } });
    expect(hostOfSource(config, 'companydata')).toBe('127.0.0.1:8080');
    expect(hostOfSource(DEFAULT_CONFIG, 'companydata')).toBe('data.api.aviato.co');
  });

  it('is undefined for a source without a base URL', () => {
    expect(hostOfSource(DEFAULT_CONFIG, 'whois')).toBeUndefined();
  });
});
