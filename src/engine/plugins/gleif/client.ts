/** The LEI registry calls (API v1) over the plugin's one rate-limited HTTP client. */
import type { SourceRef } from '../../../shared/model/graph';
import { MalformedBodyError, SourceError, parsed, type SourceHttp } from '../../core/plugin-api';
import {
  ChildrenPageReply,
  DirectParentReply,
  FuzzyCompletionsReply,
  LeiRecordReply,
  childrenPageOf,
  directParentOf,
  fuzzyCandidatesOf,
  leiRecordReplyOf,
  type FuzzyCandidate,
  type LeiRecord,
} from './wire';

export const GLEIF_SOURCE: SourceRef = { name: 'GLEIF', confidence: 100 };
const SOURCE_NAME = GLEIF_SOURCE.name;
/** The registry answers JSON:API; it also accepts plain JSON. */
const ACCEPT = 'application/vnd.api+json, application/json;q=0.9';
/**
 * Direct children one handler run reads. Each child is three or four entities (organization, LEI,
 * addresses), and every page read is linked to every entity of the run as its raw record, so the
 * work of a run grows with children times pages: both are bounded, and what was cut is a recorded
 * failure (the LEI stays unmarked, so the next run asks again).
 */
export const MAX_CHILDREN_PER_RUN = 1000;
/** A registry honouring the page size needs 5 pages for MAX_CHILDREN_PER_RUN; one that never stops paginating, or pages by a few, is cut off here. */
export const MAX_CHILDREN_PAGES = 50;
/** The registry's largest page. */
export const CHILDREN_PAGE_SIZE = 200;

/** docs/resolution.md: `evidence` (default), `confirmed` (exact or postal code), `best` (spec). */
export type AutoAcceptRule = 'evidence' | 'confirmed' | 'best';

/** What the plugin's setup gives its handlers. */
export interface GleifResources {
  /** The one client, so one 1 request / 3 s limiter serves every registry call of every handler. */
  http: SourceHttp;
  /** The registry's base URL (pagination links must stay on its origin). */
  baseUrl: string;
  /** Which search matches apply without the investigator's review (see review.ts). */
  autoAccept: AutoAcceptRule;
}

const leiPath = (lei: string): string => `/api/v1/lei-records/${encodeURIComponent(lei)}`;

/** GET fuzzycompletions on the legal name; candidates in reply order. */
export async function searchLegalNames(http: SourceHttp, query: string): Promise<FuzzyCandidate[]> {
  const response = await http.getJson('/api/v1/fuzzycompletions', {
    query: { field: 'entity.legalName', q: query },
    headers: { accept: ACCEPT },
    schema: FuzzyCompletionsReply,
  });
  return parsed(response, SOURCE_NAME, fuzzyCandidatesOf);
}

/** GET lei-records/{lei}; undefined when the registry does not know the LEI (404). */
export async function findLeiRecord(http: SourceHttp, lei: string): Promise<LeiRecord | undefined> {
  const response = await http.getJson(leiPath(lei), {
    headers: { accept: ACCEPT },
    acceptStatus: [404],
    schema: LeiRecordReply,
  });
  if (response.status === 404) {
    return undefined;
  }
  return parsed(response, SOURCE_NAME, (body) => leiRecordReplyOf(body, lei));
}

/** GET lei-records/{lei}, where an unknown LEI is an error. */
export async function getLeiRecord(http: SourceHttp, lei: string): Promise<LeiRecord> {
  const record = await findLeiRecord(http, lei);
  if (record === undefined) {
    throw new SourceError('not_found', `the LEI registry has no record for ${lei}`, SOURCE_NAME);
  }
  return record;
}

