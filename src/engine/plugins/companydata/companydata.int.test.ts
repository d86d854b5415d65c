import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSyntheticDataset } from '../../../../test/fakes/companydata-server';
import type { FakeReply, FakeRequest } from '../../../../test/fakes/http-server';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import type { SessionProgress } from '../../../shared/model/session';
import { wire } from '../../net/guarded-transport';
import {
  createCompanyDataHarness,
  seedOf,
  type CompanyDataHarness,
  type CompanyDataHarnessOptions,
} from '../../../../test/harness/companydata-engine';

const API_KEY = 'cdk_live_7Rq2Zx9Wm4Tn';
const DATASET = loadSyntheticDataset(
  path.join(repositoryRoot, 'test', 'fixtures', 'companydata', 'dataset.json'),
);
const NORTHWIND = seedOf('Organization=Northwind Analytics, Inc.');
const ORG = 'Organization:northwind analytics inc';
const COMPANY = 'Identifier:companydata_company_id:cd-nwa-0001';
const CHECKING = 'Account:companydata:cd-nwa-0001:checking';
const SEED_7001 = 'Account:companydata:cd-nwa-0001:round-7001:seed';
const SEED_7002 = 'Account:companydata:cd-nwa-0001:round-7002:seed';
const ROUND_7001 = 'FundsTransfer:companydata:cd-nwa-0001:round-7001';
const ROUND_7002 = 'FundsTransfer:companydata:cd-nwa-0001:round-7002';
const SEED_ROUND = '{"round":"Seed Round - Northwind Analytics","stage":"Seed"}';
const SERIES_A = '{"round":"Series A - Northwind Analytics","stage":"Series A"}';
const CD = 'CompanyData/90';

let harness: CompanyDataHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(options: Partial<CompanyDataHarnessOptions> = {}): Promise<CompanyDataHarness> {
  harness = await createCompanyDataHarness({
    dataset: DATASET,
    serverKey: API_KEY,
    storedKey: API_KEY,
    ...options,
  });
  return harness;
}

const isSearch = (request: FakeRequest): boolean => request.path === '/company/search';

