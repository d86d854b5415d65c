import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventMap, OpenedTeamCase, SettingsView, TeamCaseConnection } from '../../shared/ipc/contract';
import type { CredentialStore } from '../../engine/index';
import {
  createEngine,
  createMemoryCredentialStore,
  CredentialStoreUnavailableError,
  silentLogger,
} from '../../engine/index';
import { havePostgres, startPostgres, type PostgresServer } from '../../../test/support/postgres';
import { createAppCredentials } from './app-credentials';
import type { AppServices } from './app-services';
import { createAppServices } from './app-services';

let server: PostgresServer;
let database: string;
let dir: string;
let keychain: CredentialStore;
const running: AppServices[] = [];

/** App services over `dataDir` with the test's keychain (memory), on the engine's plugins-free build. */
async function start(dataDir = dir): Promise<{ services: AppServices; events: EventLog }> {
  const credentials = createAppCredentials({
    openKeychain: () => keychain,
    environment: {},
    sources: ['companydata'],
  });
  const services = await createAppServices({
    casesDir: path.join(dataDir, 'cases'),
    settingsPath: path.join(dataDir, 'settings.json'),
    createEngine: (config, extra) =>
      createEngine({
        ...extra,
        config,
        dataDir,
        credentials: credentials.store,
        plugins: [],
        logger: silentLogger,
      }),
    credentials,
    logger: silentLogger,
    deltaWindowMs: 10,
  });
  running.push(services);
  const events = new EventLog();
  services.subscribe((event, payload) => events.add(event, payload));
  return { services, events };
}

