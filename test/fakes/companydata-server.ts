/**
 * A fake company-data API (Aviato wire format) on 127.0.0.1: checks the Bearer key (401 without
 * it), answers `POST /company/search`, `GET /company/enrich?id=`, and pages
 * `GET /company/{id}/employees` and `/funding-rounds` by `perPage`/`page` (pages from 0). It serves
 * a dataset of companies: the project's synthetic one, or one rebuilt from the recorded shape
 * files under the shared fixtures. Every request is logged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeHttpServer, type FakeHttpServer, type FakeReply, type FakeRequest } from './http-server';

type Json = Record<string, unknown>;

export interface FakeCompany {
  /** The company as a search result item (`id`, `name`, ...). */
  search: Json & { id: string; name: string };
  /** The enrich reply; absent answers 404. */
  enrich?: Json;
  employees: Json[];
  fundingRounds: Json[];
}

export interface CompanyDataset {
  companies: FakeCompany[];
}

/** Returns a reply to send instead of the normal one, or undefined to fall through. */
export type CompanyDataOverride = (
  request: FakeRequest,
) => FakeReply | undefined | Promise<FakeReply | undefined>;

export interface FakeCompanyDataOptions {
  /** The only key accepted as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  dataset: CompanyDataset;
  /** The server's own page size cap: pages hold at most min(perPage, maxPageSize) items. */
  maxPageSize?: number;
}

export interface FakeCompanyDataServer {
  readonly url: string;
  /** Every request received, in arrival order. */
  readonly requests: FakeRequest[];
  setOverride(override: CompanyDataOverride | undefined): void;
  close(): Promise<void>;
}

const unauthorized: FakeReply = { status: 401, body: { message: 'Unauthorized' } };
const notFound = (what: string): FakeReply => ({ status: 404, body: { message: `${what} not found` } });
const badRequest = (why: string): FakeReply => ({ status: 400, body: { message: why } });

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `name eq` value of a search body, or an error text when the body is not the documented DSL. */
function searchValue(body: string): { value: string } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { error: 'body is not JSON' };
  }
  const dsl = isObject(parsed) ? parsed.dsl : undefined;
  if (!isObject(dsl) || dsl.offset !== 0 || typeof dsl.limit !== 'number' || !Array.isArray(dsl.filters)) {
    return { error: 'expected {"dsl":{"offset","limit","filters"}}' };
  }
  const filter: unknown = dsl.filters[0];
  const name = isObject(filter) ? filter.name : undefined;
  if (
    dsl.filters.length !== 1 ||
    !isObject(name) ||
    name.operation !== 'eq' ||
    typeof name.value !== 'string'
  ) {
    return { error: 'expected one {"name":{"operation":"eq","value":...}} filter' };
  }
  return { value: name.value };
}

function page(items: Json[], field: string, request: FakeRequest, maxPageSize: number): FakeReply {
  const perPage = Number(request.query.get('perPage') ?? '10');
  const number = Number(request.query.get('page') ?? '0');
  if (!Number.isInteger(perPage) || perPage < 1 || !Number.isInteger(number) || number < 0) {
    return badRequest('perPage and page must be non-negative integers');
  }
  const size = Math.min(perPage, maxPageSize);
  const pages = Math.ceil(items.length / size);
  return {
    body: { [field]: items.slice(number * size, (number + 1) * size), pages, totalResults: items.length },
  };
}

export async function startFakeCompanyDataServer(
  options: FakeCompanyDataOptions,
): Promise<FakeCompanyDataServer> {
  const maxPageSize = options.maxPageSize ?? 1000;
  const byId = new Map(options.dataset.companies.map((company) => [company.search.id, company]));
  let override: CompanyDataOverride | undefined;

  const route = async (request: FakeRequest): Promise<FakeReply> => {
    const scripted = await override?.(request);
    if (scripted !== undefined) {
      return scripted;
    }
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return unauthorized;
    }
    if (request.method === 'POST' && request.path === '/company/search') {
      const search = searchValue(request.body);
      if ('error' in search) {
        return badRequest(search.error);
      }
      const wanted = search.value.toLowerCase();
      const items = options.dataset.companies
        .filter((company) => company.search.name.toLowerCase().includes(wanted))
        .slice(0, 10)
        .map((company) => company.search);
      return { body: { count: { value: String(items.length), isEstimate: false }, items } };
    }
    if (request.method !== 'GET') {
      return { status: 405, body: { message: 'method not allowed' } };
    }
    if (request.path === '/company/enrich') {
      const company = byId.get(request.query.get('id') ?? '');
      return company?.enrich === undefined ? notFound('company') : { body: company.enrich };
    }
    const match = /^\/company\/([^/]+)\/(employees|funding-rounds)$/.exec(request.path);
    if (match) {
      const company = byId.get(decodeURIComponent(match[1] ?? ''));
      if (company === undefined) {
        return notFound('company');
      }
      return match[2] === 'employees'
        ? page(company.employees, 'employees', request, maxPageSize)
        : page(company.fundingRounds, 'fundingRounds', request, maxPageSize);
    }
    return notFound('route');
  };

  const server: FakeHttpServer = await startFakeHttpServer(route);
  return {
    url: server.url,
    requests: server.requests,
    setOverride: (next) => {
      override = next;
    },
    close: () => server.close(),
  };
}

/** The project's own synthetic dataset (invented companies and people). */
export function loadSyntheticDataset(file: string): CompanyDataset {
  return JSON.parse(readFileSync(file, 'utf8')) as CompanyDataset;
}

/**
 * A dataset rebuilt from the shared recorded-shape files (`companydata/aviato/synthetic/`): the
 * search items are the companies; the first one gets the enrich reply, the employees of every
 * page file in order and the funding rounds. Served with `maxPageSize` equal to the recorded
 * page size, the pages come back as recorded.
 */
export function loadRecordedDataset(directory: string): {
  dataset: CompanyDataset;
  employeesPageSize: number;
} {
  const read = (name: string): Json => JSON.parse(readFileSync(path.join(directory, name), 'utf8')) as Json;
  const search = read('company-search.response.json');
  const items = (search.items as (Json & { id: string; name: string })[]) ?? [];
  const page0 = read('company-employees.page0.response.json');
  const page1 = read('company-employees.page1.response.json');
  const employees0 = page0.employees as Json[];
  const employees = [...employees0, ...(page1.employees as Json[])];
  const rounds = read('company-funding-rounds.page0.response.json').fundingRounds as Json[];
  const enrich = read('company-enrich.response.json');
  const companies: FakeCompany[] = items.map((item) =>
    item.id === enrich.id
      ? { search: item, enrich, employees, fundingRounds: rounds }
      : { search: item, employees: [], fundingRounds: [] },
  );
  return { dataset: { companies }, employeesPageSize: employees0.length };
}