describe('company-data plugin through the engine', () => {
  it('grows Organization -> company Identifier -> enrich, employees and rounds into the exact expected graph', async () => {
    const h = await start();
    const progress = await h.run([NORTHWIND]);

    expect(progress.failures).toEqual([]);
    expect(progress.requestsBySource).toEqual({ CompanyData: 4 });
    expect(h.edges()).toEqual(
      [
        `${ORG} -id-> ${COMPANY} ${CD} {"match_type":"exact","score":1}`,
        `${ORG} -id-> Identifier:legal_name:northwind analytics holdings, inc. ${CD}`,
        `${ORG} -member-> Person:ada quill ${CD}`,
        `${ORG} -member-> Person:bruno marsh ${CD}`,
        `${ORG} -member-> Person:chiara fenwick ${CD}`,
        `${ORG} -member-> Person:dmitri oakes ${CD}`,
        `${ORG} -member-> Person:elif brandt ${CD}`,
        `${ORG} -account-> ${CHECKING} ${CD}`,
        `${ROUND_7001} -recipient-> ${CHECKING} ${CD} ${SEED_ROUND}`,
        `${ROUND_7001} -sender-> ${SEED_7001} ${CD} ${SEED_ROUND}`,
        `${ROUND_7002} -recipient-> ${CHECKING} ${CD} ${SERIES_A}`,
        `${ROUND_7002} -sender-> ${SEED_7002} ${CD} ${SERIES_A}`,
        `Organization:harbor ventures -id-> Identifier:companydata_company_id:cd-hv-0009 ${CD}`,
        `Organization:harbor ventures -account-> ${SEED_7001} ${CD}`,
        `Organization:harbor ventures -account-> ${SEED_7002} ${CD}`,
        `Person:greta lindqvist -id-> Identifier:companydata_person_id:cd-p-0901 ${CD}`,
        `Person:greta lindqvist -account-> ${SEED_7001} ${CD}`,
        `Person:greta lindqvist -account-> ${SEED_7002} ${CD}`,
      ].sort(),
    );
    expect(h.entityIds()).toEqual(
      [
        ORG,
        COMPANY,
        'Identifier:legal_name:northwind analytics holdings, inc.',
        'Person:ada quill',
        'Person:bruno marsh',
        'Person:chiara fenwick',
        'Person:dmitri oakes',
        'Person:elif brandt',
        CHECKING,
        SEED_7001,
        SEED_7002,
        ROUND_7001,
        ROUND_7002,
        'Organization:harbor ventures',
        'Identifier:companydata_company_id:cd-hv-0009',
        'Person:greta lindqvist',
        'Identifier:companydata_person_id:cd-p-0901',
      ].sort(),
    );
    expect(h.asset(ORG)).toEqual({
      unique_id: 'northwind analytics inc',
      name: 'Northwind Analytics, Inc.',
      legal_name: 'Northwind Analytics Holdings, Inc.',
      headcount: 57,
      non_profit: false,
    });
    expect(h.asset(ROUND_7002)).toEqual({
      unique_id: 'companydata:cd-nwa-0001:round-7002',
      amount: 12_000_000,
      currency: 'USD',
      reference_number: '7002',
      exchange_date: '2022-09-01T00:00:00.000Z',
    });
    expect(h.asset(SEED_7001)).toEqual({
      unique_id: 'companydata:cd-nwa-0001:round-7001:seed',
      account_type: 'seed',
      active: false,
      balance: 1_500_000,
    });
    expect(h.asset(CHECKING)).toEqual({
      unique_id: 'companydata:cd-nwa-0001:checking',
      account_type: 'checking',
      account_number: 'default',
    });
  });

  it('sends the documented search body with the brand name and the Bearer key', async () => {
    const h = await start();
    await h.run([NORTHWIND]);
    const search = h.server.requests.find(isSearch);
    expect(JSON.parse(search?.body ?? '')).toEqual({
      dsl: { offset: 0, limit: 10, filters: [{ name: { operation: 'eq', value: 'Northwind Analytics' } }] },
    });
    expect(h.server.requests.every((request) => request.headers.authorization === `Bearer ${API_KEY}`)).toBe(
      true,
    );
  });

  it('serves a second run within the TTL from the case graph without a request', async () => {
    const h = await start();
    await h.run([NORTHWIND]);
    const before = { edges: h.edges(), requests: h.server.requests.length };
    const second = await h.run([NORTHWIND]);
    expect(h.server.requests).toHaveLength(before.requests);
    expect(second.cacheHits).toBe(4);
    expect(second.requestsBySource).toEqual({});
    expect(h.edges()).toEqual(before.edges);
  });

  it('keeps a legal name the organization already has', async () => {
    const h = await start();
    await h.openCase.graph.apply(
      {
        entities: [
          {
            type: 'Organization',
            asset: {
              unique_id: 'northwind analytics inc',
              name: 'Northwind Analytics, Inc.',
              legal_name: 'northwind analytics inc.',
            },
          },
        ],
        edges: [],
        dispatch: [],
      },
      { source: { name: 'GLEIF', confidence: 100 } },
    );
    await h.run([ORG]);
    expect(h.asset(ORG)).toMatchObject({ legal_name: 'northwind analytics inc.', headcount: 57 });
    expect(h.edges().some((edge) => edge.includes('Identifier:legal_name:'))).toBe(false);
  });

  it('reads every page of employees', async () => {
    const h = await start({ maxPageSize: 2 });
    await h.run([NORTHWIND]);
    const pages = h.server.requests.filter((request) => request.path.endsWith('/employees'));
    expect(pages.map((request) => request.query.get('page'))).toEqual(['0', '1', '2']);
    expect(h.edges().filter((edge) => edge.includes(' -member-> '))).toHaveLength(5);
  });

  it('keeps the employees of earlier pages and records the failure of a later page', async () => {
    const h = await start({ maxPageSize: 2 });
    h.server.setOverride((request) =>
      request.path.endsWith('/employees') && request.query.get('page') === '1'
        ? { status: 500, body: 'boom' }
        : undefined,
    );
    const progress = await h.run([NORTHWIND]);
    expect(h.edges().filter((edge) => edge.includes(' -member-> '))).toHaveLength(2);
    expect(progress.failures.map((failure) => [failure.handler, failure.code])).toEqual([
      ['companydata/employees', 'http_status'],
    ]);
  });

  it("keeps two companies' rounds with the same investor apart", async () => {
    const h = await start();
    await h.run([NORTHWIND, seedOf('Organization=Southwind Labs')]);
    const southwindSeed = 'Account:companydata:cd-swl-0003:round-7101:seed';
    expect(h.edges()).toContain(`Organization:harbor ventures -account-> ${southwindSeed} ${CD}`);
    expect(h.edges()).toContain(`Organization:harbor ventures -account-> ${SEED_7002} ${CD}`);
    expect(h.entityIds().filter((id) => id.startsWith('FundsTransfer:'))).toEqual([
      ROUND_7001,
      ROUND_7002,
      'FundsTransfer:companydata:cd-swl-0003:round-7101',
    ]);
  });
});

