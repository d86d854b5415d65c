import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { SourceReplyError } from '../../core/plugin-api';
import {
  ChildrenPageReply,
  DirectParentReply,
  FuzzyCompletionsReply,
  LeiRecordReply,
  childrenPageOf,
  directParentOf,
  fuzzyCandidatesOf,
  leiRecordReplyOf,
  recordPostalCodes,
} from './wire';

// Each reply is read as the client reads it: its wire schema first, then the mapping.
const parseLeiRecordReply = (body: unknown, expectedLei?: string) =>
  leiRecordReplyOf(LeiRecordReply.parse(body), expectedLei);
const parseDirectParentReply = (body: unknown) => directParentOf(DirectParentReply.parse(body));
const parseChildrenPage = (body: unknown) => childrenPageOf(ChildrenPageReply.parse(body));
const parseFuzzyCompletions = (body: unknown) => fuzzyCandidatesOf(FuzzyCompletionsReply.parse(body));

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test/fixtures/gleif',
);
const read = (file: string): unknown =>
  JSON.parse(readFileSync(path.join(fixtures, file), 'utf8')) as unknown;

const TRADERS = '984500NWTRADERS00003';

describe('a lei-records reply', () => {
  it('reads the entity, registration and code sections of a full record', () => {
    const record = parseLeiRecordReply(read(`lei-records_${TRADERS}.json`), TRADERS);
    expect(record).toMatchObject({
      lei: TRADERS,
      legalName: 'NORTHWIND TRADERS INC',
      otherNames: ['Northwind'],
      transliteratedOtherNames: [],
      creationDate: '2001-02-03T00:00:00Z',
      jurisdiction: 'US-DE',
      registeredAs: '4455667',
      entityStatus: 'ACTIVE',
      registration: {
        status: 'ISSUED',
        initialRegistrationDate: '2014-05-06T10:00:00Z',
        lastUpdateDate: '2024-11-12T08:30:00Z',
        nextRenewalDate: '2025-11-12T00:00:00Z',
      },
      bic: ['NWTRUS33XXX'],
      mic: ['XNWT'],
      ocid: 'us_de/4455667',
      spglobal: ['99887766'],
    });
    expect(record.legalAddress).toEqual({
      addressLines: ['1 HARBOR ROW', 'SUITE 400'],
      city: 'WILMINGTON',
      region: 'US-DE',
      postalCode: '19801',
      country: 'US',
    });
    expect(record.otherAddresses).toHaveLength(1);
  });

  it('accepts a record whose optional sections are missing', () => {
    const record = parseLeiRecordReply(read('lei-records_984500BAREMINIM00035.json'));
    expect(record).toEqual({
      lei: '984500BAREMINIM00035',
      legalName: 'BARE MINIMUM SA',
      otherNames: [],
      transliteratedOtherNames: [],
      otherAddresses: [],
      registration: {},
      bic: [],
      mic: [],
      spglobal: [],
    });
  });

  it('rejects a record for another LEI than the one asked for', () => {
    expect(() => parseLeiRecordReply(read(`lei-records_${TRADERS}.json`), '984500NWHOLDING00028')).toThrow(
      SourceReplyError,
    );
  });

  it('rejects a reply without data, a non-record resource and a record without a legal name', () => {
    expect(() => parseLeiRecordReply({ errors: [{ status: '404' }] })).toThrow(ZodError);
    expect(() => parseLeiRecordReply({ data: { type: 'reporting-exceptions', id: 'x' } })).toThrow(ZodError);
    expect(() =>
      parseLeiRecordReply({ data: { type: 'lei-records', id: TRADERS, attributes: { entity: {} } } }),
    ).toThrow(ZodError);
    expect(() =>
      parseLeiRecordReply({
        data: { type: 'lei-records', id: TRADERS, attributes: { entity: { legalName: { name: ' ' } } } },
      }),
    ).toThrow(/no legal name/);
    expect(() => parseLeiRecordReply('not json:api')).toThrow(ZodError);
  });

  it('ignores JSON null in list and text fields', () => {
    const record = parseLeiRecordReply({
      data: {
        type: 'lei-records',
        id: TRADERS,
        attributes: {
          entity: { legalName: { name: 'X' }, otherNames: null, jurisdiction: null, legalAddress: null },
          bic: null,
          mic: [null, ''],
          ocid: null,
        },
      },
    });
    expect(record.bic).toEqual([]);
    expect(record.mic).toEqual([]);
    expect(record.ocid).toBeUndefined();
    expect(record.jurisdiction).toBeUndefined();
    expect(record.legalAddress).toBeUndefined();
  });

  it('lists the postal codes of all addresses of a record', () => {
    const record = parseLeiRecordReply(read(`lei-records_${TRADERS}.json`));
    expect(recordPostalCodes(record)).toEqual(['19801', '98101', '97201']);
  });
});

