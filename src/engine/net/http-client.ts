/** The per-source HTTP client: limiter on every attempt, timeouts, size cap, retries, redirects, redaction. */
import type { AppConfig, RateLimit } from '../config/config';
import type { CredentialStore } from '../credentials/credential-store';
import type { HeldGrant, HttpClientOptions, RateLimiter } from './types';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import {
  HttpStatusError,
  MalformedBodyError,
  MissingCredentialError,
  NetworkError,
  RateLimitedError,
  ResponseTooLargeError,
  SourceError,
  TimeoutError,
} from './errors';
import { createRateLimiter } from './rate-limiter';
import { redactHeaders, redactUrl, scrubSecrets } from './redact';
import type { HttpResponse, RequestOptions, SourceHttp } from './types';

export const USER_AGENT = 'TraceGraph/0.1 (+investigation tool)';
export const DEFAULT_MAX_REDIRECTS = 5;
/** Longest Retry-After honoured; a server asking for more is waited on for this long. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** First exponential backoff step when the server gives no Retry-After. */
export const BACKOFF_BASE_MS = 500;
const MAX_BACKOFF_MS = 30_000;

export interface HttpClientHooks {
  /** One request (attempt or redirect hop) is about to be sent. */
  onRequest(source: string): void;
  /** Time spent waiting for the rate limiter before an attempt, when above zero. */
  onRateLimitWait(source: string, ms: number): void;
}

export interface HttpClientDependencies {
  http: AppConfig['http'];
  clock: Clock;
  credentials: CredentialStore;
  logger: Logger;
  hooks?: HttpClientHooks;
  fetch?: typeof fetch;
  /**
   * Where limiters come from; the engine passes its shared registry so that two clients of the
   * same source (or host) share one limiter. Default: limiters private to this client.
   */
  createLimiter?: (key: string, rateLimit: RateLimit) => RateLimiter;
}

type Method = 'GET' | 'POST';

interface RawReply {
  status: number;
  url: string;
  headers: Record<string, string>;
  bytes: Uint8Array;
}

/** Network errors that repeating the request cannot fix (redirect loops). */
const permanentFailures = new WeakSet<Error>();