class EventLog {
  private readonly seen: { event: string; payload: unknown }[] = [];
  private readonly waiters: (() => void)[] = [];
  add(event: string, payload: unknown): void {
    this.seen.push({ event, payload });
    for (const wake of this.waiters.splice(0)) {
      wake();
    }
  }
  /** Resolves with the first event (seen or to come) that matches. */
  async next<E extends keyof EventMap>(
    event: E,
    match: (payload: EventMap[E]) => boolean,
  ): Promise<EventMap[E]> {
    for (;;) {
      const found = this.seen.find((item) => item.event === event && match(item.payload as EventMap[E]));
      if (found !== undefined) {
        return found.payload as EventMap[E];
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

function connection(caseName: string, overrides: Partial<TeamCaseConnection> = {}): TeamCaseConnection {
  return {
    host: server.host,
    port: server.port,
    database,
    user: server.user,
    sslMode: 'disable',
    caseName,
    ...overrides,
  };
}

async function value<T>(promise: Promise<unknown>): Promise<T> {
  const result = (await promise) as { ok: boolean; value?: T; error?: unknown };
  if (!result.ok) {
    throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  }
  return result.value as T;
}

async function adminQuery(sql: string, db = database): Promise<void> {
  const admin = new pg.Client({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
    database: db,
  });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!havePostgres())('team cases in the app services', () => {
  beforeAll(async () => {
    server = await startPostgres();
    database = new URL(await server.createDatabase()).pathname.slice(1);
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'team-cases-'));
    keychain = createMemoryCredentialStore();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((services) => services.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a missing team case, says so, and finds it the next time', async () => {
    const { services } = await start();
    const first = await value<OpenedTeamCase>(
      services.invoke('team-cases:open', {
        connection: connection('created once'),
        password: server.password,
      }),
    );
    expect(first.created).toBe(true);
    expect(first.summary.team).toMatchObject({ readOnly: false, connection: 'connected' });
    expect(first.summary.name).toBe('created once');
    const other = await start(await mkdtemp(path.join(os.tmpdir(), 'team-cases-b-')));
    const second = await value<OpenedTeamCase>(
      other.services.invoke('team-cases:open', {
        connection: connection('created once'),
        password: server.password,
      }),
    );
    expect(second.created).toBe(false);
    expect(second.summary.id).toBe(first.summary.id);
  });

  it('keeps the accepted password under the CLI keychain entry and never sends or stores it elsewhere', async () => {
    const { services } = await start();
    const opened = await services.invoke('team-cases:open', {
      connection: connection('password kept'),
      password: server.password,
    });
    expect(opened.ok).toBe(true);
    expect(JSON.stringify(opened)).not.toContain(server.password);
    expect(await keychain.get(`postgresql:${server.user}@${server.host}:${server.port}`)).toBe(
      server.password,
    );
    const recent = await services.invoke('team-cases:recent', {});
    expect(recent).toMatchObject({ ok: true, value: [{ caseName: 'password kept', database }] });
    expect(JSON.stringify(recent)).not.toContain(server.password);
    expect(await readFile(path.join(dir, 'team-cases.json'), 'utf8')).not.toContain(server.password);
  });

  it('keeps a password for this run only when asked, out of the keychain', async () => {
    const { services } = await start();
    const opened = await value<OpenedTeamCase>(
      services.invoke('team-cases:open', {
        connection: connection('this run'),
        password: server.password,
        remember: 'this-run',
      }),
    );
    expect(await keychain.status(`postgresql:${server.user}@${server.host}:${server.port}`)).toMatchObject({
      configured: false,
    });
    await value(services.invoke('team-cases:forget', { caseId: opened.summary.id }));
    // Closed by forget; opened again without typing the password, within this run.
    expect(await services.invoke('team-cases:open', { connection: connection('this run') })).toMatchObject({
      ok: true,
    });
  });

  it('keeps the password for this run and says so when the keychain cannot be reached', async () => {
    const refuse = () => Promise.reject(new CredentialStoreUnavailableError('No OS keychain is reachable.'));
    keychain = { get: refuse, set: refuse, delete: refuse, status: refuse };
    const { services } = await start();
    const opened = await value<OpenedTeamCase>(
      services.invoke('team-cases:open', {
        connection: connection('no keychain'),
        password: server.password,
      }),
    );
    expect(opened.notice).toMatch(/keychain cannot be reached: the password is kept for this run only/);
  });

  it('reopens a recent team case in a later run with the password from the keychain', async () => {
    const { services } = await start();
    const opened = await value<OpenedTeamCase>(
      services.invoke('team-cases:open', { connection: connection('reopened'), password: server.password }),
    );
    await services.close();
    const later = await start();
    const reopened = await later.services.invoke('cases:open', { caseId: opened.summary.id });
    expect(reopened).toMatchObject({
      ok: true,
      value: { summary: { id: opened.summary.id, name: 'reopened' } },
    });
  });

  it('asks for the password when none is saved and when it is wrong, and keeps nothing then', async () => {
    const { services } = await start();
    expect(await services.invoke('team-cases:open', { connection: connection('no password') })).toMatchObject(
      {
        ok: false,
        error: { code: 'password_required', message: expect.stringMatching(/needs a password/) as unknown },
      },
    );
    expect(
      await services.invoke('team-cases:open', {
        connection: connection('wrong password'),
        password: 'nope',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'password_required', message: expect.stringMatching(/wrong password/) as unknown },
    });
    expect(await keychain.status(`postgresql:${server.user}@${server.host}:${server.port}`)).toMatchObject({
      configured: false,
    });
    expect(await services.invoke('team-cases:recent', {})).toEqual({ ok: true, value: [] });
  });

  it('answers a missing database and an unreachable server with one line within seconds', async () => {
    const { services } = await start();
    const started = Date.now();
    const missing = await services.invoke('team-cases:open', {
      connection: connection('x', { database: 'no_such_db' }),
      password: server.password,
    });
    expect(missing).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/database "no_such_db" does not exist/) as unknown },
    });
    const unreachable = await services.invoke('team-cases:open', {
      connection: connection('x', { port: 1 }),
      password: server.password,
    });
    expect(unreachable).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.stringMatching(/cannot reach PostgreSQL/) as unknown },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("delivers another member's write to an open team case as a graph delta", async () => {
    const alice = await start();
    const bob = await start(await mkdtemp(path.join(os.tmpdir(), 'team-cases-b-')));
    const opened = await value<OpenedTeamCase>(
      alice.services.invoke('team-cases:open', { connection: connection('live'), password: server.password }),
    );
    await value(
      bob.services.invoke('team-cases:open', { connection: connection('live'), password: server.password }),
    );
    await value(
      bob.services.invoke('session:start', {
        caseId: opened.summary.id,
        seeds: [{ type: 'DomainRecord', value: 'example.com' }],
      }),
    );
    const event = await alice.events.next('graph:delta', (payload) => payload.caseId === opened.summary.id);
    expect(event.delta.entities.map((entity) => entity.type)).toContain('DomainRecord');
  });

  it("keeps receiving other members' writes after a settings change reopens the team case", async () => {
    const alice = await start();
    const bob = await start(await mkdtemp(path.join(os.tmpdir(), 'team-cases-b-')));
    const opened = await value<OpenedTeamCase>(
      alice.services.invoke('team-cases:open', {
        connection: connection('settings change'),
        password: server.password,
      }),
    );
    const caseId = opened.summary.id;
    await value(
      bob.services.invoke('team-cases:open', {
        connection: connection('settings change'),
        password: server.password,
      }),
    );
    const view = await value<SettingsView>(alice.services.invoke('settings:get', {}));
    await value(alice.services.invoke('settings:set', { values: { ...view.values, depth: 1 } }));
    // The case reopens on the new engine by itself (no request of alice's asks for it).
    await alice.events.next('team-cases:connection', (payload) => payload.caseId === caseId);
    await value(
      bob.services.invoke('session:start', {
        caseId,
        seeds: [{ type: 'DomainRecord', value: 'example.info' }],
      }),
    );
    const event = await alice.events.next('graph:delta', (payload) => payload.caseId === caseId);
    expect(event.delta.entities.map((entity) => entity.type)).toContain('DomainRecord');
  });

  it('refuses to enrich a team case for a read-only role, naming the user', async () => {
    const { services } = await start();
    await value(
      services.invoke('team-cases:open', { connection: connection('read only'), password: server.password }),
    );
    await adminQuery(`DROP ROLE IF EXISTS reader; CREATE ROLE reader LOGIN PASSWORD 'reader-pw'`);
    await adminQuery('GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader');
    const viewer = await start(await mkdtemp(path.join(os.tmpdir(), 'team-cases-v-')));
    const opened = await value<OpenedTeamCase>(
      viewer.services.invoke('team-cases:open', {
        connection: connection('read only', { user: 'reader' }),
        password: 'reader-pw',
      }),
    );
    expect(opened.summary.team?.readOnly).toBe(true);
    expect(
      await viewer.services.invoke('session:start', {
        caseId: opened.summary.id,
        seeds: [{ type: 'DomainRecord', value: 'example.org' }],
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'read_only',
        message: expect.stringMatching(/read-only for PostgreSQL user reader/) as unknown,
      },
    });
    expect(
      await viewer.services.invoke('export:graph', { caseId: opened.summary.id, format: 'json' }),
    ).toMatchObject({ ok: true });
  });

  it('reports reconnecting while the connection is down, refuses writes meanwhile, and reports connected when back', async () => {
    const { services, events } = await start();
    const opened = await value<OpenedTeamCase>(
      services.invoke('team-cases:open', { connection: connection('dropped'), password: server.password }),
    );
    const caseId = opened.summary.id;
    // Keep the server refusing new connections to this database until the test lets it back.
    await adminQuery(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`, 'postgres');
    try {
      await adminQuery(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'trace-graph'`,
        'postgres',
      );
      await events.next(
        'team-cases:connection',
        (payload) => payload.caseId === caseId && payload.state === 'reconnecting',
      );
      const refused = await services.invoke('session:start', {
        caseId,
        seeds: [{ type: 'DomainRecord', value: 'example.net' }],
      });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'unavailable', message: expect.stringMatching(/reconnecting/) as unknown },
      });
      expect(await services.invoke('cases:open', { caseId })).toMatchObject({
        ok: true,
        value: { summary: { team: { connection: 'reconnecting' } } },
      });
    } finally {
      await adminQuery(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`, 'postgres');
    }
    await events.next(
      'team-cases:connection',
      (payload) => payload.caseId === caseId && payload.state === 'connected',
    );
    expect(
      await services.invoke('session:start', {
        caseId,
        seeds: [{ type: 'DomainRecord', value: 'example.net' }],
      }),
    ).toMatchObject({ ok: true });
  }, 30_000);
});