describe('company-data plugin on bad input', () => {
  it('does nothing and reports that the source needs a key when no key is stored', async () => {
    const h = await start({ storedKey: undefined });
    const progress = await h.run([NORTHWIND]);
    expect(progress.sourcesNeedingKey).toEqual(['CompanyData']);
    expect(progress.failures).toEqual([]);
    expect(h.server.requests).toHaveLength(0);
    expect(h.entityIds()).toEqual([ORG]);
  });

  it('records a 401 when the key is refused and makes no Identifier', async () => {
    const h = await start({ storedKey: 'cdk_live_wrong0000' });
    const progress = await h.run([NORTHWIND]);
    expect(progress.failures.map((failure) => failure.code)).toEqual(['http_status']);
    expect(progress.failures[0]?.message).toContain('HTTP 401');
    expect(h.entityIds()).toEqual([ORG]);
  });

  it('retries a search answered 429 and then succeeds', async () => {
    const h = await start();
    let throttled = false;
    h.server.setOverride((request): FakeReply | undefined => {
      if (isSearch(request) && !throttled) {
        throttled = true;
        return { status: 429, headers: { 'retry-after': '0' }, body: { message: 'Too Many Requests' } };
      }
      return undefined;
    });
    const progress = await h.run([NORTHWIND]);
    expect(progress.failures).toEqual([]);
    expect(h.server.requests.filter(isSearch)).toHaveLength(2);
    expect(h.edges()).toContain(`${ORG} -id-> ${COMPANY} ${CD} {"match_type":"exact","score":1}`);
  });

  it('records a rate-limited failure when 429 persists after the retries', async () => {
    const h = await start({ maxRetries: 1 });
    h.server.setOverride((request) =>
      isSearch(request) ? { status: 429, headers: { 'retry-after': '0' }, body: {} } : undefined,
    );
    const progress = await h.run([NORTHWIND]);
    expect(progress.failures.map((failure) => failure.code)).toEqual(['rate_limited']);
    expect(h.server.requests.filter(isSearch)).toHaveLength(2);
  });

  it('records a 500 from the search as a failure', async () => {
    const h = await start();
    h.server.setOverride((request) =>
      isSearch(request) ? { status: 500, body: 'internal error' } : undefined,
    );
    const progress = await h.run([NORTHWIND]);
    expect(progress.failures.map((failure) => [failure.handler, failure.code])).toEqual([
      ['companydata/company-search', 'http_status'],
    ]);
    expect(h.entityIds()).toEqual([ORG]);
  });

  it('records a malformed reply as a failure', async () => {
    const h = await start();
    h.server.setOverride((request) => (isSearch(request) ? { body: '<html>maintenance</html>' } : undefined));
    const progress = await h.run([NORTHWIND]);
    expect(progress.failures.map((failure) => failure.code)).toEqual(['malformed_body']);
  });

  it('records a reply of the wrong shape as malformed', async () => {
    const h = await start();
    h.server.setOverride((request) => (isSearch(request) ? { body: { results: [] } } : undefined));
    const progress = await h.run([NORTHWIND]);
    expect(progress.failures.map((failure) => failure.code)).toEqual(['malformed_body']);
  });

  it('makes no Identifier when the search finds nothing', async () => {
    const h = await start();
    const progress = await h.run([seedOf('Organization=Quartzline Widgets Ltd')]);
    expect(progress.failures).toEqual([]);
    expect(h.server.requests).toHaveLength(1);
    expect(h.entityIds()).toEqual(['Organization:quartzline widgets ltd']);
  });

  it('does not search again within the TTL for an organization the search did not match', async () => {
    // Only the LEI search falls through to a new query when its lookup finds nothing (spec,
    // "States and transitions"); every other handler's answer, empty included, holds for the TTL.
    const h = await start();
    const quartzline = seedOf('Organization=Quartzline Widgets Ltd');
    await h.run([quartzline]);
    const progress = await h.run([quartzline]);
    expect(h.server.requests).toHaveLength(1);
    expect(progress.cacheHits).toBe(1);
  });

  it('makes no Identifier when no search result matches the name', async () => {
    const h = await start();
    h.server.setOverride((request) =>
      isSearch(request)
        ? {
            body: {
              count: { value: '2', isEstimate: false },
              items: [
                { id: 'cd-x-1', name: 'Westgate Logistics' },
                { id: 'cd-x-2', name: 'Eastbrook Partners' },
              ],
            },
          }
        : undefined,
    );
    const progress = await h.run([NORTHWIND]);
    expect(progress.failures).toEqual([]);
    expect(h.entityIds()).toEqual([ORG]);
    expect(h.server.requests).toHaveLength(1);
  });

  it('picks the exact name over an earlier similar one', async () => {
    const h = await start();
    h.server.setOverride((request) =>
      isSearch(request)
        ? {
            body: {
              count: { value: '2', isEstimate: false },
              items: [
                { id: 'cd-nwa-0002', name: 'Northwind Analytics Consulting' },
                { id: 'cd-nwa-0001', name: 'Northwind Analytics' },
              ],
            },
          }
        : undefined,
    );
    await h.run([NORTHWIND]);
    expect(
      h.edges().filter((edge) => edge.startsWith(`${ORG} -id-> Identifier:companydata_company_id`)),
    ).toEqual([`${ORG} -id-> ${COMPANY} ${CD} {"match_type":"exact","score":1}`]);
  });
});

