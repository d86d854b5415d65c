/**
 * A fake LEI registry (GLEIF API v1) on 127.0.0.1 serving recorded replies from a fixtures
 * directory (the `manifest.json` there names the request of each file), in the real wire format:
 * JSON:API as `application/vnd.api+json`, links rewritten to the fake's URL, unknown resources
 * answered 404 with a JSON:API errors body. Every request is logged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeHttpServer, type FakeHttpServer, type FakeReply, type FakeRequest } from './http-server';

const RECORDED_ORIGIN = 'https://api.gleif.org';
const JSON_API = 'application/vnd.api+json';

interface ManifestEntry {
  file: string;
  request?: string;
}

interface Recorded {
  file: string;
  path: string;
  params: URLSearchParams;
}

/** Returns a reply to send instead of the recorded one, or undefined to fall through. */
export type GleifOverride = (request: FakeRequest) => FakeReply | undefined | Promise<FakeReply | undefined>;

export interface FakeGleifServer {
  readonly url: string;
  /** Every request received, in arrival order. */
  readonly requests: FakeRequest[];
  /** Requests whose path starts with `/api/v1/` (what the plugin sends). */
  apiRequests(): FakeRequest[];
  /** Arrival time of each API request by the `now` option's clock (a test's fake clock). */
  apiArrivals(): number[];
  /** Scripts replies (failures, loops) in front of the recorded ones; `undefined` clears. */
  setOverride(override: GleifOverride | undefined): void;
  close(): Promise<void>;
}

export interface FakeGleifOptions {
  /** Directory holding `manifest.json`; files are relative to it. */
  fixturesDir: string;
  /** The clock that stamps arrivals (default Date.now), e.g. the engine's fake clock. */
  now?: () => number;
}

function canonicalKey(pathname: string, params: URLSearchParams): string {
  const pairs = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${pathname}?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`;
}

function loadRecorded(fixturesDir: string): Recorded[] {
  const manifest = JSON.parse(
    readFileSync(path.join(fixturesDir, 'manifest.json'), 'utf8'),
  ) as ManifestEntry[];
  const recorded: Recorded[] = [];
  for (const entry of manifest) {
    if (entry.request === undefined || !entry.request.startsWith(`${RECORDED_ORIGIN}/`)) {
      continue;
    }
    const url = new URL(entry.request);
    recorded.push({ file: entry.file, path: url.pathname, params: url.searchParams });
  }
  return recorded;
}

/** Rewrites every recorded API URL in a parsed body to the fake server's origin. */
function rewriteLinks(value: unknown, origin: string): unknown {
  if (typeof value === 'string') {
    return value.startsWith(RECORDED_ORIGIN) ? origin + value.slice(RECORDED_ORIGIN.length) : value;
  }
  if (Array.isArray(value)) {
    return value.map((item) => rewriteLinks(item, origin));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewriteLinks(item, origin)]));
  }
  return value;
}

/** No query, or only `page[size]` (and `page[number]=1`): the request is for the first page. */
function asksForFirstPage(query: URLSearchParams): boolean {
  return [...query.entries()].every(
    ([name, value]) => name === 'page[size]' || (name === 'page[number]' && value === '1'),
  );
}

export function notFoundReply(detail: string): FakeReply {
  return {
    status: 404,
    headers: { 'content-type': JSON_API },
    body: { errors: [{ status: '404', title: 'Not Found', detail }] },
  };
}

export async function startFakeGleifServer(options: FakeGleifOptions): Promise<FakeGleifServer> {
  const recorded = loadRecorded(options.fixturesDir);
  const byKey = new Map<string, Recorded>();
  for (const item of recorded) {
    const key = canonicalKey(item.path, item.params);
    if (!byKey.has(key)) {
      byKey.set(key, item);
    }
  }
  let override: GleifOverride | undefined;
  let origin = '';

  const serveFile = (item: Recorded): FakeReply => {
    const text = readFileSync(path.join(options.fixturesDir, item.file), 'utf8');
    const body = rewriteLinks(JSON.parse(text) as unknown, origin);
    return { status: 200, headers: { 'content-type': JSON_API }, body: JSON.stringify(body) };
  };

  /** The recorded fuzzy reply whose query contains, or is contained in, q (case-insensitive). */
  const findFuzzy = (field: string, q: string): Recorded | undefined => {
    const wanted = q.trim().toLowerCase();
    if (wanted === '') {
      return undefined;
    }
    const matches = recorded.filter((item) => {
      if (item.path !== '/api/v1/fuzzycompletions' || item.params.get('field') !== field) {
        return false;
      }
      const query = (item.params.get('q') ?? '').toLowerCase();
      return query !== '' && (query.includes(wanted) || wanted.includes(query));
    });
    // The closest recorded query: equal first, then the longest.
    matches.sort((a, b) => {
      const qa = (a.params.get('q') ?? '').toLowerCase();
      const qb = (b.params.get('q') ?? '').toLowerCase();
      return Number(qb === wanted) - Number(qa === wanted) || qb.length - qa.length;
    });
    return matches[0];
  };

  /**
   * A first `direct-children` page of any size (the plugin asks for 200): the recorded first page
   * with the smallest page size, as a registry whose largest page is that size would answer. Its
   * `links.next` leads through the recorded pages of that size, so paging is exercised.
   */
  const findFirstChildrenPage = (pathname: string): Recorded | undefined => {
    const pages = recorded.filter(
      (item) => item.path === pathname && item.params.get('page[number]') === '1',
    );
    pages.sort((a, b) => Number(a.params.get('page[size]') ?? 0) - Number(b.params.get('page[size]') ?? 0));
    // A family recorded as one unpaged reply is its own first page.
    return (
      pages[0] ?? recorded.find((item) => item.path === pathname && [...item.params.keys()].length === 0)
    );
  };

  const arrivals: number[] = [];
  const now = options.now ?? Date.now;

  const route = async (request: FakeRequest): Promise<FakeReply> => {
    if (request.path.startsWith('/api/v1/')) {
      arrivals.push(now());
    }
    const scripted = await override?.(request);
    if (scripted !== undefined) {
      return scripted;
    }
    if (request.method !== 'GET') {
      return { status: 405, headers: { 'content-type': JSON_API }, body: { errors: [{ status: '405' }] } };
    }
    if (request.path === '/api/v1/fuzzycompletions') {
      const item = findFuzzy(request.query.get('field') ?? '', request.query.get('q') ?? '');
      return item === undefined
        ? { status: 200, headers: { 'content-type': JSON_API }, body: { data: [] } }
        : serveFile(item);
    }
    const exact = byKey.get(canonicalKey(request.path, request.query));
    if (exact !== undefined) {
      return serveFile(exact);
    }
    if (request.path.endsWith('/direct-children') && asksForFirstPage(request.query)) {
      const first = findFirstChildrenPage(request.path);
      if (first !== undefined) {
        return serveFile(first);
      }
    }
    return notFoundReply(`The requested resource ${request.path} could not be found.`);
  };

  const server: FakeHttpServer = await startFakeHttpServer(route);
  origin = server.url;
  return {
    url: server.url,
    requests: server.requests,
    apiRequests: () => server.requests.filter((request) => request.path.startsWith('/api/v1/')),
    apiArrivals: () => [...arrivals],
    setOverride: (next) => {
      override = next;
    },
    close: () => server.close(),
  };
}
