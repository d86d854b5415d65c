import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import { ZodError } from 'zod';
import { selectCompany } from './handlers/company-search';
import { checkingAccount, personFromRecord, roundTransfer, seedAccount } from './mapping';
import {
  CompanyEnrichReply,
  CompanySearchReply,
  EmployeesPageReply,
  FundingRoundsPageReply,
  type FundingRound,
} from './wire';

// Each reply is read as the client reads it: through its wire schema.
const parseCompanySearch = (body: unknown) => CompanySearchReply.parse(body);
const parseCompanyEnrich = (body: unknown) => CompanyEnrichReply.parse(body);
const parseEmployeesPage = (body: unknown) => EmployeesPageReply.parse(body);
const parseFundingRoundsPage = (body: unknown) => FundingRoundsPageReply.parse(body);

interface FixtureCompany {
  search: { id: string; name: string };
  enrich: Record<string, unknown>;
  employees: Record<string, unknown>[];
  fundingRounds: Record<string, unknown>[];
}

const dataset = JSON.parse(
  readFileSync(path.join(repositoryRoot, 'test', 'fixtures', 'companydata', 'dataset.json'), 'utf8'),
) as { companies: FixtureCompany[] };
const [northwind, consulting, southwind] = dataset.companies as [
  FixtureCompany,
  FixtureCompany,
  FixtureCompany,
];

describe('parseCompanySearch', () => {
  it('reads the id and name of every item in reply order', () => {
    const reply = { count: { value: '2', isEstimate: false }, items: [northwind.search, consulting.search] };
    expect(parseCompanySearch(reply)).toEqual([
      { id: 'cd-nwa-0001', name: 'Northwind Analytics' },
      { id: 'cd-nwa-0002', name: 'Northwind Analytics Consulting' },
    ]);
  });

  it('reads an empty result list as no companies', () => {
    expect(parseCompanySearch({ count: { value: '0', isEstimate: false }, items: [] })).toEqual([]);
  });

  it('skips items without an id or a name', () => {
    expect(
      parseCompanySearch({ items: [{ id: '', name: 'X' }, { name: 'Y' }, { id: 'z', name: 'Zeta' }] }),
    ).toEqual([{ id: 'z', name: 'Zeta' }]);
  });

  it('rejects a reply without items', () => {
    expect(() => parseCompanySearch({ results: [] })).toThrow(ZodError);
    expect(() => parseCompanySearch([])).toThrow(ZodError);
  });
});

describe('parseCompanyEnrich', () => {
  it('reads legal name, headcount and non-profit status', () => {
    expect(parseCompanyEnrich(northwind.enrich)).toEqual({
      id: 'cd-nwa-0001',
      name: 'Northwind Analytics',
      legalName: 'Northwind Analytics Holdings, Inc.',
      headcount: 57,
      nonProfit: false,
    });
  });

  it('leaves out an empty legal name', () => {
    expect(parseCompanyEnrich(southwind.enrich)).toEqual({
      id: 'cd-swl-0003',
      name: 'Southwind Labs',
      headcount: 8,
      nonProfit: true,
    });
  });

  it('treats a headcount of 0 as unknown', () => {
    expect(parseCompanyEnrich({ ...northwind.enrich, headcount: 0 }).headcount).toBeUndefined();
  });

  it('keeps a description that mentions "error" (the reference rejected such bodies)', () => {
    expect(String(northwind.enrich.description)).toContain('error');
    expect(parseCompanyEnrich(northwind.enrich).legalName).toBe('Northwind Analytics Holdings, Inc.');
  });

  it('rejects a reply without a company id', () => {
    expect(() => parseCompanyEnrich({ name: 'X' })).toThrow(ZodError);
  });
});

describe('parseEmployeesPage', () => {
  it('reads each employee person and the page count', () => {
    const page = parseEmployeesPage({
      employees: northwind.employees.slice(0, 2),
      pages: 3,
      totalResults: 5,
    });
    expect(page).toEqual({
      items: [
        { id: 'cd-p-0101', fullName: 'Ada Quill' },
        { id: 'cd-p-0102', fullName: 'Bruno Marsh' },
      ],
      pages: 3,
    });
  });

  it('counts a reply without pages as one page', () => {
    expect(parseEmployeesPage({ employees: [] }).pages).toBe(1);
  });

  it('rejects a reply without employees or with an unreadable page count', () => {
    expect(() => parseEmployeesPage({ pages: 1 })).toThrow(ZodError);
    expect(() => parseEmployeesPage({ employees: [], pages: 'many' })).toThrow(ZodError);
  });
});

