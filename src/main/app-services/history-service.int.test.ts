import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  CaseSessionEntry,
  CaseSummary,
  EventChannel,
  EventMap,
  SessionStarted,
  UndoneSession,
} from '../../shared/ipc/contract';
import type { GraphSnapshot } from '../../shared/model/graph';
import { createEngine, createMemoryCredentialStore, silentLogger } from '../../engine/index';
import { startFakeHttpServer } from '../../../test/fakes/http-server';
import { createAppCredentials } from './app-credentials';
import type { AppServices } from './app-services';
import { createAppServices } from './app-services';

let dir: string;
let services: AppServices;
let events: { event: EventChannel; payload: unknown }[];

async function value<T>(promise: Promise<unknown>): Promise<T> {
  const result = (await promise) as { ok: boolean; value?: T; error?: unknown };
  if (!result.ok) {
    throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  }
  return result.value as T;
}

/** The app services over `dir`; `withPlugins` runs the built-in plugins (settings.json says where). */
async function startServices(withPlugins = false): Promise<AppServices> {
  const credentials = createAppCredentials({
    openKeychain: () => createMemoryCredentialStore(),
    environment: {},
    sources: [],
  });
  const started = await createAppServices({
    casesDir: path.join(dir, 'cases'),
    settingsPath: path.join(dir, 'settings.json'),
    // Without plugins a run writes its seeds under its session, which is all most tests here need.
    createEngine: (config) =>
      createEngine({
        config,
        dataDir: dir,
        credentials: credentials.store,
        logger: silentLogger,
        ...(withPlugins ? {} : { plugins: [] }),
      }),
    credentials,
    logger: silentLogger,
    deltaWindowMs: 5,
    progressIntervalMs: 5,
  });
  events = [];
  started.subscribe((event, payload) => events.push({ event, payload }));
  return started;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'history-service-'));
  services = await startServices();
});

