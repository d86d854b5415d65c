import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../shared/ipc/contract';
import type { CredentialStore } from '../../engine/index';
import {
  createEngine,
  createMemoryCredentialStore,
  CredentialStoreUnavailableError,
  openCaseGraph,
  silentLogger,
} from '../../engine/index';
import { createAppCredentials } from './app-credentials';
import type { AppServices } from './app-services';
import { createAppServices } from './app-services';

let dir: string;
let services: AppServices;

function unreachableKeychain(): CredentialStore {
  const refuse = () => Promise.reject(new CredentialStoreUnavailableError('No OS keychain is reachable.'));
  return { get: refuse, set: refuse, delete: refuse, status: refuse };
}

async function start(
  keychain: () => CredentialStore = () => createMemoryCredentialStore(),
): Promise<AppServices> {
  const credentials = createAppCredentials({
    openKeychain: keychain,
    environment: {},
    sources: ['companydata'],
  });
  return createAppServices({
    casesDir: path.join(dir, 'cases'),
    settingsPath: path.join(dir, 'settings.json'),
    createEngine: (config) =>
      createEngine({
        config,
        dataDir: dir,
        credentials: credentials.store,
        plugins: [],
        logger: silentLogger,
      }),
    credentials,
    logger: silentLogger,
  });
}

async function value<T>(promise: Promise<unknown>): Promise<T> {
  const result = (await promise) as { ok: boolean; value?: T; error?: unknown };
  if (!result.ok) {
    throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  }
  return result.value as T;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'app-services-'));
  services = await start();
});