function permanent<TError extends Error>(error: TError): TError {
  permanentFailures.add(error);
  return error;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const RETRY_STATUSES = new Set([429, 503]);

export function createHttpClient(options: HttpClientOptions & HttpClientDependencies): SourceHttp {
  const { source, http, clock, credentials, logger, hooks } = options;
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const makeLimiter =
    options.createLimiter ??
    ((_key: string, rateLimit: RateLimit) => createRateLimiter({ ...rateLimit, clock }));
  const limiters = new Map<string, RateLimiter>();

  const limiterFor = (url: URL): RateLimiter => {
    let key = `source:${source}`;
    let rateLimit = options.rateLimit;
    if (options.perHost) {
      const hostPort = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
      key = `host:${hostPort}`;
      rateLimit = options.perHost[hostPort] ?? options.perHost[url.hostname] ?? options.rateLimit;
    }
    let limiter = limiters.get(key);
    if (!limiter) {
      limiter = makeLimiter(key, rateLimit);
      limiters.set(key, limiter);
    }
    return limiter;
  };

  const resolveUrl = (pathOrUrl: string, query: RequestOptions['query']): URL => {
    let url: URL;
    if (/^https?:\/\//i.test(pathOrUrl)) {
      url = new URL(pathOrUrl);
    } else {
      if (!options.baseUrl) {
        throw new SourceError(
          'unsupported',
          `${source}: relative path ${pathOrUrl} without a base URL`,
          source,
        );
      }
      // Keep the base path: `https://h/api/v1` + `lei-records` is `https://h/api/v1/lei-records`.
      const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
      url = new URL(pathOrUrl.replace(/^\/+/, ''), base);
    }
    for (const [name, value] of Object.entries(query ?? {})) {
      url.searchParams.append(name, String(value));
    }
    return url;
  };

  const request = async <TBody>(
    method: Method,
    pathOrUrl: string,
    jsonBody: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<HttpResponse<TBody>> => {
    const signal = requestOptions.signal;
    const url = resolveUrl(pathOrUrl, requestOptions.query);
    const secrets: string[] = [];
    const headers: Record<string, string> = {
      accept: 'application/json, application/rdap+json;q=0.9',
      'user-agent': USER_AGENT,
      ...lowerCaseKeys(requestOptions.headers ?? {}),
    };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
    }
    if (options.bearerCredential) {
      const key = await credentials.get(options.bearerCredential);
      if (key === undefined || key === '') {
        throw new MissingCredentialError(source);
      }
      secrets.push(key);
      headers.authorization = `Bearer ${key}`;
    }
    const body = method === 'POST' ? JSON.stringify(jsonBody ?? null) : undefined;
    const safe = (text: string): string => scrubSecrets(text, secrets);
    const shownUrl = safe(redactUrl(url));

    let attempt = 0;
    let networkRetries = 0;
    for (;;) {
      if (signal?.aborted) {
        throw abortedError(shownUrl, signal, signal.reason);
      }
      let reply: RawReply;
      try {
        reply = await sendFollowingRedirects(method, url, headers, body, signal, safe);
      } catch (error) {
        if (
          error instanceof NetworkError &&
          !permanentFailures.has(error) &&
          networkRetries < Math.min(1, http.maxRetries)
        ) {
          networkRetries += 1;
          logger.warn(`${source}: network error, retrying once`, { url: shownUrl, error: error.message });
          await sleepOrAbort(backoffMs(0), signal, shownUrl);
          continue;
        }
        throw error;
      }
      if (RETRY_STATUSES.has(reply.status) && attempt < http.maxRetries) {
        const retryAfter = parseRetryAfter(reply.headers['retry-after'], clock.now());
        const waitMs = retryAfter ?? backoffMs(attempt);
        attempt += 1;
        logger.info(
          `${source}: HTTP ${reply.status}, retry ${attempt} of ${http.maxRetries} in ${waitMs} ms`,
          {
            url: reply.url,
          },
        );
        await sleepOrAbort(waitMs, signal, shownUrl);
        continue;
      }
      return finish<TBody>(reply, requestOptions.acceptStatus, safe);
    }
  };

  const finish = <TBody>(
    reply: RawReply,
    acceptStatus: number[] | undefined,
    safe: (text: string) => string,
  ): HttpResponse<TBody> => {
    const ok = reply.status >= 200 && reply.status < 300;
    if (!ok && !(acceptStatus ?? []).includes(reply.status)) {
      if (reply.status === 429) {
        throw new RateLimitedError(reply.url, source);
      }
      throw new HttpStatusError(reply.status, reply.url, source);
    }
    const text = new TextDecoder('utf-8').decode(reply.bytes);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      if (ok) {
        throw new MalformedBodyError(reply.url, safe(describeParseError(error, text)), source);
      }
      // An accepted non-2xx status (a 404 "not found" page) need not be JSON.
      parsed = null;
    }
    return { status: reply.status, url: reply.url, headers: reply.headers, body: parsed as TBody };
  };

  const sendFollowingRedirects = async (
    initialMethod: Method,
    initialUrl: URL,
    initialHeaders: Record<string, string>,
    initialBody: string | undefined,
    signal: AbortSignal | undefined,
    safe: (text: string) => string,
  ): Promise<RawReply> => {
    let method = initialMethod;
    let url = initialUrl;
    let headers = initialHeaders;
    let body = initialBody;
    const visited = new Set<string>();
    for (let hop = 0; ; hop += 1) {
      visited.add(url.href);
      const reply = await sendOnce(method, url, headers, body, signal, safe);
      const location = reply.headers.location;
      if (!REDIRECT_STATUSES.has(reply.status) || location === undefined) {
        return reply;
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw permanent(new NetworkError(reply.url, `invalid redirect location`, source));
      }
      if (visited.has(next.href)) {
        throw permanent(
          new NetworkError(reply.url, `redirect loop back to ${safe(redactUrl(next))}`, source),
        );
      }
      if (hop + 1 > maxRedirects) {
        throw permanent(new NetworkError(reply.url, `more than ${maxRedirects} redirects`, source));
      }
      if (reply.status === 303 || ((reply.status === 301 || reply.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        const { 'content-type': _dropped, ...rest } = headers;
        headers = rest;
      }
      if (next.origin !== url.origin) {
        // Never hand the source's key to another host.
        const { authorization: _dropped, ...rest } = headers;
        headers = rest;
      }
      logger.debug(`${source}: following redirect`, { from: reply.url, to: safe(redactUrl(next)) });
      url = next;
    }
  };

  const sendOnce = async (
    method: Method,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal | undefined,
    safe: (text: string) => string,
  ): Promise<RawReply> => {
    const shownUrl = safe(redactUrl(url));
    let grant: HeldGrant;
    try {
      grant = await holdSlot(limiterFor(url), signal);
    } catch (error) {
      throw abortedError(shownUrl, signal, error);
    }
    const waited = grant.waitedMs;
    if (waited > 0) {
      hooks?.onRateLimitWait(source, waited);
    }
    hooks?.onRequest(source);
    logger.debug(`${source}: ${method} ${shownUrl}`, { headers: redactHeaders(headers) });

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), http.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    const failure = (error: unknown): SourceError => {
      if (signal?.aborted) {
        return abortedError(shownUrl, signal, error);
      }
      if (timeout.signal.aborted) {
        return new TimeoutError(shownUrl, http.timeoutMs, source);
      }
      if (error instanceof SourceError) {
        return error;
      }
      return new NetworkError(shownUrl, safe(describeNetworkError(error)), source);
    };
    try {
      let response: Response;
      try {
        response = await fetchImplementation(url, {
          method,
          headers,
          ...(body === undefined ? {} : { body }),
          redirect: 'manual',
          signal: combined,
        });
      } catch (error) {
        throw failure(error);
      } finally {
        // The server has the request once its reply's headers are here (or it failed): the
        // limiter's interval starts now, so requests never ARRIVE closer than the limit.
        grant.release();
      }
      const replyHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        replyHeaders[name.toLowerCase()] = value;
      });
      let bytes: Uint8Array;
      try {
        bytes = await readCapped(response, http.maxBodyBytes, shownUrl);
      } catch (error) {
        throw failure(error);
      }
      return { status: response.status, url: shownUrl, headers: replyHeaders, bytes };
    } finally {
      grant.release();
      clearTimeout(timer);
    }
  };

  const readCapped = async (response: Response, limit: number, shownUrl: string): Promise<Uint8Array> => {
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(shownUrl, limit, source);
    }
    if (!response.body) {
      return new Uint8Array(0);
    }
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        throw new ResponseTooLargeError(shownUrl, limit, source);
      }
      chunks.push(value);
    }
    const result = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      result.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return result;
  };

  const sleepOrAbort = async (
    ms: number,
    signal: AbortSignal | undefined,
    shownUrl: string,
  ): Promise<void> => {
    try {
      await clock.sleep(ms, signal);
    } catch (error) {
      throw abortedError(shownUrl, signal, error);
    }
  };

  const abortedError = (shownUrl: string, signal: AbortSignal | undefined, error: unknown): SourceError => {
    if (error instanceof SourceError) {
      return error;
    }
    const reason: unknown = signal?.reason ?? error;
    const detail = reason instanceof Error && reason.message ? `: ${reason.message}` : '';
    const aborted = new SourceError('aborted', `request to ${shownUrl} was aborted${detail}`, source);
    aborted.cause = reason;
    return aborted;
  };

  return {
    getJson: <TBody>(pathOrUrl: string, requestOptions?: RequestOptions) =>
      request<TBody>('GET', pathOrUrl, undefined, requestOptions),
    postJson: <TBody>(pathOrUrl: string, body: unknown, requestOptions?: RequestOptions) =>
      request<TBody>('POST', pathOrUrl, body, requestOptions),
  };
}

