/**
 * The node context menu's requests: `entity:handlers` (which handlers apply to a node, with their
 * last run and cache state, from the case alone) and `entity:run-handler` (one handler alone on
 * one node). A registry-like source on a fake HTTP server on 127.0.0.1 answers one handler and
 * fails the other; a third source needs an API key nobody configured.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../../../test/fakes/http-server';
import type { CaseSummary, SessionStarted } from '../../shared/ipc/contract';
import type { RawRecord } from '../../shared/model/graph';
import type { HandlerState } from '../../shared/model/handler-state';
import type { SessionProgress } from '../../shared/model/session';
import { createEngine, createMemoryCredentialStore, silentLogger } from '../../engine/index';
import { keyedPlugin, registryPlugin } from '../../../test/support/menu-plugins';
import { createAppCredentials } from './app-credentials';
import { createAppServices, type AppServices } from './app-services';

let dir: string;
let server: FakeHttpServer;
let services: AppServices;

async function value<T>(promise: Promise<unknown>): Promise<T> {
  const result = (await promise) as { ok: boolean; value?: T; error?: unknown };
  if (!result.ok) {
    throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  }
  return result.value as T;
}

/** Runs a request that starts a session and waits for that session's final progress. */
async function runToEnd(start: Promise<unknown>): Promise<SessionProgress> {
  const ended = new Map<string, SessionProgress>();
  let notify: (() => void) | undefined;
  const unsubscribe = services.subscribe((event, payload) => {
    if (event === 'session:progress') {
      const { progress } = payload as { progress: SessionProgress };
      if (progress.state === 'done' || progress.state === 'cancelled') {
        ended.set(progress.sessionId, progress);
        notify?.();
      }
    }
  });
  try {
    const { sessionId } = await value<SessionStarted>(start);
    while (!ended.has(sessionId)) {
      await new Promise<void>((resolve) => {
        notify = resolve;
      });
    }
    return ended.get(sessionId) as SessionProgress;
  } finally {
    unsubscribe();
  }
}

const requestsTo = (pathname: string): number =>
  server.requests.filter((request) => request.path === pathname).length;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'entity-handlers-'));
  server = await startFakeHttpServer((request) => {
    if (request.path === '/lei') {
      return { body: { lei: 'ABCDEFGHIJKLMNOPQR30' } };
    }
    if (request.path === '/profile') {
      // A careless server that echoes the caller's credentials in its reply.
      return { body: { profile: 'Acme', seenAuthorization: request.headers.authorization ?? '' } };
    }
    return { status: 503, body: { error: 'down for maintenance' } };
  });
  const credentials = createAppCredentials({
    openKeychain: () => createMemoryCredentialStore(),
    environment: {},
    sources: ['fakekeyed'],
  });
  services = await createAppServices({
    casesDir: path.join(dir, 'cases'),
    settingsPath: path.join(dir, 'settings.json'),
    createEngine: (config) =>
      createEngine({
        config: { ...config, http: { ...config.http, maxRetries: 0 } },
        dataDir: dir,
        credentials: credentials.store,
        plugins: [registryPlugin(server.url), keyedPlugin(server.url)],
        logger: silentLogger,
      }),
    credentials,
    logger: silentLogger,
    progressIntervalMs: 0,
  });
});

