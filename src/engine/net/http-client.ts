/** The per-source HTTP client: limiter on every attempt, timeouts, size cap, retries, redirects, redaction. */
import type { AppConfig, RateLimit } from '../config/config';
import type { CredentialStore } from '../credentials/credential-store';
import type { HeldGrant, HttpClientOptions, RateLimiter } from './types';
import {
  createDestinationPolicy,
  DestinationRefusedError,
  portOf,
  type DestinationPolicy,
} from './destination-policy';
import { guardedTransport, refusalBehind, type Transport } from './guarded-transport';
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
  urlForMessage,
} from './errors';
import { ledgerFailure } from './rate-ledger';
import { createRateLimiter } from './rate-limiter';
import { recordReply } from '../util/reply-capture';
import { redactHeaders, redactUrl, scrubSecrets, takeUrlCredentials } from './redact';
import {
  describeNetworkError,
  describeParseError,
  describeSchemaMismatch,
  lowerCaseKeys,
  jsonNestingDepth,
  MAX_JSON_DEPTH,
  readBodyCapped,
} from './reply-reading';
import { backoffMs, describeWait, MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-policy';
import type { HttpResponse, JsonRequestOptions, RequestOptions, SourceHttp } from './types';

export const USER_AGENT = 'TraceGraph/0.1 (+investigation tool)';
export const DEFAULT_MAX_REDIRECTS = 5;

export interface HttpClientHooks {
  /** One request (attempt or redirect hop) is about to be sent. */
  onRequest(source: string): void;
  /** Time spent waiting for the rate limiter before an attempt, when above zero. */
  onRateLimitWait(source: string, ms: number): void;
}

export interface HttpClientDependencies {
  /** `maxRetryAfterMs`: longest Retry-After waited for (default MAX_RETRY_AFTER_MS). */
  http: AppConfig['http'] & { maxRetryAfterMs?: number };
  clock: Clock;
  credentials: CredentialStore;
  logger: Logger;
  hooks?: HttpClientHooks;
  /**
   * Which destinations are configured (trusted as set) and which must be public (SSRF policy);
   * the engine passes one built from the whole configuration. Default: this client's base URL and
   * `perHost` hosts are the configured ones.
   */
  destinations?: DestinationPolicy;
  /** A scripted fetch for unit tests; replaces the guarded transport (and its connect-time checks). */
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
  // The client's own base URL and per-host servers come from the configuration: configured too.
  const ownEndpoints = [
    ...(options.baseUrl === undefined ? [] : [options.baseUrl]),
    ...Object.keys(options.perHost ?? {}),
  ];
  const destinations = options.destinations?.including(ownEndpoints) ?? createDestinationPolicy(ownEndpoints);
  const scriptedFetch = options.fetch;
  const transport: Transport =
    scriptedFetch === undefined ? guardedTransport(destinations) : (url, init) => scriptedFetch(url, init);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxRetryAfterMs = http.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
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
    const url = resolveUrl(pathOrUrl, requestOptions.query);
    // `user:password@` in a configured URL means HTTP Basic auth: sent as a header, never left in
    // the URL (fetch refuses such URLs with a message that quotes the password).
    const userinfo = takeUrlCredentials(url);
    const secrets: string[] = userinfo?.secrets ?? [];
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
    } else if (userinfo !== undefined) {
      headers.authorization = userinfo.authorization;
    }
    const body = method === 'POST' ? JSON.stringify(jsonBody ?? null) : undefined;
    const safe = (text: string): string => scrubSecrets(text, secrets);
    const shownUrl = safe(redactUrl(url));
    try {
      return await attemptWithRetries<TBody>(method, url, headers, body, requestOptions, safe, shownUrl);
    } catch (error) {
      // Whatever went wrong, its message must not carry a run of a secret (defence in depth:
      // reasons from parsers, sockets and schema checks can quote what the server echoed).
      if (error instanceof Error) {
        error.message = safe(error.message);
      }
      throw error;
    }
  };

  const attemptWithRetries = async <TBody>(
    method: Method,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
    requestOptions: RequestOptions,
    safe: (text: string) => string,
    shownUrl: string,
  ): Promise<HttpResponse<TBody>> => {
    const signal = requestOptions.signal;
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
        if (retryAfter !== undefined && retryAfter > maxRetryAfterMs) {
          // Holding the request (and the session) for longer helps no one: fail now and say when.
          throw throttled(reply, retryAfter);
        }
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
      return finish<TBody>(reply, requestOptions, safe);
    }
  };

  const finish = <TBody>(
    reply: RawReply,
    { acceptStatus, schema }: Pick<RequestOptions, 'acceptStatus' | 'schema'>,
    safe: (text: string) => string,
  ): HttpResponse<TBody> => {
    const ok = reply.status >= 200 && reply.status < 300;
    if (!ok && !(acceptStatus ?? []).includes(reply.status)) {
      if (RETRY_STATUSES.has(reply.status)) {
        throw throttled(reply, parseRetryAfter(reply.headers['retry-after'], clock.now()));
      }
      throw new HttpStatusError(reply.status, reply.url, source);
    }
    let text: string;
    try {
      // JSON is UTF-8 (RFC 8259): a body that is not is malformed, not silently patched with U+FFFD.
      text = new TextDecoder('utf-8', { fatal: true }).decode(reply.bytes);
    } catch {
      throw new MalformedBodyError(reply.url, 'the body is not valid UTF-8', source);
    }
    if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      throw new MalformedBodyError(reply.url, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, source);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      if (ok) {
        throw new MalformedBodyError(
          reply.url,
          safe(describeParseError(error, text, reply.headers['content-type'])),
          source,
        );
      }
      // An accepted non-2xx status (a 404 "not found" page) need not be JSON.
      parsed = null;
    }
    if (ok && schema !== undefined) {
      const checked = schema.safeParse(parsed);
      if (!checked.success) {
        throw new MalformedBodyError(reply.url, safe(describeSchemaMismatch(checked.error.issues)), source);
      }
      parsed = checked.data;
    }
    if (ok) {
      // The raw source record behind what the handler makes of it (docs/ui.md, "Raw records").
      recordReply(reply.url, safe(text), clock.now());
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
      // Every hop, the first included: an absolute URL from a reply (RDAP service, `links`) is as
      // untrusted as a redirect. Scheme and IP literals here; resolved addresses at connect time.
      destinations.checkHttpUrl(url, source);
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
      if (
        url.protocol === 'https:' &&
        next.protocol === 'http:' &&
        !destinations.isConfigured(next.hostname, portOf(next))
      ) {
        // Whatever the reply holds would travel in clear text: a downgrade is never followed.
        throw new DestinationRefusedError(
          urlForMessage(safe(redactUrl(next))),
          'a redirect from https to http is not followed',
          source,
        );
      }
      if (visited.has(next.href)) {
        throw permanent(
          new NetworkError(
            reply.url,
            `redirect loop back to ${urlForMessage(safe(redactUrl(next)))}`,
            source,
          ),
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
      // Credentials in a Location header are the server's, not the user's: never sent.
      next.username = '';
      next.password = '';
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
      throw signal?.aborted === true || error instanceof SourceError
        ? abortedError(shownUrl, signal, error)
        : ledgerFailure(shownUrl, source, error);
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
      const refusal = refusalBehind(error);
      if (refusal !== undefined) {
        return new DestinationRefusedError(refusal.destination, refusal.reason, source);
      }
      return new NetworkError(shownUrl, safe(describeNetworkError(error)), source);
    };
    try {
      let response: Response;
      try {
        response = await transport(url, {
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
        bytes = await readBodyCapped(
          response,
          http.maxBodyBytes,
          () => new ResponseTooLargeError(shownUrl, http.maxBodyBytes, source),
        );
      } catch (error) {
        throw failure(error);
      }
      return { status: response.status, url: shownUrl, headers: replyHeaders, bytes };
    } finally {
      grant.release();
      clearTimeout(timer);
    }
  };

  /** The failure of a 429 or 503 reply, saying when to retry when the server said. */
  const throttled = (reply: RawReply, retryAfterMs: number | undefined): SourceError => {
    const retry =
      retryAfterMs === undefined
        ? undefined
        : {
            at: clock.now() + retryAfterMs,
            detail: `retry after ${new Date(clock.now() + retryAfterMs).toISOString()} (in ${describeWait(retryAfterMs)})`,
          };
    return reply.status === 429
      ? new RateLimitedError(reply.url, source, retry)
      : new HttpStatusError(reply.status, reply.url, source, retry?.detail);
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
    getJson: <TBody>(pathOrUrl: string, requestOptions?: JsonRequestOptions<TBody>) =>
      request<TBody>('GET', pathOrUrl, undefined, requestOptions),
    postJson: <TBody>(pathOrUrl: string, body: unknown, requestOptions?: JsonRequestOptions<TBody>) =>
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