/** A held grant where the limiter supports holding; a plain grant (released at once) otherwise. */
async function holdSlot(limiter: RateLimiter, signal: AbortSignal | undefined): Promise<HeldGrant> {
  if (limiter.hold) {
    return limiter.hold(signal);
  }
  return { waitedMs: await limiter.acquire(signal), release: () => undefined };
}

/**
 * Milliseconds to wait from a Retry-After value: delta seconds or an HTTP date, capped at
 * MAX_RETRY_AFTER_MS; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') {
    return undefined;
  }
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) {
    ms = Number(trimmed) * 1000;
  } else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) {
      return undefined;
    }
    ms = date - now;
  }
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

/** Exponential backoff before retry number `attempt + 1`: 500 ms, 1 s, 2 s... capped at 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** attempt, MAX_BACKOFF_MS);
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    result[name.toLowerCase()] = value;
  }
  return result;
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    if (cause instanceof Error) {
      const code = (cause as Error & { code?: unknown }).code;
      return typeof code === 'string' ? `${code} (${cause.message})` : cause.message;
    }
    return error.message;
  }
  return String(error);
}

function describeParseError(error: unknown, text: string): string {
  if (text.trim() === '') {
    return 'empty body where JSON was expected';
  }
  const reason = error instanceof Error ? error.message : String(error);
  // The parser's message can quote the body; keep it short and on one line.
  return `not JSON (${reason.replace(/\s+/g, ' ').slice(0, 120)})`;
}
