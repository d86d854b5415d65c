/** The per-source HTTP client: limiter on every attempt, timeouts, size cap, retries, redirects, redaction. */
import type { AppConfig, RateLimit } from '../config/config';
import type { CredentialStore } from '../credentials/credential-store';
import type { HttpClientOptions, RateLimiter } from './types';
import { createDestinationPolicy, type DestinationPolicy } from './destination-policy';
import { guardedTransport, type Transport } from './guarded-transport';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import { MissingCredentialError, NetworkError, SourceError } from './errors';
import {
  abortedError,
  isPermanentFailure,
  RETRY_STATUSES,
  sendFollowingRedirects,
  throttled,
  type HttpClientContext,
  type HttpClientHooks,
  type Method,
  type OutgoingRequest,
  type RawReply,
} from './http-exchange';
import { readJsonReply, readReplyText } from './json-reply';
import { createRateLimiter } from './rate-limiter';
import { redactUrl, scrubSecrets, takeUrlCredentials } from './redact';
import { lowerCaseKeys } from './reply-reading';
import { backoffMs, MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-policy';
import type { HttpResponse, JsonRequestOptions, RequestOptions, SourceHttp } from './types';

export type { HttpClientHooks } from './http-exchange';

export const USER_AGENT = 'TraceGraph/0.1 (+investigation tool)';
export const DEFAULT_MAX_REDIRECTS = 5;

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

type ClientOptions = HttpClientOptions & HttpClientDependencies;

/**
 * A source's client. A request goes through these steps, each a function below or in
 * http-exchange.ts / json-reply.ts: `outgoingRequest` (URL, headers, credentials) ->
 * `attemptWithRetries` (429/503 and network retries) -> `sendFollowingRedirects` -> `sendOnce`
 * (limiter, transport, timeout, size cap) -> `readJsonReply` (status, UTF-8, JSON, schema), or
 * `readReplyText` when the caller reads the text itself (`readText`, off the serving thread).
 */
export function createHttpClient(options: ClientOptions): SourceHttp {
  const context = clientContext(options);
  const request = async <TBody>(
    method: Method,
    pathOrUrl: string,
    jsonBody: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<HttpResponse<TBody>> => {
    const outgoing = await outgoingRequest(options, method, pathOrUrl, jsonBody, requestOptions);
    try {
      return await attemptWithRetries<TBody>(context, outgoing, requestOptions);
    } catch (error) {
      // Whatever went wrong, its message must not carry a run of a secret (defence in depth:
      // reasons from parsers, sockets and schema checks can quote what the server echoed).
      if (error instanceof Error) {
        error.message = outgoing.safe(error.message);
      }
      throw error;
    }
  };
  return {
    getJson: <TBody>(pathOrUrl: string, requestOptions?: JsonRequestOptions<TBody>) =>
      request<TBody>('GET', pathOrUrl, undefined, requestOptions),
    postJson: <TBody>(pathOrUrl: string, body: unknown, requestOptions?: JsonRequestOptions<TBody>) =>
      request<TBody>('POST', pathOrUrl, body, requestOptions),
  };
}

/** The client's settings, its destination policy, transport and limiters. */
function clientContext(options: ClientOptions): HttpClientContext {
  const { source, http, clock } = options;
  // The client's own base URL and per-host servers come from the configuration: configured too.
  const ownEndpoints = [
    ...(options.baseUrl === undefined ? [] : [options.baseUrl]),
    ...Object.keys(options.perHost ?? {}),
  ];
  const destinations = options.destinations?.including(ownEndpoints) ?? createDestinationPolicy(ownEndpoints);
  const scriptedFetch = options.fetch;
  const transport: Transport =
    scriptedFetch === undefined ? guardedTransport(destinations) : (url, init) => scriptedFetch(url, init);
  return {
    source,
    http,
    maxRetryAfterMs: http.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    clock,
    logger: options.logger,
    hooks: options.hooks,
    destinations,
    transport,
    limiterFor: limiterRegistry(options),
  };
}

/** The limiter of the source, or of a URL's host (`perHost`): one per key, made on first use. */
function limiterRegistry(options: ClientOptions): (url: URL) => RateLimiter {
  const makeLimiter =
    options.createLimiter ??
    ((_key: string, rateLimit: RateLimit) => createRateLimiter({ ...rateLimit, clock: options.clock }));
  const limiters = new Map<string, RateLimiter>();
  return (url) => {
    let key = `source:${options.source}`;
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
}

function resolveUrl(options: ClientOptions, pathOrUrl: string, query: RequestOptions['query']): URL {
  const { source } = options;
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
}

/** The request as it goes out: URL, headers, the key or Basic credentials, and what to scrub. */
async function outgoingRequest(
  options: ClientOptions,
  method: Method,
  pathOrUrl: string,
  jsonBody: unknown,
  requestOptions: RequestOptions,
): Promise<OutgoingRequest> {
  const url = resolveUrl(options, pathOrUrl, requestOptions.query);
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
    const key = await options.credentials.get(options.bearerCredential);
    if (key === undefined || key === '') {
      throw new MissingCredentialError(options.source);
    }
    secrets.push(key);
    headers.authorization = `Bearer ${key}`;
  } else if (userinfo !== undefined) {
    headers.authorization = userinfo.authorization;
  }
  return {
    method,
    url,
    headers,
    body: method === 'POST' ? JSON.stringify(jsonBody ?? null) : undefined,
    signal: requestOptions.signal,
    safe: (text) => scrubSecrets(text, secrets),
  };
}

/** Sends until a reply that is no 429/503 to retry, retrying a network failure once. */
async function attemptWithRetries<TBody>(
  context: HttpClientContext,
  request: OutgoingRequest,
  requestOptions: RequestOptions,
): Promise<HttpResponse<TBody>> {
  const { source, http, logger, clock } = context;
  const { signal, safe } = request;
  const shownUrl = safe(redactUrl(request.url));
  let attempt = 0;
  let networkRetries = 0;
  for (;;) {
    if (signal?.aborted) {
      throw abortedError(source, shownUrl, signal, signal.reason);
    }
    let reply: RawReply;
    try {
      reply = await sendFollowingRedirects(context, request);
    } catch (error) {
      if (
        error instanceof NetworkError &&
        !isPermanentFailure(error) &&
        networkRetries < Math.min(1, http.maxRetries)
      ) {
        networkRetries += 1;
        logger.warn(`${source}: network error, retrying once`, { url: shownUrl, error: error.message });
        await sleepOrAbort(context, backoffMs(0), signal, shownUrl);
        continue;
      }
      throw error;
    }
    if (RETRY_STATUSES.has(reply.status) && attempt < http.maxRetries) {
      const retryAfter = parseRetryAfter(reply.headers['retry-after'], clock.now());
      if (retryAfter !== undefined && retryAfter > context.maxRetryAfterMs) {
        // Holding the request (and the session) for longer helps no one: fail now and say when.
        throw throttled(context, reply, retryAfter);
      }
      const waitMs = retryAfter ?? backoffMs(attempt);
      attempt += 1;
      logger.info(`${source}: HTTP ${reply.status}, retry ${attempt} of ${http.maxRetries} in ${waitMs} ms`, {
        url: reply.url,
      });
      await sleepOrAbort(context, waitMs, signal, shownUrl);
      continue;
    }
    return requestOptions.readText === undefined
      ? readJsonReply<TBody>(context, reply, requestOptions, safe)
      : await readReplyText<TBody>(
          context,
          reply,
          requestOptions.acceptStatus,
          requestOptions.readText,
          safe,
        );
  }
}

async function sleepOrAbort(
  { clock, source }: HttpClientContext,
  ms: number,
  signal: AbortSignal | undefined,
  shownUrl: string,
): Promise<void> {
  try {
    await clock.sleep(ms, signal);
  } catch (error) {
    throw abortedError(source, shownUrl, signal, error);
  }
}