describe('company-data rate limit and secrets', () => {
  it('spaces requests by the rate limit and keeps the key out of the graph, tags, export, case file and logs', async () => {
    const interval = 200;
    // The send log: the moment the client hands each request to fetch, right after its grant.
    // (The fake server stamps arrivals on the event loop it shares with the engine, so a busy
    // loop can delay one stamp and shorten the next gap; the send times cannot drift that way.)
    const realFetch = wire.fetch;
    const sent: number[] = [];
    const spy = vi.spyOn(wire, 'fetch').mockImplementation((input, init) => {
      sent.push(Date.now());
      return realFetch(input, init);
    });
    let progress: SessionProgress;
    let h: CompanyDataHarness;
    try {
      h = await start({ rateLimit: { requests: 1, intervalMs: interval }, storedKey: API_KEY });
      h.server.setOverride((request) =>
        request.path === '/company/enrich'
          ? { status: 500, body: `upstream failed for key ${API_KEY}` }
          : undefined,
      );
      progress = await h.run([NORTHWIND]);
    } finally {
      spy.mockRestore();
    }
    expect(sent).toHaveLength(4);
    expect(h.server.requests).toHaveLength(4);
    for (let index = 1; index < sent.length; index += 1) {
      // A grant and the fetch call after it are separated by a few microtasks only.
      expect((sent[index] ?? 0) - (sent[index - 1] ?? 0)).toBeGreaterThanOrEqual(interval - 2);
    }
    const arrivals = h.server.requests.map((request) => request.at);
    expect((arrivals[3] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(3 * interval - 100);
    expect(progress.rateLimitWaitMsBySource.CompanyData ?? 0).toBeGreaterThan(0);

    const exported = JSON.stringify(h.openCase.graph.exportJson());
    const snapshot = JSON.stringify(h.openCase.graph.snapshot());
    const logs = h.logLines.map((line) => `${line.message} ${line.fields}`).join('\n');
    // The client logs each request with its headers: the Authorization header is there, masked.
    expect(logs).toContain('"authorization":"REDACTED"');
    expect(progress.failures.length).toBe(1);
    for (const text of [exported, snapshot, logs, JSON.stringify(progress), h.caseFileText()]) {
      expect(text).not.toContain(API_KEY);
    }
  });
});
