/**
 * Regression tests of the hardening issue for company data: replies that do not fit the wire
 * shape write nothing (11.1), and a failed later page is not cached as a complete answer (11.13).
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSyntheticDataset } from '../../../../test/fakes/companydata-server';
import type { FakeRequest } from '../../../../test/fakes/http-server';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import {
  createCompanyDataHarness,
  seedOf,
  type CompanyDataHarness,
} from '../../../../test/harness/companydata-engine';

const API_KEY = 'cdk_live_7Rq2Zx9Wm4Tn';
const DATASET = loadSyntheticDataset(
  path.join(repositoryRoot, 'test', 'fixtures', 'companydata', 'dataset.json'),
);
const NORTHWIND = seedOf('Organization=Northwind Analytics, Inc.');
const ORG = 'Organization:northwind analytics inc';

let harness: CompanyDataHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(maxPageSize?: number): Promise<CompanyDataHarness> {
  harness = await createCompanyDataHarness({
    dataset: DATASET,
    serverKey: API_KEY,
    storedKey: API_KEY,
    ...(maxPageSize === undefined ? {} : { maxPageSize }),
  });
  return harness;
}

const isEnrich = (request: FakeRequest): boolean => request.path === '/company/enrich';
const isEmployees = (request: FakeRequest): boolean => request.path.endsWith('/employees');

describe('company-data replies that do not fit the wire shape', () => {
  it('records a 200 maintenance message instead of the enrich reply as malformed_body naming the URL, and writes nothing from it', async () => {
    const h = await start();
    h.server.setOverride((request) =>
      isEnrich(request) ? { body: { message: 'Service temporarily under maintenance' } } : undefined,
    );
    const progress = await h.run([NORTHWIND]);
    const failure = progress.failures.find((item) => item.handler === 'companydata/company-enrich');
    expect(failure?.code).toBe('malformed_body');
    expect(failure?.message).toContain(`${h.server.url}/company/enrich`);
    const organization = h.asset(ORG) as Record<string, unknown>;
    expect(organization.headcount).toBeUndefined();
    expect(organization.legal_name).toBeUndefined();
  });

  it('refuses an employees page without its list, and stores no employee', async () => {
    const h = await start();
    h.server.setOverride((request) => (isEmployees(request) ? { body: { data: [] } } : undefined));
    const progress = await h.run([NORTHWIND]);
    expect(
      progress.failures.filter((item) => item.handler === 'companydata/employees').map((item) => item.code),
    ).toEqual(['malformed_body']);
    expect(h.edges().filter((edge) => edge.includes('-member->'))).toEqual([]);
  });
});

describe('company-data partial answers', () => {
  it('reads the employees again on the next run when a later page failed', async () => {
    const h = await start(1);
    h.server.setOverride((request) =>
      isEmployees(request) && request.query.get('page') === '1' ? { status: 500, body: 'down' } : undefined,
    );
    const first = await h.run([NORTHWIND]);
    expect(first.failures.map((item) => [item.handler, item.code])).toEqual([
      ['companydata/employees', 'http_status'],
    ]);
    const membersAfterFirst = h.edges().filter((edge) => edge.includes('-member->')).length;
    expect(membersAfterFirst).toBe(1);
    h.server.setOverride(undefined);
    const second = await h.run([NORTHWIND]);
    expect(second.failures).toEqual([]);
    expect(h.edges().filter((edge) => edge.includes('-member->')).length).toBeGreaterThan(membersAfterFirst);
  });
});