describe('a direct-parent reply', () => {
  it('returns the parent record of a direct-parent reply', () => {
    expect(parseDirectParentReply(read(`lei-records_${TRADERS}_direct-parent.json`))?.legalName).toBe(
      'NORTHWIND HOLDINGS PLC',
    );
  });

  it('reads a reporting exception as no parent', () => {
    expect(parseDirectParentReply(read('lei-records_984500NWHOLDING00028_direct-parent.json'))).toBeNull();
  });

  it('reads null data as no parent', () => {
    expect(parseDirectParentReply({ data: null })).toBeNull();
  });
});

describe('a direct-children page', () => {
  it('reads the records, the next link and the last page of a page', () => {
    const page = parseChildrenPage(read(`lei-records_${TRADERS}_direct-children_size2_page1.json`));
    expect(page.records.map((record) => record.legalName)).toEqual([
      'NORTHWIND TRADERS (EUROPE) LIMITED',
      'NORTHWIND LOGISTIK GMBH',
    ]);
    expect(page.next).toBe(
      `https://api.gleif.org/api/v1/lei-records/${TRADERS}/direct-children?page%5Bnumber%5D=2&page%5Bsize%5D=2`,
    );
  });

  it('has no next link on the last page', () => {
    expect(
      parseChildrenPage(read(`lei-records_${TRADERS}_direct-children_size2_page3.json`)).next,
    ).toBeUndefined();
  });

  it('skips unusable records of a page', () => {
    const page = parseChildrenPage({
      data: [{ type: 'lei-records', id: 'bad' }, { type: 'other' }],
      links: {},
    });
    expect(page.records).toEqual([]);
  });

  it('rejects a page whose data is not a list', () => {
    expect(() => parseChildrenPage({ data: {} })).toThrow(ZodError);
  });
});

describe('a fuzzycompletions reply', () => {
  it('returns the candidates in reply order', () => {
    const candidates = parseFuzzyCompletions(
      read('fuzzycompletions_entity.legalName_northwind-traders.json'),
    );
    expect(candidates.map((candidate) => candidate.name)).toEqual([
      'NORTHWIND TRADERS INC',
      'NORTHWIND TRADERS (EUROPE) LIMITED',
      'NORTHWIND HOLDINGS PLC',
      'SOUTHWIND TRADERS INC',
      'NORTHWIND TRADERS INC',
    ]);
    expect(candidates[0]?.lei).toBe(TRADERS);
  });

  it('returns no candidates for an empty result list', () => {
    expect(parseFuzzyCompletions({ data: [] })).toEqual([]);
  });

  it('skips entries that are not linked to an LEI record', () => {
    const candidates = parseFuzzyCompletions({
      data: [
        { type: 'fuzzycompletions', attributes: { value: 'NO LINK' } },
        {
          type: 'fuzzycompletions',
          attributes: { value: 'OTHER LINK' },
          relationships: { 'lei-records': { data: { type: 'isins', id: TRADERS } } },
        },
        { type: 'autocompletions', attributes: { value: 'WRONG TYPE' } },
      ],
    });
    expect(candidates).toEqual([]);
  });

  it('rejects a reply without a data list', () => {
    expect(() => parseFuzzyCompletions({ errors: [] })).toThrow(ZodError);
    expect(() => parseFuzzyCompletions(null)).toThrow(ZodError);
  });
});
