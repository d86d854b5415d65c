/** The LEI registry calls (API v1) over the plugin's one rate-limited HTTP client. */
import { MalformedBodyError, SourceError } from '../../net/errors';
import type { HttpResponse, SourceHttp } from '../../core/plugin-api';
import {
  LeiReplyError,
  parseChildrenPage,
  parseDirectParentReply,
  parseFuzzyCompletions,
  parseLeiRecordReply,
  type FuzzyCandidate,
  type LeiRecord,
} from './parse';

export const SOURCE_NAME = 'GLEIF';
/** The registry answers JSON:API; it also accepts plain JSON. */
const ACCEPT = 'application/vnd.api+json, application/json;q=0.9';
/** More pages than any real family has: a registry that never stops paginating is cut off here. */
export const MAX_CHILDREN_PAGES = 200;

export interface RegistryCall {
  http: SourceHttp;
  signal: AbortSignal;
}

function parsed<T>(response: HttpResponse, parse: (body: unknown) => T): T {
  try {
    return parse(response.body);
  } catch (error) {
    if (error instanceof LeiReplyError) {
      throw new MalformedBodyError(response.url, error.message, SOURCE_NAME);
    }
    throw error;
  }
}

const leiPath = (lei: string): string => `/api/v1/lei-records/${encodeURIComponent(lei)}`;

/** GET fuzzycompletions on the legal name; candidates in reply order. */
export async function searchLegalNames(call: RegistryCall, query: string): Promise<FuzzyCandidate[]> {
  const response = await call.http.getJson('/api/v1/fuzzycompletions', {
    query: { field: 'entity.legalName', q: query },
    headers: { accept: ACCEPT },
    signal: call.signal,
  });
  return parsed(response, parseFuzzyCompletions);
}

/** GET lei-records/{lei}; undefined when the registry does not know the LEI (404). */
export async function findLeiRecord(call: RegistryCall, lei: string): Promise<LeiRecord | undefined> {
  const response = await call.http.getJson(leiPath(lei), {
    headers: { accept: ACCEPT },
    signal: call.signal,
    acceptStatus: [404],
  });
  if (response.status === 404) {
    return undefined;
  }
  return parsed(response, (body) => parseLeiRecordReply(body, lei));
}

/** GET lei-records/{lei}, where an unknown LEI is an error. */
export async function getLeiRecord(call: RegistryCall, lei: string): Promise<LeiRecord> {
  const record = await findLeiRecord(call, lei);
  if (record === undefined) {
    throw new SourceError('not_found', `the LEI registry has no record for ${lei}`, SOURCE_NAME);
  }
  return record;
}

/** GET lei-records/{lei}/direct-parent; null when there is none (404 or a reporting exception). */
export async function findDirectParent(call: RegistryCall, lei: string): Promise<LeiRecord | null> {
  const response = await call.http.getJson(`${leiPath(lei)}/direct-parent`, {
    headers: { accept: ACCEPT },
    signal: call.signal,
    acceptStatus: [404],
  });
  if (response.status === 404) {
    return null;
  }
  return parsed(response, parseDirectParentReply);
}

export interface ChildrenResult {
  records: LeiRecord[];
  /** Set when reading stopped early; the records read until then are kept. */
  failure?: unknown;
}

/**
 * GET lei-records/{lei}/direct-children and every page its `links.next` names. A failing page, a
 * next link that points back to a page already read, or one that leaves the registry's origin
 * stops the walk: the children read so far are returned with the failure.
 */
export async function listDirectChildren(
  call: RegistryCall,
  lei: string,
  baseUrl: string,
): Promise<ChildrenResult> {
  const records: LeiRecord[] = [];
  const seen = new Set<string>();
  const origin = new URL(baseUrl).origin;
  let link: string | undefined = `${leiPath(lei)}/direct-children`;
  let pages = 0;
  while (link !== undefined) {
    let response: HttpResponse;
    try {
      response = await call.http.getJson(link, {
        headers: { accept: ACCEPT },
        signal: call.signal,
        acceptStatus: [404],
      });
    } catch (error) {
      if (call.signal.aborted) {
        throw error;
      }
      return { records: distinctRecords(records), failure: error };
    }
    if (response.status === 404) {
      // An LEI the registry does not know has no children; a later page that vanished is an error.
      return pages === 0
        ? { records }
        : {
            records: distinctRecords(records),
            failure: new SourceError('not_found', `children page ${response.url} is gone`, SOURCE_NAME),
          };
    }
    pages += 1;
    seen.add(normalisedUrl(response.url));
    let page;
    try {
      page = parsed(response, parseChildrenPage);
    } catch (error) {
      return { records: distinctRecords(records), failure: error };
    }
    records.push(...page.records);
    if (page.next === undefined) {
      break;
    }
    let next: URL;
    try {
      next = new URL(page.next, response.url);
    } catch {
      return {
        records: distinctRecords(records),
        failure: new MalformedBodyError(response.url, 'invalid links.next', SOURCE_NAME),
      };
    }
    if (next.origin !== origin) {
      return {
        records,
        failure: new MalformedBodyError(
          response.url,
          `links.next leaves the registry (${next.origin})`,
          SOURCE_NAME,
        ),
      };
    }
    if (seen.has(normalisedUrl(next.href))) {
      return {
        records,
        failure: new MalformedBodyError(
          response.url,
          'links.next points back to a page already read',
          SOURCE_NAME,
        ),
      };
    }
    if (pages >= MAX_CHILDREN_PAGES) {
      return {
        records,
        failure: new MalformedBodyError(
          response.url,
          `more than ${MAX_CHILDREN_PAGES} pages of children`,
          SOURCE_NAME,
        ),
      };
    }
    link = next.href;
  }
  return { records: distinctRecords(records) };
}

/** The first record of each LEI (a page served twice must not list a child twice). */
function distinctRecords(records: LeiRecord[]): LeiRecord[] {
  const seen = new Set<string>();
  return records.filter((record) => !seen.has(record.lei) && seen.add(record.lei));
}

/** A URL with its query parameters sorted, so `?a=1&b=2` and `?b=2&a=1` are the same page. */
function normalisedUrl(text: string): string {
  const url = new URL(text);
  url.searchParams.sort();
  url.hash = '';
  return url.href;
}
