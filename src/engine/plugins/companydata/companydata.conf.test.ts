import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRecordedDataset } from '../../../../test/fakes/companydata-server';
import { fixturePath, haveFixtures } from '../../../../test/support/fixtures-dir';
import {
  createCompanyDataHarness,
  seedOf,
  type CompanyDataHarness,
} from '../../../../test/harness/companydata-engine';

const API_KEY = 'cdk_conformance_5Hs8Lq2';
const ORG = 'Organization:example analytics inc';
const COMPANY = 'Identifier:companydata_company_id:synthetic-aviato-company-0001';
const CD = 'CompanyData/90';

let harness: CompanyDataHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe.skipIf(!haveFixtures())('company-data plugin on the shared recorded-shape fixtures', () => {
  const directory = (): string => fixturePath('companydata', 'aviato', 'synthetic');

  async function start(): Promise<CompanyDataHarness> {
    const { dataset, employeesPageSize } = loadRecordedDataset(directory());
    harness = await createCompanyDataHarness({
      dataset,
      serverKey: API_KEY,
      storedKey: API_KEY,
      maxPageSize: employeesPageSize,
    });
    return harness;
  }

  it('sends the recorded search request body', async () => {
    const h = await start();
    await h.run([seedOf('Organization=Example Analytics, Inc.')]);
    const recorded: unknown = JSON.parse(readFileSync(`${directory()}/company-search.request.json`, 'utf8'));
    const search = h.server.requests.find((request) => request.path === '/company/search');
    expect(JSON.parse(search?.body ?? '')).toEqual(recorded);
  });

  it('turns the recorded replies into the company, its employees and its funding graph', async () => {
    const h = await start();
    const progress = await h.run([seedOf('Organization=Example Analytics, Inc.')]);
    expect(progress.failures).toEqual([]);

    // The exact name wins over "Example Analytics GmbH" in the same reply.
    expect(
      h.edges().filter((edge) => edge.startsWith(`${ORG} -id-> Identifier:companydata_company_id:`)),
    ).toEqual([`${ORG} -id-> ${COMPANY} ${CD} {"match_type":"exact","score":1}`]);
    expect(h.asset(ORG)).toEqual({
      unique_id: 'example analytics inc',
      name: 'Example Analytics, Inc.',
      legal_name: 'Example Analytics, Inc.',
      headcount: 42,
      non_profit: false,
    });

    // Both recorded employee pages are read, and every employee becomes a member.
    const employeePages = h.server.requests.filter((request) => request.path.endsWith('/employees'));
    expect(employeePages.map((request) => request.query.get('page'))).toEqual(['0', '1']);
    expect(h.edges().filter((edge) => edge.includes(' -member-> '))).toEqual([
      `${ORG} -member-> Person:example person 1 ${CD}`,
      `${ORG} -member-> Person:example person 2 ${CD}`,
      `${ORG} -member-> Person:example person 3 ${CD}`,
    ]);

    // Two rounds into the company's checking account, with amounts, currency and dates.
    const transfers = h.entityIds().filter((id) => id.startsWith('FundsTransfer:'));
    expect(transfers.map((id) => h.asset(id))).toEqual([
      {
        unique_id: 'companydata:synthetic-aviato-company-0001:round-1001',
        amount: 2_500_000,
        currency: 'USD',
        reference_number: '1001',
        exchange_date: '2019-03-01T00:00:00.000Z',
      },
      {
        unique_id: 'companydata:synthetic-aviato-company-0001:round-1002',
        amount: 10_000_000,
        currency: 'USD',
        reference_number: '1002',
        exchange_date: '2021-06-01T00:00:00.000Z',
      },
    ]);
    const checking = 'Account:companydata:synthetic-aviato-company-0001:checking';
    expect(h.edges()).toContain(`${ORG} -account-> ${checking} ${CD}`);
    for (const transfer of transfers) {
      expect(h.edges().some((edge) => edge.startsWith(`${transfer} -recipient-> ${checking} ${CD}`))).toBe(
        true,
      );
    }

    // Investors (lead ones included) are linked to each round's seed account.
    const seeds = ['round-1001', 'round-1002'].map(
      (round) => `Account:companydata:synthetic-aviato-company-0001:${round}:seed`,
    );
    for (const seed of seeds) {
      expect(h.edges()).toContain(`Organization:example ventures -account-> ${seed} ${CD}`);
      expect(h.edges()).toContain(`Person:example person 9 -account-> ${seed} ${CD}`);
    }
    expect(h.edges()).toContain(
      `Organization:example ventures -id-> Identifier:companydata_company_id:synthetic-aviato-company-0002 ${CD}`,
    );
  });
});
