import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeGleifServer } from '../../../test/fakes/gleif-server';
import { startPartialMatchGleif, writeGleifOnlyConfig } from '../../../test/support/gleif-only';
import { havePostgres, startPostgres, type PostgresServer } from '../../../test/support/postgres';
import type {
  CaseSessionEntry,
  OpenedTeamCase,
  SessionStarted,
  TeamCaseConnection,
} from '../../shared/ipc/contract';
import type { Edge, RawRecord } from '../../shared/model/graph';
import type { HandlerState } from '../../shared/model/handler-state';
import type { ReviewCandidate } from '../../shared/model/review';
import { builtinPlugins, createEngine, createMemoryCredentialStore, silentLogger } from '../../engine/index';
import { createAppCredentials } from './app-credentials';
import type { AppServices } from './app-services';
import { createAppServices } from './app-services';

// Every app channel on an open team case: the channels added beside the team cases (handlers,
// review, history) resolve team cases too; reads answer, writes go through the same refusals.

const SEED = { type: 'Organization', value: 'Lantern Quay' };

let server: PostgresServer;
let database: string;
let gleif: FakeGleifServer;
let dir: string;
const running: AppServices[] = [];

interface Member {
  services: AppServices;
  /** The newest version of every edge the member's services sent as a graph delta. */
  edges: Map<string, Edge>;
  /** Waits until the session a request started has ended. */
  run(request: Promise<unknown>): Promise<SessionStarted>;
}

/** App services over their own data directory, with the built-in plugins on the fake GLEIF. */
async function member(): Promise<Member> {
  const dataDir = await mkdtemp(path.join(dir, 'member-'));
  await writeGleifOnlyConfig(path.join(dataDir, 'settings.json'), gleif.url);
  const credentials = createAppCredentials({
    openKeychain: () => createMemoryCredentialStore(),
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
        plugins: builtinPlugins(),
        logger: silentLogger,
      }),
    credentials,
    logger: silentLogger,
    deltaWindowMs: 5,
    progressIntervalMs: 5,
  });
  running.push(services);
  const edges = new Map<string, Edge>();
  const finished = new Map<string, () => void>();
  services.subscribe((event, payload) => {
    if (event === 'graph:delta') {
      for (const edge of (payload as { delta: { edges: Edge[] } }).delta.edges) {
        edges.set(edge.id, edge);
      }
    }
    if (event === 'session:progress') {
      const { progress } = payload as { progress: { sessionId: string; state: string } };
      if (progress.state === 'done' || progress.state === 'cancelled') {
        finished.get(progress.sessionId)?.();
      }
    }
  });
  return {
    services,
    edges,
    async run(request) {
      const started = await value<SessionStarted>(request);
      if (started.progress.state !== 'done') {
        await new Promise<void>((resolve) => finished.set(started.sessionId, resolve));
      }
      return started;
    },
  };
}

async function value<T>(promise: Promise<unknown>): Promise<T> {
  const result = (await promise) as { ok: boolean; value?: T; error?: unknown };
  if (!result.ok) {
    throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  }
  return result.value as T;
}

function connection(caseName: string, user = server.user): TeamCaseConnection {
  return { host: server.host, port: server.port, database, user, sslMode: 'disable', caseName };
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
    database,
  });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A member who opened `caseName` as the server's owner and ran the seed in it (one pending candidate). */
async function seededTeamCase(caseName: string): Promise<Member & { caseId: string }> {
  const owner = await member();
  const opened = await value<OpenedTeamCase>(
    owner.services.invoke('team-cases:open', { connection: connection(caseName), password: server.password }),
  );
  const caseId = opened.summary.id;
  await owner.run(owner.services.invoke('session:start', { caseId, seeds: [SEED] }));
  return { ...owner, caseId };
}

/** A second member opening the case as a role that may only read it. */
async function readOnlyViewer(caseName: string): Promise<Member & { caseId: string }> {
  await adminQuery('GRANT SELECT ON ALL TABLES IN SCHEMA public TO viewer');
  const viewer = await member();
  const opened = await value<OpenedTeamCase>(
    viewer.services.invoke('team-cases:open', {
      connection: connection(caseName, 'viewer'),
      password: 'viewer-pw',
    }),
  );
  expect(opened.summary.team?.readOnly).toBe(true);
  return { ...viewer, caseId: opened.summary.id };
}

const READ_ONLY = {
  ok: false,
  error: {
    code: 'read_only',
    message: expect.stringMatching(/read-only for PostgreSQL user viewer/) as unknown,
  },
};

