/**
 * Regression tests of the hardening issue for the LEI registry: replies that do not fit the
 * JSON:API wire shape write nothing (11.1), a partial family is not cached as complete (11.13),
 * and children are asked for in pages of 200 (11.16).
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import {
  createGleifEngineHarness,
  seedOf,
  type GleifEngineHarness,
} from '../../../../test/harness/gleif-engine';
import { CHILDREN_PAGE_SIZE } from './client';

const FIXTURES = path.join(repositoryRoot, 'test', 'fixtures', 'gleif');
const ORG_SEED = 'Organization=Northwind Traders Inc';
const TRADERS_ORG = 'Organization:northwind traders inc';
const JSON_API = { 'content-type': 'application/vnd.api+json' };

let harness: GleifEngineHarness | undefined;

async function start(): Promise<GleifEngineHarness> {
  harness = await createGleifEngineHarness({ fixturesDir: FIXTURES });
  return harness;
}

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('LEI registry replies that do not fit the wire shape', () => {
  it('records a 200 maintenance message instead of search results as malformed_body naming the URL, and writes nothing', async () => {
    const h = await start();
    h.server.setOverride(() => ({
      status: 200,
      headers: JSON_API,
      body: { message: 'Service temporarily under maintenance' },
    }));
    const progress = await h.run([seedOf(ORG_SEED)]);
    expect(progress.failures.map((failure) => [failure.code, failure.source])).toEqual([
      ['malformed_body', 'GLEIF'],
    ]);
    expect(progress.failures[0]?.message).toContain(`${h.server.url}/api/v1/fuzzycompletions`);
    expect(h.openCase.graph.outgoing(TRADERS_ORG)).toEqual([]);
  });

  it('refuses an empty data list where an LEI record is expected, and writes nothing', async () => {
    const h = await start();
    h.server.setOverride((request) =>
      request.path.startsWith('/api/v1/lei-records/')
        ? { status: 200, headers: JSON_API, body: { data: [] } }
        : undefined,
    );
    const progress = await h.run([seedOf(ORG_SEED)]);
    expect(progress.failures.map((failure) => failure.code)).toEqual(['malformed_body']);
    expect(h.openCase.graph.outgoing(TRADERS_ORG)).toEqual([]);
  });
});

describe('LEI registry direct children', () => {
  it(`asks for the first page of children with page[size]=${CHILDREN_PAGE_SIZE}`, async () => {
    const h = await start();
    await h.run([seedOf(ORG_SEED)], { depth: 1 });
    const first = h.server.apiRequests().find((request) => request.path.endsWith('/direct-children'));
    expect(first?.query.get('page[size]')).toBe(String(CHILDREN_PAGE_SIZE));
  });

  it('asks again for the family on the next run when a later page of children failed', async () => {
    const h = await start();
    h.server.setOverride((request) =>
      request.path.endsWith('/direct-children') && request.query.get('page[number]') === '2'
        ? { status: 500, body: 'down' }
        : undefined,
    );
    const first = await h.run([seedOf(ORG_SEED)], { depth: 1 });
    expect(first.failures.map((failure) => failure.code)).toEqual(['http_status']);
    h.server.setOverride(undefined);
    const childrenRequests = () =>
      h.server.apiRequests().filter((request) => request.path.endsWith('/direct-children')).length;
    const before = childrenRequests();
    const second = await h.run([seedOf(ORG_SEED)], { depth: 1 });
    expect(second.failures).toEqual([]);
    expect(childrenRequests()).toBeGreaterThan(before);
    expect(h.neighbours(TRADERS_ORG, 'subsidiary')).toHaveLength(5);
  });
});

describe('LEI registry requests and the session', () => {
  it('aborts an in-flight registry request when the session is cancelled, though no handler passes the signal', async () => {
    const h = await start();
    // The reply would come long after the test's own timeout: only an aborted request ends the run.
    h.server.setOverride(() => ({ delayMs: 20_000, headers: JSON_API, body: { data: [] } }));
    const session = h.openCase.startSession({ seeds: [seedOf(ORG_SEED)] });
    while (h.server.apiRequests().length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    session.cancel();
    const progress = await session.done;
    expect(progress.state).toBe('cancelled');
    expect(progress.failures).toEqual([]);
  });
});