afterEach(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

async function newCase(): Promise<string> {
  return (await value<CaseSummary>(services.invoke('cases:create', { name: 'History' }))).id;
}

/** Starts a run from organization seeds and waits for its final progress event. */
async function run(caseId: string, ...names: string[]): Promise<string> {
  const started = await value<SessionStarted>(
    services.invoke('session:start', {
      caseId,
      seeds: names.map((name) => ({ type: 'Organization', value: name })),
    }),
  );
  await expect
    .poll(() =>
      events.some(
        ({ event, payload }) =>
          event === 'session:progress' &&
          (payload as EventMap['session:progress']).progress.sessionId === started.sessionId &&
          (payload as EventMap['session:progress']).progress.state === 'done',
      ),
    )
    .toBe(true);
  return started.sessionId;
}

async function entityIds(caseId: string): Promise<string[]> {
  const snapshot = await value<GraphSnapshot>(services.invoke('graph:get-snapshot', { caseId }));
  return snapshot.entities.map((entity) => entity.id).sort();
}

describe('the history channels', () => {
  it('lists the runs of a case, oldest first, with their seeds and counts', async () => {
    const caseId = await newCase();
    const first = await run(caseId, 'Acme Holdings Ltd');
    const second = await run(caseId, 'Borealis Shipping AS');
    const sessions = await value<CaseSessionEntry[]>(services.invoke('history:list-sessions', { caseId }));
    expect(sessions.map((entry) => entry.id)).toEqual([first, second]);
    expect(sessions[0]).toMatchObject({ running: false, counts: { failed: 0 } });
    expect(sessions[0]?.seeds).toHaveLength(1);
  });

  it('removes the results of one run and tells every window to reload the graph', async () => {
    const caseId = await newCase();
    await run(caseId, 'Acme Holdings Ltd');
    const before = await entityIds(caseId);
    const second = await run(caseId, 'Borealis Shipping AS');
    expect(await entityIds(caseId)).toHaveLength(before.length + 1);

    const undone = await value<UndoneSession>(
      services.invoke('history:undo-session', { caseId, sessionId: second }),
    );
    expect(undone).toMatchObject({ sessionId: second, entitiesRemoved: 1 });
    expect(await entityIds(caseId)).toEqual(before);
    expect(events).toContainEqual({ event: 'graph:reset', payload: { caseId, seq: undone.seq } });
    const sessions = await value<CaseSessionEntry[]>(services.invoke('history:list-sessions', { caseId }));
    expect(sessions.map((entry) => entry.id)).not.toContain(second);
  });

  it('answers not_found for a session the case does not know, and changes nothing', async () => {
    const caseId = await newCase();
    await run(caseId, 'Acme Holdings Ltd');
    const before = await entityIds(caseId);
    const result = await services.invoke('history:undo-session', { caseId, sessionId: 'no-such-session' });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await entityIds(caseId)).toEqual(before);
  });

  it('merges two entities into one, sends the merge as a delta, and undoes it as a session', async () => {
    const caseId = await newCase();
    await run(caseId, 'Acme Holdings Ltd', 'ACME Holdings Limited');
    const [from = '', into = ''] = await entityIds(caseId);
    const merged = await value<{ sessionId: string; into: string }>(
      services.invoke('graph:merge-entities', { caseId, from, into }),
    );
    expect(merged.into).toBe(into);
    expect(await entityIds(caseId)).toEqual([into]);
    const mergeDeltas = events
      .filter(({ event }) => event === 'graph:delta')
      .flatMap(({ payload }) => (payload as EventMap['graph:delta']).delta.merged);
    expect(mergeDeltas).toContainEqual({ from, into });
    const sessions = await value<CaseSessionEntry[]>(services.invoke('history:list-sessions', { caseId }));
    expect(sessions.at(-1)).toMatchObject({ id: merged.sessionId, action: `merge ${from} into ${into}` });

    await value(services.invoke('history:undo-session', { caseId, sessionId: merged.sessionId }));
    expect(await entityIds(caseId)).toEqual([from, into].sort());
  });

  it('refuses to merge entities of two types, with the reason, and writes nothing', async () => {
    const caseId = await newCase();
    const started = await value<SessionStarted>(
      services.invoke('session:start', {
        caseId,
        seeds: [
          { type: 'Organization', value: 'Acme Holdings Ltd' },
          { type: 'DomainRecord', value: 'acme.example' },
        ],
      }),
    );
    expect(started.sessionId).not.toBe('');
    await expect.poll(() => entityIds(caseId)).toHaveLength(2);
    const [first = '', second = ''] = await entityIds(caseId);
    const result = await services.invoke('graph:merge-entities', { caseId, from: first, into: second });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(JSON.stringify(result)).toContain('only entities of one type');
    expect(await entityIds(caseId)).toEqual([first, second]);
  });
});

describe('a run still going', () => {
  it('is not undone (conflict, with what to do) until it ends', async () => {
    // The registry answers slowly: the run is still waiting on it when the undo comes.
    const registry = await startFakeHttpServer(() => ({ status: 503, delayMs: 3_000, body: {} }));
    try {
      await services.close();
      const fast = { requests: 50, intervalMs: 1000 };
      await writeFile(
        path.join(dir, 'settings.json'),
        JSON.stringify({
          sources: { gleif: { baseUrl: registry.url, rateLimit: fast } },
          http: { timeoutMs: 10_000, maxRetries: 0 },
        }),
      );
      services = await startServices(true);
      const caseId = await newCase();
      const started = await value<SessionStarted>(
        services.invoke('session:start', {
          caseId,
          seeds: [{ type: 'Organization', value: 'Acme Holdings Ltd' }],
        }),
      );
      await expect.poll(() => registry.requests.length).toBeGreaterThan(0);
      const sessions = await value<CaseSessionEntry[]>(services.invoke('history:list-sessions', { caseId }));
      expect(sessions.find((entry) => entry.id === started.sessionId)?.running).toBe(true);
      const result = await services.invoke('history:undo-session', { caseId, sessionId: started.sessionId });
      expect(result).toMatchObject({ ok: false, error: { code: 'conflict' } });
      expect(JSON.stringify(result)).toContain('cancel it or let it finish first');
      expect(await entityIds(caseId)).toHaveLength(1);
      await value(services.invoke('session:cancel', { sessionId: started.sessionId }));
    } finally {
      await registry.close();
    }
  });
});
