import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeGleifServer } from '../../../test/fakes/gleif-server';
import { startPartialMatchGleif, writeGleifOnlyConfig } from '../../../test/support/gleif-only';
import type { CandidateAccepted, CaseSummary, SessionStarted } from '../../shared/ipc/contract';
import type { Edge } from '../../shared/model/graph';
import type { ReviewCandidate } from '../../shared/model/review';
import { builtinPlugins, createEngine, createMemoryCredentialStore, silentLogger } from '../../engine/index';
import { createAppCredentials } from './app-credentials';
import type { AppServices } from './app-services';
import { createAppServices } from './app-services';

const SEED = { type: 'Organization', value: 'Lantern Quay' };
const CANDIDATE_LEI = '984500LQTRADING00097';

let gleif: FakeGleifServer;
let dir: string;
let services: AppServices;
let caseId: string;
/** Every edge the services sent as a graph delta, by id (the newest version). */
let deltaEdges: Map<string, Edge>;
const finished = new Map<string, () => void>();

beforeAll(async () => {
  gleif = await startPartialMatchGleif();
});

afterAll(async () => {
  await gleif.close();
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'review-service-'));
  await writeGleifOnlyConfig(path.join(dir, 'settings.json'), gleif.url);
  const credentials = createAppCredentials({
    openKeychain: () => createMemoryCredentialStore(),
    environment: {},
    sources: ['companydata'],
  });
  services = await createAppServices({
    casesDir: path.join(dir, 'cases'),
    settingsPath: path.join(dir, 'settings.json'),
    createEngine: (config) =>
      createEngine({
        config,
        dataDir: dir,
        credentials: credentials.store,
        plugins: builtinPlugins(),
        logger: silentLogger,
      }),
    credentials,
    logger: silentLogger,
    deltaWindowMs: 5,
    progressIntervalMs: 5,
  });
  deltaEdges = new Map();
  services.subscribe((event, payload) => {
    if (event === 'graph:delta') {
      for (const edge of (payload as { delta: { edges: Edge[] } }).delta.edges) {
        deltaEdges.set(edge.id, edge);
      }
    }
    if (event === 'session:progress') {
      const { progress } = payload as { progress: { sessionId: string; state: string } };
      if (progress.state === 'done' || progress.state === 'cancelled') {
        finished.get(progress.sessionId)?.();
      }
    }
  });
  caseId = (await value<CaseSummary>(services.invoke('cases:create', { name: 'Review' }))).id;
  await run(services.invoke('session:start', { caseId, seeds: [SEED] }));
});

afterEach(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

async function value<T>(promise: Promise<unknown>): Promise<T> {
  const result = (await promise) as { ok: boolean; value?: T; error?: unknown };
  if (!result.ok) {
    throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  }
  return result.value as T;
}

/** Waits until the session a request started has ended (its deltas were sent before). */
async function run<T extends SessionStarted>(request: Promise<unknown>): Promise<T> {
  const started = await value<T>(request);
  if (started.progress.state !== 'done') {
    await new Promise<void>((resolve) => finished.set(started.sessionId, resolve));
  }
  return started;
}

function pending(entityId?: string): Promise<ReviewCandidate[]> {
  return value(services.invoke('review:list', entityId === undefined ? { caseId } : { caseId, entityId }));
}

const subsidiaries = (): Edge[] => [...deltaEdges.values()].filter((edge) => edge.relation === 'subsidiary');

describe('reviewing matches through the app services', () => {
  it('lists the pending candidate with name, LEI, jurisdiction, city, status and score', async () => {
    const [candidate, ...more] = await pending();
    expect(more).toEqual([]);
    expect(candidate).toMatchObject({
      organizationName: 'Lantern Quay',
      lei: CANDIDATE_LEI,
      legalName: 'LANTERN QUAY TRADING LTD',
      matchType: 'partial',
    });
    expect(candidate?.jurisdiction).not.toBe('');
    expect(candidate?.city).not.toBe('');
    expect(candidate?.status).not.toBe('');
    expect(candidate?.score).toBeTypeOf('number');
    expect(subsidiaries()).toEqual([]);
  });

  it('lists the candidates of one entity: its Organization or its candidate Identifier, nothing for others', async () => {
    const [candidate] = await pending();
    expect(await pending(candidate?.organizationId)).toEqual([candidate]);
    expect(await pending(candidate?.identifierId)).toEqual([candidate]);
    expect(await pending('Organization:someone else')).toEqual([]);
  });

  it('accepting runs the chain at once: the record applies and the family arrives as deltas', async () => {
    const [candidate] = await pending();
    const accepted = await run<CandidateAccepted>(
      services.invoke('review:accept', { caseId, edgeId: candidate?.edgeId ?? '' }),
    );
    expect(accepted.decisionSessionId).not.toBe(accepted.sessionId);
    expect(deltaEdges.get(candidate?.edgeId ?? '')?.properties).toMatchObject({
      review: 'accepted',
      applied: true,
    });
    expect(subsidiaries().length).toBeGreaterThan(0);
    expect(await pending()).toEqual([]);
  });

  it('rejecting removes the candidate, and a later run of the organisation does not propose it again', async () => {
    const [candidate] = await pending();
    await value(services.invoke('review:reject', { caseId, edgeId: candidate?.edgeId ?? '' }));
    expect(deltaEdges.get(candidate?.edgeId ?? '')?.properties).toMatchObject({ review: 'rejected' });
    expect(await pending()).toEqual([]);

    const searches = gleif.apiRequests().length;
    await run(services.invoke('graph:expand-node', { caseId, entityId: candidate?.organizationId ?? '' }));
    // The registry was asked again (a rejection is no answer) and proposed nothing.
    expect(gleif.apiRequests().length).toBeGreaterThan(searches);
    expect(await pending()).toEqual([]);
    expect(subsidiaries()).toEqual([]);
  });

  it('refuses a decision on an unknown edge as not_found and on a decided one as a conflict', async () => {
    const [candidate] = await pending();
    expect(await services.invoke('review:reject', { caseId, edgeId: 'no|such|edge' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    await value(services.invoke('review:reject', { caseId, edgeId: candidate?.edgeId ?? '' }));
    expect(await services.invoke('review:accept', { caseId, edgeId: candidate?.edgeId ?? '' })).toMatchObject(
      { ok: false, error: { code: 'conflict' } },
    );
  });

  it('rejects a request without an edge id before any handler runs', async () => {
    expect(await services.invoke('review:accept', { caseId })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
  });
});