/** GET lei-records/{lei}/direct-parent; null when there is none (404 or a reporting exception). */
export async function findDirectParent(http: SourceHttp, lei: string): Promise<LeiRecord | null> {
  const response = await http.getJson(`${leiPath(lei)}/direct-parent`, {
    headers: { accept: ACCEPT },
    acceptStatus: [404],
    schema: DirectParentReply,
  });
  if (response.status === 404) {
    return null;
  }
  return parsed(response, SOURCE_NAME, directParentOf);
}

export interface ChildrenResult {
  records: LeiRecord[];
  /** Set when reading stopped early; the records read until then are kept. */
  failure?: unknown;
}

/**
 * GET lei-records/{lei}/direct-children (pages of CHILDREN_PAGE_SIZE) and every page its
 * `links.next` names. A failing page, a next link that points back to a page already read, or
 * one that leaves the registry's origin stops the walk: the children read so far are returned
 * with the failure (the engine then leaves the LEI unmarked, so the next run reads them again).
 */
export async function listDirectChildren(
  http: SourceHttp,
  lei: string,
  baseUrl: string,
): Promise<ChildrenResult> {
  const records: LeiRecord[] = [];
  const seen = new Set<string>();
  const origin = new URL(baseUrl).origin;
  const stop = (failure: unknown): ChildrenResult => ({ records, failure });
  let link = `${leiPath(lei)}/direct-children`;
  for (let pages = 1; ; pages += 1) {
    let response;
    try {
      response = await http.getJson(link, {
        headers: { accept: ACCEPT },
        acceptStatus: [404],
        schema: ChildrenPageReply,
        // Only the first request names the size: `links.next` carries it on.
        ...(pages === 1 ? { query: { 'page[size]': CHILDREN_PAGE_SIZE } } : {}),
      });
    } catch (error) {
      if (error instanceof SourceError && error.code === 'aborted') {
        throw error; // a cancelled session is not a partial answer
      }
      return stop(error);
    }
    if (response.status === 404) {
      // An LEI the registry does not know has no children; a later page that vanished is an error.
      return pages === 1
        ? { records }
        : stop(new SourceError('not_found', `children page ${response.url} is gone`, SOURCE_NAME));
    }
    seen.add(normalisedUrl(response.url));
    let page;
    try {
      page = parsed(response, SOURCE_NAME, childrenPageOf);
    } catch (error) {
      return stop(error);
    }
    records.push(...page.records);
    if (
      records.length > MAX_CHILDREN_PER_RUN ||
      (records.length === MAX_CHILDREN_PER_RUN && page.next !== undefined)
    ) {
      records.length = MAX_CHILDREN_PER_RUN;
      return stop(
        new SourceError(
          'too_large',
          `more than ${MAX_CHILDREN_PER_RUN} direct children of ${lei} (${pages} pages read); kept the first ${MAX_CHILDREN_PER_RUN}`,
          SOURCE_NAME,
        ),
      );
    }
    if (page.next === undefined) {
      return { records };
    }
    let next: URL;
    try {
      next = new URL(page.next, response.url);
    } catch {
      return stop(new MalformedBodyError(response.url, 'invalid links.next', SOURCE_NAME));
    }
    if (next.origin !== origin) {
      return stop(
        new MalformedBodyError(response.url, `links.next leaves the registry (${next.origin})`, SOURCE_NAME),
      );
    }
    if (seen.has(normalisedUrl(next.href))) {
      return stop(
        new MalformedBodyError(response.url, 'links.next points back to a page already read', SOURCE_NAME),
      );
    }
    if (pages >= MAX_CHILDREN_PAGES) {
      return stop(
        new MalformedBodyError(
          response.url,
          `more than ${MAX_CHILDREN_PAGES} pages of children`,
          SOURCE_NAME,
        ),
      );
    }
    link = next.href;
  }
}

/** A URL with its query parameters sorted, so `?a=1&b=2` and `?b=2&a=1` are the same page. */
function normalisedUrl(text: string): string {
  const url = new URL(text);
  url.searchParams.sort();
  url.hash = '';
  return url.href;
}
