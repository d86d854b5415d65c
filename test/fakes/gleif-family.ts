/**
 * A generated corporate family for load tests on the fake LEI registry: one holding with any
 * number of direct children, each an LEI record in the GLEIF API v1 wire shape (JSON:API, the
 * fields of the recorded replies in test/fixtures/app/gleif), served as the registry serves them:
 * the holding's record, a 404 for its direct parent, and its children in pages whose `links.next`
 * leads from one to the next. Install it with `FakeGleifServer.setOverride(family.override)`.
 */
import { withLeiCheckDigits } from '../../src/shared/identity/lei';
import type { FakeReply, FakeRequest } from './http-server';
import { notFoundReply } from './gleif-server';

const JSON_API = 'application/vnd.api+json';

export interface GeneratedFamily {
  holdingLei: string;
  childLeis: string[];
  /** A GleifOverride answering for the family; other requests fall through to the recordings. */
  override(request: FakeRequest): FakeReply | undefined;
}

export interface FamilyOptions {
  /** The fake registry's origin (FakeGleifServer.url): links point back to it, as the real ones do. */
  origin: string;
  children: number;
  /** Delay of each reply, as a registry across a network answers (default 0). */
  replyDelayMs?: number;
}

function leiRecord(origin: string, lei: string, name: string, street: string): unknown {
  const address = {
    language: 'en',
    addressLines: [street],
    addressNumber: null,
    addressNumberWithinBuilding: null,
    mailRouting: null,
    city: 'BRISTOL',
    region: null,
    country: 'GB',
    postalCode: 'BS1 4QB',
  };
  const self = `${origin}/api/v1/lei-records/${lei}`;
  return {
    type: 'lei-records',
    id: lei,
    attributes: {
      lei,
      entity: {
        legalName: { name, language: 'en' },
        otherNames: [],
        transliteratedOtherNames: [],
        legalAddress: address,
        headquartersAddress: address,
        registeredAt: { id: 'RA000585', other: null },
        registeredAs: lei.slice(6, 14),
        jurisdiction: 'GB',
        category: 'GENERAL',
        legalForm: { id: 'H0PO', other: null },
        status: 'ACTIVE',
        creationDate: '2010-06-01T00:00:00Z',
        otherAddresses: [],
        eventGroups: [],
      },
      registration: {
        initialRegistrationDate: '2015-01-01T00:00:00Z',
        lastUpdateDate: '2025-10-01T00:00:00Z',
        status: 'ISSUED',
        nextRenewalDate: '2026-10-01T00:00:00Z',
        managingLou: '984500AAAAAAAAAAAA53',
        corroborationLevel: 'FULLY_CORROBORATED',
      },
      bic: null,
      mic: null,
      ocid: null,
      spglobal: null,
      conformityFlag: 'CONFORMING',
    },
    relationships: {
      'direct-parent': { links: { 'lei-record': `${self}/direct-parent` } },
      'direct-children': { links: { related: `${self}/direct-children` } },
    },
    links: { self },
  };
}

export function generateFamily(options: FamilyOptions): GeneratedFamily {
  const { origin, children } = options;
  const holdingLei = withLeiCheckDigits('984500FAMHOLD00000');
  const childLeis = Array.from({ length: children }, (_, index) =>
    withLeiCheckDigits(`984500FAMCHLD${String(index).padStart(5, '0')}`),
  );
  const childRecords = childLeis.map((lei, index) =>
    leiRecord(origin, lei, `HARBOUR FAMILY SUBSIDIARY ${index} LTD`, `${index + 1} QUAYSIDE WALK`),
  );
  const reply = (body: unknown): FakeReply => ({
    status: 200,
    headers: { 'content-type': JSON_API },
    body: JSON.stringify(body),
    ...(options.replyDelayMs === undefined ? {} : { delayMs: options.replyDelayMs }),
  });
  const holdingPath = `/api/v1/lei-records/${holdingLei}`;

  const childrenPage = (query: URLSearchParams): FakeReply => {
    const size = Math.max(1, Math.min(200, Number(query.get('page[size]') ?? 10) || 10));
    const number = Math.max(1, Number(query.get('page[number]') ?? 1) || 1);
    const lastPage = Math.max(1, Math.ceil(children / size));
    const from = (number - 1) * size;
    const data = childRecords.slice(from, from + size);
    const link = (page: number): string =>
      `${origin}${holdingPath}/direct-children?page[number]=${page}&page[size]=${size}`;
    return reply({
      meta: {
        goldenCopy: { publishDate: '2025-10-01T00:00:00Z' },
        pagination: {
          currentPage: number,
          perPage: size,
          from: data.length === 0 ? 0 : from + 1,
          to: from + data.length,
          total: children,
          lastPage,
        },
      },
      data,
      links: {
        first: link(1),
        ...(number > 1 ? { prev: link(number - 1) } : {}),
        ...(number < lastPage ? { next: link(number + 1) } : {}),
        last: link(lastPage),
      },
    });
  };

  return {
    holdingLei,
    childLeis,
    override(request) {
      if (request.method !== 'GET') {
        return undefined;
      }
      if (request.path === holdingPath) {
        return reply({
          meta: { goldenCopy: { publishDate: '2025-10-01T00:00:00Z' } },
          data: leiRecord(origin, holdingLei, 'HARBOUR FAMILY HOLDINGS PLC', '1 HARBOUR STREET'),
        });
      }
      if (request.path === `${holdingPath}/direct-parent`) {
        return notFoundReply(`No direct parent of ${holdingLei}.`);
      }
      if (request.path === `${holdingPath}/direct-children`) {
        return childrenPage(request.query);
      }
      return undefined;
    },
  };
}
