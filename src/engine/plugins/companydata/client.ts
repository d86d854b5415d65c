/** The company-data API calls (search, enrich, employees, funding rounds) over the plugin's one rate-limited client. */
import { MalformedBodyError } from '../../net/errors';
import type { HttpResponse, SourceHttp } from '../../core/plugin-api';
import {
  CompanyDataReplyError,
  parseCompanyEnrich,
  parseCompanySearch,
  parseEmployeesPage,
  parseFundingRoundsPage,
  type CompanyDetails,
  type CompanyPerson,
  type CompanySearchItem,
  type FundingRound,
  type Page,
} from './parse';

export const SOURCE_NAME = 'CompanyData';
/** The credential name in the credential store (env override `COMPANYDATA_API_KEY`). */
export const CREDENTIAL_NAME = 'companydata';
export const SEARCH_LIMIT = 10;
export const EMPLOYEES_PER_PAGE = 1000;
export const ROUNDS_PER_PAGE = 100;
/** A source that claims more pages than this is cut off (each page costs 2 s of rate limit). */
export const MAX_PAGES = 50;

export interface CompanyDataCall {
  http: SourceHttp;
  signal: AbortSignal;
  /** Records a failing later page without losing the pages already read. */
  recordFailure(error: unknown): void;
}

/** The call bundle of a handler run: the plugin's client, the session's signal, its failure log. */
export function callFrom(context: {
  resources: { http: SourceHttp };
  signal: AbortSignal;
  recordFailure(error: unknown): void;
}): CompanyDataCall {
  return {
    http: context.resources.http,
    signal: context.signal,
    recordFailure: (error) => context.recordFailure(error),
  };
}

function parsed<TResult>(response: HttpResponse, parse: (body: unknown) => TResult): TResult {
  try {
    return parse(response.body);
  } catch (error) {
    if (error instanceof CompanyDataReplyError) {
      throw new MalformedBodyError(response.url, error.message, SOURCE_NAME);
    }
    throw error;
  }
}

/** The wire body of a company search: one `name eq <brand>` filter, offset 0, limit 10. */
export function companySearchBody(name: string): unknown {
  return { dsl: { offset: 0, limit: SEARCH_LIMIT, filters: [{ name: { operation: 'eq', value: name } }] } };
}

export async function searchCompanies(call: CompanyDataCall, name: string): Promise<CompanySearchItem[]> {
  const response = await call.http.postJson('/company/search', companySearchBody(name), {
    signal: call.signal,
  });
  return parsed(response, parseCompanySearch);
}

export async function enrichCompany(call: CompanyDataCall, companyId: string): Promise<CompanyDetails> {
  const response = await call.http.getJson('/company/enrich', {
    query: { id: companyId },
    signal: call.signal,
  });
  return parsed(response, parseCompanyEnrich);
}

/**
 * Reads pages 0, 1, ... until the reported page count or an empty page. A failure on the first
 * page is thrown; a failure on a later page is recorded and the items already read are kept.
 */
async function readAllPages<TItem>(
  call: CompanyDataCall,
  path: string,
  perPage: number,
  parse: (body: unknown) => Page<TItem>,
): Promise<TItem[]> {
  const items: TItem[] = [];
  let pages = 1;
  for (let page = 0; page < Math.min(pages, MAX_PAGES); page += 1) {
    let result: Page<TItem>;
    try {
      const response = await call.http.getJson(path, { query: { perPage, page }, signal: call.signal });
      result = parsed(response, parse);
    } catch (error) {
      if (page === 0 || call.signal.aborted) {
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
    parseEmployeesPage,
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
    parseFundingRoundsPage,
  );
}
