/** The company-data API calls (search, enrich, employees, funding rounds) over the plugin's one rate-limited client. */
import type { SourceRef } from '../../../shared/model/graph';
import { SourceError, type SourceHttp } from '../../core/plugin-api';
import {
  CompanyEnrichReply,
  CompanySearchReply,
  EmployeesPageReply,
  FundingRoundsPageReply,
  type CompanyDetails,
  type CompanyPerson,
  type CompanySearchItem,
  type FundingRound,
  type Page,
} from './wire';
import type { ZodType } from 'zod';

export const COMPANYDATA_SOURCE: SourceRef = { name: 'CompanyData', confidence: 90 };
/** The credential name in the credential store (env override `COMPANYDATA_API_KEY`). */
export const CREDENTIAL_NAME = 'companydata';
export const SEARCH_LIMIT = 10;
export const EMPLOYEES_PER_PAGE = 1000;
export const ROUNDS_PER_PAGE = 100;
/** A source that claims more pages than this is cut off (each page costs 2 s of rate limit). */
export const MAX_PAGES = 50;

/** What the plugin's setup gives its handlers. */
export interface CompanyDataResources {
  /** The one client, so one 1 request / 2 s limiter paces every call of all four handlers. */
  http: SourceHttp;
}

/** The call bundle of a handler run: the plugin's client and the run's failure log. */
export interface CompanyDataCall {
  http: SourceHttp;
  /** Records a failing later page without losing the pages already read. */
  recordFailure(error: unknown): void;
}

export function callFrom(context: {
  resources: CompanyDataResources;
  recordFailure(error: unknown): void;
}): CompanyDataCall {
  return { http: context.resources.http, recordFailure: (error) => context.recordFailure(error) };
}

/** The wire body of a company search: one `name eq <brand>` filter, offset 0, limit 10. */
export function companySearchBody(name: string): unknown {
  return { dsl: { offset: 0, limit: SEARCH_LIMIT, filters: [{ name: { operation: 'eq', value: name } }] } };
}

export async function searchCompanies(call: CompanyDataCall, name: string): Promise<CompanySearchItem[]> {
  const response = await call.http.postJson('/company/search', companySearchBody(name), {
    schema: CompanySearchReply,
  });
  return response.body;
}

export async function enrichCompany(call: CompanyDataCall, companyId: string): Promise<CompanyDetails> {
  const response = await call.http.getJson('/company/enrich', {
    query: { id: companyId },
    schema: CompanyEnrichReply,
  });
  return response.body;
}

/**
 * Reads pages 0, 1, ... until the reported page count or an empty page. A failure on the first
 * page is thrown; a failure on a later page is recorded (the engine then leaves the Identifier
 * unmarked, so the next run reads it again) and the items already read are kept.
 */
async function readAllPages<TItem>(
  call: CompanyDataCall,
  path: string,
  perPage: number,
  schema: ZodType<Page<TItem>>,
): Promise<TItem[]> {
  const items: TItem[] = [];
  let pages = 1;
  for (let page = 0; page < Math.min(pages, MAX_PAGES); page += 1) {
    let result: Page<TItem>;
    try {
      result = (await call.http.getJson(path, { query: { perPage, page }, schema })).body;
    } catch (error) {
      // A cancelled session is not a partial answer.
      if (page === 0 || (error instanceof SourceError && error.code === 'aborted')) {
        throw error;
      }
      call.recordFailure(error);
      break;
    }
    if (result.items.length === 0) {
      break;
    }
    items.push(...result.items);
    pages = result.pages;
  }
  return items;
}

export function listEmployees(
  call: CompanyDataCall,
  companyId: string,
  perPage = EMPLOYEES_PER_PAGE,
): Promise<CompanyPerson[]> {
  return readAllPages(
    call,
    `/company/${encodeURIComponent(companyId)}/employees`,
    perPage,
    EmployeesPageReply,
  );
}

export function listFundingRounds(
  call: CompanyDataCall,
  companyId: string,
  perPage = ROUNDS_PER_PAGE,
): Promise<FundingRound[]> {
  return readAllPages(
    call,
    `/company/${encodeURIComponent(companyId)}/funding-rounds`,
    perPage,
    FundingRoundsPageReply,
  );
}