afterEach(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the app services', () => {
  it('rejects a request that does not match its schema, naming the field', async () => {
    const result = await services.invoke('cases:create', { name: '' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'invalid_request', message: 'name: a case needs a name' },
    });
  });

  it('rejects an unknown channel', async () => {
    expect(await services.invoke('fs:read', {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
  });

  it('refuses a case id that would leave the cases directory', async () => {
    const result = await services.invoke('cases:open', { caseId: '../../etc/passwd' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('creates, lists, renames and deletes a case', async () => {
    const created = await value<CaseSummary>(services.invoke('cases:create', { name: 'Acme review' }));
    expect(created.name).toBe('Acme review');
    expect(created.sizeBytes).toBeGreaterThan(0);
    await value(services.invoke('cases:rename', { caseId: created.id, name: 'Acme, second look' }));
    const listed = await value<CaseSummary[]>(services.invoke('cases:list', {}));
    expect(listed.map((item) => item.name)).toEqual(['Acme, second look']);
    await value(services.invoke('cases:delete', { caseId: created.id }));
    expect(await value<CaseSummary[]>(services.invoke('cases:list', {}))).toEqual([]);
  });

  it('refuses to delete a case another process has open, with a conflict, and keeps it', async () => {
    const created = await value<CaseSummary>(services.invoke('cases:create', { name: 'In use' }));
    // A second connection stands for the CLI writing the case: the services close their own first.
    const other = openCaseGraph(path.join(dir, 'cases', `${created.id}.sqlite`));
    try {
      const result = await services.invoke('cases:delete', { caseId: created.id });
      expect(result).toMatchObject({ ok: false, error: { code: 'conflict' } });
      expect(JSON.stringify(result)).toContain('open in another process');
    } finally {
      void other.close();
    }
    const listed = await value<CaseSummary[]>(services.invoke('cases:list', {}));
    expect(listed.map((item) => item.id)).toEqual([created.id]);
  });

  it('saves a complete copy of an open case as a new case named "(copy)"', async () => {
    const created = await value<CaseSummary>(services.invoke('cases:create', { name: 'Acme review' }));
    await value(services.invoke('cases:open', { caseId: created.id }));
    // Another writer (the CLI) commits while the app holds the case open.
    const writer = openCaseGraph(path.join(dir, 'cases', `${created.id}.sqlite`));
    try {
      writer.applyNow(
        {
          entities: [1, 2, 3].map((n) => ({ type: 'FQDN' as const, asset: { name: `h${n}.example.com` } })),
          edges: [],
          dispatch: [],
        },
        { source: { name: 'WHOIS', confidence: 100 } },
      );
    } finally {
      void writer.close();
    }
    const copy = await value<CaseSummary>(services.invoke('cases:copy', { caseId: created.id }));
    expect(copy.name).toBe('Acme review (copy)');
    expect(copy.id).not.toBe(created.id);
    const listed = await value<CaseSummary[]>(services.invoke('cases:list', {}));
    expect(listed.map((item) => item.name).sort()).toEqual(['Acme review', 'Acme review (copy)']);
    const opened = await value<{ snapshot: { entities: { id: string }[] } }>(
      services.invoke('cases:open', { caseId: copy.id }),
    );
    expect(opened.snapshot.entities.map((entity) => entity.id).sort()).toEqual([
      'FQDN:h1.example.com',
      'FQDN:h2.example.com',
      'FQDN:h3.example.com',
    ]);
    expect((await stat(path.join(dir, 'cases', `${copy.id}.sqlite`))).mode & 0o777).toBe(0o600);
  });

  it('creates the cases folder and case files readable by the user only', async () => {
    const created = await value<CaseSummary>(services.invoke('cases:create', { name: 'Private' }));
    expect((await stat(path.join(dir, 'cases'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, 'cases', `${created.id}.sqlite`))).mode & 0o777).toBe(0o600);
  });

  it('keeps a case name across a restart', async () => {
    const created = await value<CaseSummary>(services.invoke('cases:create', { name: 'Persistent' }));
    await services.close();
    services = await start();
    const listed = await value<CaseSummary[]>(services.invoke('cases:list', {}));
    expect(listed).toMatchObject([{ id: created.id, name: 'Persistent' }]);
  });

  it('answers a malformed seed with invalid_seed and the parser message', async () => {
    const created = await value<CaseSummary>(services.invoke('cases:create', { name: 'Seeds' }));
    const result = await services.invoke('session:start', {
      caseId: created.id,
      seeds: [{ type: 'AutonomousSystem', value: 'AS-twelve' }],
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_seed' } });
    expect(JSON.stringify(result)).toContain('not an autonomous system number');
  });

  it('answers not_found for a case that does not exist', async () => {
    expect(await services.invoke('graph:get-snapshot', { caseId: 'missing-case' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('writes valid settings to the file and refuses invalid ones', async () => {
    const view = await value<{ values: Record<string, unknown> }>(services.invoke('settings:get', {}));
    const values = { ...(view.values as object), depth: 3, ttlDefault: '12h' };
    await value(services.invoke('settings:set', { values }));
    const file = JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(file).toMatchObject({ depth: 3, ttl: { default: '12h' } });
    const refused = await services.invoke('settings:set', { values: { ...values, ttlDefault: 'soon' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_settings' } });
  });

  it('switches the pivots off and on from the settings, in the file the engine reads', async () => {
    const view = await value<{ values: { pivots: boolean } }>(services.invoke('settings:get', {}));
    expect(view.values.pivots).toBe(true);
    await value(services.invoke('settings:set', { values: { ...view.values, pivots: false } }));
    const file = JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(file).toMatchObject({ pivots: { enabled: false } });
    const again = await value<{ values: { pivots: boolean } }>(services.invoke('settings:get', {}));
    expect(again.values.pivots).toBe(false);
  });

  it('saves the collection threshold with the settings (default 8) and refuses one below 1', async () => {
    const view = await value<{ values: { foldAbove: number } }>(services.invoke('settings:get', {}));
    expect(view.values.foldAbove).toBe(8);
    await value(services.invoke('settings:set', { values: { ...view.values, foldAbove: 12 } }));
    const file = JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(file).toMatchObject({ ui: { foldLeavesAbove: 12 } });
    const again = await value<{ values: { foldAbove: number } }>(services.invoke('settings:get', {}));
    expect(again.values.foldAbove).toBe(12);
    const refused = await services.invoke('settings:set', { values: { ...view.values, foldAbove: 0 } });
    expect(refused).toMatchObject({ ok: false });
  });

  it('reports credential status only, never the secret', async () => {
    const status = await services.invoke('credentials:set', {
      source: 'companydata',
      secret: 'super-secret-1',
    });
    expect(status).toEqual({
      ok: true,
      value: {
        keychainAvailable: true,
        sources: [{ source: 'companydata', configured: true, origin: 'keychain' }],
      },
    });
    expect(JSON.stringify(await services.invoke('credentials:get-status', {}))).not.toContain(
      'super-secret-1',
    );
  });

  it('says clearly when no keychain is reachable and keeps a key for this run on request', async () => {
    await services.close();
    services = await start(unreachableKeychain);
    const refused = await services.invoke('credentials:set', { source: 'companydata', secret: 'k' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'credential_store_unavailable' } });
    const status = await value<{ keychainAvailable: boolean; keychainMessage: string }>(
      services.invoke('credentials:set', { source: 'companydata', secret: 'k', scope: 'this-run' }),
    );
    expect(status).toMatchObject({
      keychainAvailable: false,
      sources: [{ source: 'companydata', configured: true, origin: 'memory' }],
    });
    expect(status.keychainMessage).toContain('No OS keychain is reachable.');
  });
});