describe.skipIf(!havePostgres())('app channels on an open team case', () => {
  beforeAll(async () => {
    server = await startPostgres();
    database = new URL(await server.createDatabase()).pathname.slice(1);
    await adminQuery(`CREATE ROLE viewer LOGIN PASSWORD 'viewer-pw'`);
    gleif = await startPartialMatchGleif();
  }, 60_000);
  afterAll(async () => {
    await gleif.close();
    await server.stop();
  });
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'team-case-channels-'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((services) => services.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it("answers entity:handlers with the handlers of a team case's entity", async () => {
    const { services, caseId } = await seededTeamCase('handlers');
    const [candidate] = await value<ReviewCandidate[]>(services.invoke('review:list', { caseId }));
    const { handlers } = await value<{ handlers: HandlerState[] }>(
      services.invoke('entity:handlers', { caseId, entityId: candidate?.organizationId ?? '' }),
    );
    expect(handlers.map((state) => state.handler).length).toBeGreaterThan(0);
  });

  it("answers entity:raw with the source records behind a team case's entity", async () => {
    const { services, caseId } = await seededTeamCase('raw');
    const [candidate] = await value<ReviewCandidate[]>(services.invoke('review:list', { caseId }));
    const { records } = await value<{ records: RawRecord[] }>(
      services.invoke('entity:raw', { caseId, entityId: candidate?.organizationId ?? '' }),
    );
    expect(records.map((record) => record.source)).toContain('GLEIF');
  });

  it('lists the pending candidate of a team case for review', async () => {
    const { services, caseId } = await seededTeamCase('review list');
    const candidates = await value<ReviewCandidate[]>(services.invoke('review:list', { caseId }));
    expect(candidates.map((candidate) => candidate.legalName)).toEqual(['LANTERN QUAY TRADING LTD']);
  });

  it("records a rejection in the team case, where another member's list no longer shows it", async () => {
    const owner = await seededTeamCase('review reject');
    const other = await member();
    await value(
      other.services.invoke('team-cases:open', {
        connection: connection('review reject'),
        password: server.password,
      }),
    );
    const [candidate] = await value<ReviewCandidate[]>(
      owner.services.invoke('review:list', { caseId: owner.caseId }),
    );
    await value(
      owner.services.invoke('review:reject', { caseId: owner.caseId, edgeId: candidate?.edgeId ?? '' }),
    );
    expect(owner.edges.get(candidate?.edgeId ?? '')?.properties).toMatchObject({ review: 'rejected' });
    // The other member's replica follows within one notification: its delta says so.
    while (other.edges.get(candidate?.edgeId ?? '')?.properties['review'] !== 'rejected') {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await value(other.services.invoke('review:list', { caseId: owner.caseId }))).toEqual([]);
  });

  it('refuses review:accept to a read-only role with the read-only message', async () => {
    const owner = await seededTeamCase('review read only');
    const [candidate] = await value<ReviewCandidate[]>(
      owner.services.invoke('review:list', { caseId: owner.caseId }),
    );
    const viewer = await readOnlyViewer('review read only');
    expect(
      await viewer.services.invoke('review:accept', {
        caseId: viewer.caseId,
        edgeId: candidate?.edgeId ?? '',
      }),
    ).toMatchObject(READ_ONLY);
  });

  it('refuses entity:run-handler to a read-only role with the read-only message', async () => {
    const owner = await seededTeamCase('run read only');
    const [candidate] = await value<ReviewCandidate[]>(
      owner.services.invoke('review:list', { caseId: owner.caseId }),
    );
    const entityId = candidate?.organizationId ?? '';
    const viewer = await readOnlyViewer('run read only');
    const { handlers } = await value<{ handlers: HandlerState[] }>(
      viewer.services.invoke('entity:handlers', { caseId: viewer.caseId, entityId }),
    );
    expect(
      await viewer.services.invoke('entity:run-handler', {
        caseId: viewer.caseId,
        entityId,
        handler: handlers[0]?.handler ?? '',
      }),
    ).toMatchObject(READ_ONLY);
  });

  it("lists a team case's recorded sessions", async () => {
    const { services, caseId } = await seededTeamCase('sessions');
    const sessions = await value<CaseSessionEntry[]>(services.invoke('history:list-sessions', { caseId }));
    expect(sessions.map((session) => session.seeds)).toContainEqual([expect.stringMatching(/Lantern Quay/i)]);
  });

  it("undoes a run of a team case: its results leave every member's graph, and the other member's windows hear graph:reset", async () => {
    const owner = await seededTeamCase('undo');
    const other = await member();
    const opened = await value<OpenedTeamCase>(
      other.services.invoke('team-cases:open', { connection: connection('undo'), password: server.password }),
    );
    const resets: number[] = [];
    other.services.subscribe((event, payload) => {
      if (event === 'graph:reset') resets.push((payload as { seq: number }).seq);
    });
    const [session] = await value<CaseSessionEntry[]>(
      owner.services.invoke('history:list-sessions', { caseId: owner.caseId }),
    );
    const undone = await value<{ entitiesRemoved: number; seq: number }>(
      owner.services.invoke('history:undo-session', { caseId: owner.caseId, sessionId: session?.id ?? '' }),
    );
    expect(undone.entitiesRemoved).toBeGreaterThan(0);
    const ownerGraph = await value<{ entities: unknown[] }>(
      owner.services.invoke('graph:get-snapshot', { caseId: owner.caseId }),
    );
    expect(ownerGraph.entities).toEqual([]);
    await expect.poll(() => resets, { timeout: 10_000 }).toContain(undone.seq);
    const otherGraph = await value<{ entities: unknown[] }>(
      other.services.invoke('graph:get-snapshot', { caseId: opened.summary.id }),
    );
    expect(otherGraph.entities).toEqual([]);
  });

  it('merges two Organizations of a team case as a session of its own that undo takes back', async () => {
    const owner = await seededTeamCase('merge');
    const { caseId } = owner;
    await owner.run(
      owner.services.invoke('session:start', {
        caseId,
        seeds: [{ type: 'Organization', value: 'Lantern Quay Holdings' }],
      }),
    );
    const entityIds = async (): Promise<string[]> =>
      (
        await value<{ entities: { id: string }[] }>(owner.services.invoke('graph:get-snapshot', { caseId }))
      ).entities
        .map((entity) => entity.id)
        .sort();
    const before = await entityIds();
    const organizations = before.filter((id) => /^Organization:lantern quay( holdings)?$/i.test(id));
    expect(organizations).toHaveLength(2);
    const [into = '', from = ''] = organizations;
    const merged = await value<{ sessionId: string; into: string }>(
      owner.services.invoke('graph:merge-entities', { caseId, from, into }),
    );
    expect(merged.into).toBe(into);
    expect(await entityIds()).not.toContain(from);
    await value(owner.services.invoke('history:undo-session', { caseId, sessionId: merged.sessionId }));
    expect(await entityIds()).toEqual(before);
  });
});