afterEach(async () => {
  await services.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function caseWithAcme(): Promise<string> {
  const created = await value<CaseSummary>(services.invoke('cases:create', { name: 'Acme' }));
  await value(services.invoke('cases:open', { caseId: created.id }));
  await runToEnd(
    services.invoke('session:start', {
      caseId: created.id,
      seeds: [{ type: 'Organization', value: 'Acme' }],
      depth: 0,
    }),
  );
  return created.id;
}

async function handlersOf(caseId: string, entityId = 'Organization:acme'): Promise<HandlerState[]> {
  return (await value<{ handlers: HandlerState[] }>(services.invoke('entity:handlers', { caseId, entityId })))
    .handlers;
}

describe('entity:handlers', () => {
  it('lists every handler that applies to the node with its cache state, failure or missing key', async () => {
    const caseId = await caseWithAcme();
    const requestsBefore = server.requests.length;
    const handlers = await handlersOf(caseId);
    expect(server.requests.length).toBe(requestsBefore);
    expect(handlers.map((state) => [state.handler, state.state])).toEqual([
      ['fake-registry/lei-search', 'cached'],
      ['fake-registry/officers', 'failed'],
      ['fake-keyed/profile', 'needs-key'],
    ]);
    const [lei, officers] = handlers;
    expect(lei).toMatchObject({ label: 'FakeRegistry: lei search', source: 'FakeRegistry' });
    // The default TTL (24 h) from the last answer.
    expect(Date.parse(lei?.cachedUntil ?? '') - Date.parse(lei?.lastRunAt ?? '')).toBe(24 * 3_600_000);
    expect(officers?.failure).toContain('503');
    expect(officers?.lastRunAt).toBeUndefined();
  });

  it('lists none for a node whose type no handler takes', async () => {
    const caseId = await caseWithAcme();
    expect(await handlersOf(caseId, 'Identifier:lei:abcdefghijklmnopqr30')).toEqual([]);
  });

  it('answers not_found for an entity the case does not hold', async () => {
    const caseId = await caseWithAcme();
    const result = await services.invoke('entity:handlers', { caseId, entityId: 'Organization:nobody' });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('entity:run-handler', () => {
  it('serves a cached handler from the case without a request, and asks again on refresh', async () => {
    const caseId = await caseWithAcme();
    const run = (refresh: boolean) =>
      runToEnd(
        services.invoke('entity:run-handler', {
          caseId,
          entityId: 'Organization:acme',
          handler: 'fake-registry/lei-search',
          refresh,
        }),
      );
    expect(requestsTo('/lei')).toBe(1);
    expect((await run(false)).cacheHits).toBe(1);
    expect(requestsTo('/lei')).toBe(1);
    await run(true);
    expect(requestsTo('/lei')).toBe(2);
  });

  it('runs the chosen handler alone: the other handlers of the node and of what it found stay idle', async () => {
    const caseId = await caseWithAcme();
    const officersBefore = requestsTo('/officers');
    const progress = await runToEnd(
      services.invoke('entity:run-handler', {
        caseId,
        entityId: 'Organization:acme',
        handler: 'fake-registry/lei-search',
        refresh: true,
      }),
    );
    expect(progress.done + progress.failed).toBe(1);
    expect(requestsTo('/officers')).toBe(officersBefore);
  });

  it('shows a retried handler that answered as cached, its failure gone', async () => {
    const caseId = await caseWithAcme();
    server.setRoute(() => ({ body: { lei: 'ABCDEFGHIJKLMNOPQR30' } }));
    await runToEnd(
      services.invoke('entity:run-handler', {
        caseId,
        entityId: 'Organization:acme',
        handler: 'fake-registry/officers',
        refresh: true,
      }),
    );
    const officers = (await handlersOf(caseId)).find((state) => state.handler === 'fake-registry/officers');
    expect(officers?.state).toBe('cached');
  });

  it('refuses a handler that does not apply to the node', async () => {
    const caseId = await caseWithAcme();
    const result = await services.invoke('entity:run-handler', {
      caseId,
      entityId: 'Identifier:lei:abcdefghijklmnopqr30',
      handler: 'fake-registry/lei-search',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});

describe('entity:raw', () => {
  const recordsOf = async (caseId: string, entityId: string) =>
    (await value<{ records: RawRecord[] }>(services.invoke('entity:raw', { caseId, entityId }))).records;

  it('gives a node the reply it was found in, with source, handler, address and time', async () => {
    const caseId = await caseWithAcme();
    const [record, ...others] = await recordsOf(caseId, 'Identifier:lei:abcdefghijklmnopqr30');
    expect(others).toEqual([]);
    expect(record).toMatchObject({ source: 'FakeRegistry', handler: 'fake-registry/lei-search' });
    expect(record?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/lei\?name=Acme$/);
    expect(JSON.parse(record?.text ?? '')).toEqual({ lei: 'ABCDEFGHIJKLMNOPQR30' });
    expect(Number.isNaN(Date.parse(record?.receivedAt ?? ''))).toBe(false);
  });

  it('keeps the latest reply per source and handler when a handler runs again', async () => {
    const caseId = await caseWithAcme();
    server.setRoute(() => ({ body: { lei: 'ABCDEFGHIJKLMNOPQR30', note: 'second answer' } }));
    await runToEnd(
      services.invoke('entity:run-handler', {
        caseId,
        entityId: 'Organization:acme',
        handler: 'fake-registry/lei-search',
        refresh: true,
      }),
    );
    const records = await recordsOf(caseId, 'Identifier:lei:abcdefghijklmnopqr30');
    expect(records.map((record) => record.text)).toEqual([expect.stringContaining('second answer')]);
  });

  it('never keeps the API key a server echoes in its reply', async () => {
    const caseId = await caseWithAcme();
    const secret = 'sk-live-0123456789abcdef';
    await value(services.invoke('credentials:set', { source: 'fakekeyed', secret, scope: 'this-run' }));
    await runToEnd(
      services.invoke('entity:run-handler', {
        caseId,
        entityId: 'Organization:acme',
        handler: 'fake-keyed/profile',
      }),
    );
    const records = await recordsOf(caseId, 'Organization:acme profile');
    expect(records).toHaveLength(1);
    expect(records[0]?.text).toMatch(/seenAuthorization":"Bearer \S+/);
    expect(JSON.stringify(records)).not.toContain(secret);
  });

  it('answers not_found for an entity the case does not hold', async () => {
    const caseId = await caseWithAcme();
    const result = await services.invoke('entity:raw', { caseId, entityId: 'Organization:nobody' });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