describe('parseFundingRoundsPage', () => {
  it('reads rounds with amount, date and investors, lead investors included', () => {
    const page = parseFundingRoundsPage({
      fundingRounds: northwind.fundingRounds,
      pages: 1,
      totalResults: 2,
    });
    expect(page.pages).toBe(1);
    expect(page.items).toEqual([
      {
        id: '7001',
        name: 'Seed Round - Northwind Analytics',
        stage: 'Seed',
        announcedOn: '2020-04-15T00:00:00.000Z',
        moneyRaised: 1_500_000,
        personInvestors: [{ id: 'cd-p-0901', fullName: 'Greta Lindqvist' }],
        companyInvestors: [{ id: 'cd-hv-0009', name: 'Harbor Ventures' }],
      },
      {
        id: '7002',
        name: 'Series A - Northwind Analytics',
        stage: 'Series A',
        announcedOn: '2022-09-01T00:00:00.000Z',
        moneyRaised: 12_000_000,
        personInvestors: [{ id: 'cd-p-0901', fullName: 'Greta Lindqvist' }],
        companyInvestors: [{ id: 'cd-hv-0009', name: 'Harbor Ventures' }],
      },
    ]);
  });

  it('lists an investor named both as lead and as participant once', () => {
    const investor = { id: 'cd-hv-0009', name: 'Harbor Ventures' };
    const page = parseFundingRoundsPage({
      fundingRounds: [
        {
          id: 1,
          name: 'A',
          stage: 'A',
          leadCompanyInvestorList: [investor],
          companyInvestorList: [investor],
        },
      ],
    });
    expect(page.items[0]?.companyInvestors).toEqual([investor]);
  });

  it('rejects a reply without fundingRounds', () => {
    expect(() => parseFundingRoundsPage({ rounds: [] })).toThrow(ZodError);
  });
});

describe('selectCompany', () => {
  const items = [
    { id: 'a', name: 'Northwind Analytics Consulting' },
    { id: 'b', name: 'northwind analytics' },
    { id: 'c', name: 'Westgate Logistics' },
  ];

  it('prefers an exact (case-insensitive) name over an earlier similar one', () => {
    expect(selectCompany(['Northwind Analytics, Inc.', 'Northwind Analytics'], items)).toEqual({
      item: { id: 'b', name: 'northwind analytics' },
      matchType: 'exact',
      score: 1,
    });
  });

  it('takes the most similar name of at least 0.85 when none is exact', () => {
    const selection = selectCompany(
      ['Northwind Analytic'],
      [
        { id: 'c', name: 'Westgate Logistics' },
        { id: 'a', name: 'Northwind Analytics Consulting' },
      ],
    );
    expect(selection?.item.id).toBe('a');
    expect(selection?.matchType).toBe('similar');
    expect(selection?.score).toBeGreaterThanOrEqual(0.85);
  });

  it('keeps the first of equally similar results', () => {
    const selection = selectCompany(
      ['Northwind'],
      [
        { id: 'first', name: 'Northwind Analytics' },
        { id: 'second', name: 'Northwind Analytics Consulting' },
      ],
    );
    expect(selection?.item.id).toBe('first');
  });

  it('selects nothing when no result is similar enough', () => {
    expect(selectCompany(['Northwind Analytics'], [{ id: 'c', name: 'Westgate Logistics' }])).toBeUndefined();
  });
});

describe('financial graph ids', () => {
  const round = (name: string, stage: string, id = ''): FundingRound => ({
    id,
    name,
    stage,
    moneyRaised: 5,
    personInvestors: [],
    companyInvestors: [],
  });

  it('scopes the round and its seed account by company, so equal round names never merge', () => {
    const seriesA = round('Series A', 'Series A');
    expect(roundTransfer('company-1', seriesA).unique_id).not.toBe(
      roundTransfer('company-2', seriesA).unique_id,
    );
    expect(seedAccount('company-1', seriesA).unique_id).not.toBe(seedAccount('company-2', seriesA).unique_id);
  });

  it('keys a round by its id when the API gives one', () => {
    expect(roundTransfer('c', round('Seed', 'Seed', '42')).unique_id).toBe('companydata:c:round-42');
  });

  it('gives each company one checking account', () => {
    expect(checkingAccount('c')).toEqual({
      unique_id: 'companydata:c:checking',
      account_type: 'checking',
      account_number: 'default',
    });
  });
});

describe('personFromRecord', () => {
  it('parses an ordinary full name', () => {
    expect(personFromRecord('Greta Lindqvist')).toMatchObject({
      unique_id: 'greta lindqvist',
      family_name: 'Lindqvist',
    });
  });

  it('keeps a name the shared parser refuses, since the API says it is a person', () => {
    expect(personFromRecord('Example Person 9')).toEqual({
      unique_id: 'example person 9',
      full_name: 'Example Person 9',
    });
  });

  it('makes no person from a blank name', () => {
    expect(personFromRecord('   ')).toBeUndefined();
  });
});
