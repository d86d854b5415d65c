/**
 * One HTTP exchange of the per-source client (http-client.ts): a request sent once through the
 * rate limiter and the guarded transport, with its timeout and size cap, and the redirects it is
 * allowed to follow. Retries and reading the JSON reply are the client's other steps.
 */
import type { AppConfig } from '../config/config';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import { DestinationRefusedError, portOf, type DestinationPolicy } from './destination-policy';
import {
  HttpStatusError,
  NetworkError,
  RateLimitedError,
  ResponseTooLargeError,
  SourceError,
  TimeoutError,
  urlForMessage,
} from './errors';
import { refusalBehind, type Transport } from './guarded-transport';
import { ledgerFailure } from './rate-ledger';
import { redactHeaders, redactUrl } from './redact';
import { describeNetworkError, readBodyCapped } from './reply-reading';
import { describeWait } from './retry-policy';
import type { HeldGrant, RateLimiter } from './types';

export interface HttpClientHooks {
  /** One request (attempt or redirect hop) is about to be sent. */
  onRequest(source: string): void;
  /** Time spent waiting for the rate limiter before an attempt, when above zero. */
  onRateLimitWait(source: string, ms: number): void;
}

/** What every step of one source's client shares: its settings and the means to send. */
export interface HttpClientContext {
  source: string;
  http: AppConfig['http'];
  /** Longest Retry-After waited for. */
  maxRetryAfterMs: number;
  maxRedirects: number;
  clock: Clock;
  logger: Logger;
  hooks: HttpClientHooks | undefined;
  destinations: DestinationPolicy;
  transport: Transport;
  /** The limiter of the source, or of the URL's host for per-host sources. */
  limiterFor(url: URL): RateLimiter;
}

export type Method = 'GET' | 'POST';

/** A request as it goes out (after its credentials were turned into headers). */
export interface OutgoingRequest {
  method: Method;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
  /** Takes the request's secrets (key, Basic password) out of a text before it is shown. */
  safe: (text: string) => string;
}

/** A reply as read off the wire: the URL is already redacted for messages. */
export interface RawReply {
  status: number;
  url: string;
  headers: Record<string, string>;
  bytes: Uint8Array;
}

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
export const RETRY_STATUSES = new Set([429, 503]);

/** Network errors that repeating the request cannot fix (redirect loops). */
const permanentFailures = new WeakSet<Error>();

function permanent<TError extends Error>(error: TError): TError {
  permanentFailures.add(error);
  return error;
}

/** True for a failure that a retry cannot fix (a redirect loop, an invalid Location). */
export function isPermanentFailure(error: Error): boolean {
  return permanentFailures.has(error);
}

/** Sends the request and follows the redirects it may follow; the last reply is returned. */
export async function sendFollowingRedirects(
  context: HttpClientContext,
  request: OutgoingRequest,
): Promise<RawReply> {
  const { source, destinations, logger } = context;
  let current = request;
  const visited = new Set<string>();
  for (let hop = 0; ; hop += 1) {
    const url = current.url;
    visited.add(url.href);
    // Every hop, the first included: an absolute URL from a reply (RDAP service, `links`) is as
    // untrusted as a redirect. Scheme and IP literals here; resolved addresses at connect time.
    destinations.checkHttpUrl(url, source);
    const reply = await sendOnce(context, current);
    const location = reply.headers.location;
    if (!REDIRECT_STATUSES.has(reply.status) || location === undefined) {
      return reply;
    }
    const next = checkedRedirect(context, current, reply, location, visited, hop);
    logger.debug(`${source}: following redirect`, { from: reply.url, to: current.safe(redactUrl(next)) });
    current = redirectedRequest(current, reply.status, next);
  }
}

/** The redirect's target when it may be followed; refused downgrades, loops and long chains throw. */
function checkedRedirect(
  { source, destinations, maxRedirects }: HttpClientContext,
  { url, safe }: OutgoingRequest,
  reply: RawReply,
  location: string,
  visited: ReadonlySet<string>,
  hop: number,
): URL {
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
      new NetworkError(reply.url, `redirect loop back to ${urlForMessage(safe(redactUrl(next)))}`, source),
    );
  }
  if (hop + 1 > maxRedirects) {
    throw permanent(new NetworkError(reply.url, `more than ${maxRedirects} redirects`, source));
  }
  return next;
}

/** The request sent to the redirect's target: method, body and headers as the status says. */
function redirectedRequest(request: OutgoingRequest, status: number, next: URL): OutgoingRequest {
  let { method, body, headers } = request;
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    method = 'GET';
    body = undefined;
    const { 'content-type': _dropped, ...rest } = headers;
    headers = rest;
  }
  // Credentials in a Location header are the server's, not the user's: never sent.
  next.username = '';
  next.password = '';
  if (next.origin !== request.url.origin) {
    // Never hand the source's key to another host.
    const { authorization: _dropped, ...rest } = headers;
    headers = rest;
  }
  return { ...request, method, body, headers, url: next };
}

/** One attempt: a limiter slot, the transport within the timeout, the body within the size cap. */
async function sendOnce(context: HttpClientContext, request: OutgoingRequest): Promise<RawReply> {
  const { source, http, hooks, logger } = context;
  const { method, url, headers, body, signal, safe } = request;
  const shownUrl = safe(redactUrl(url));
  let grant: HeldGrant;
  try {
    grant = await holdSlot(context.limiterFor(url), signal);
  } catch (error) {
    throw signal?.aborted === true || error instanceof SourceError
      ? abortedError(source, shownUrl, signal, error)
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
      return abortedError(source, shownUrl, signal, error);
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
      response = await context.transport(url, {
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
}

/** The failure of a 429 or 503 reply, saying when to retry when the server said. */
export function throttled(
  { source, clock }: HttpClientContext,
  reply: RawReply,
  retryAfterMs: number | undefined,
): SourceError {
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
}

/** An `aborted` SourceError naming the request and the reason it was cancelled. */
export function abortedError(
  source: string,
  shownUrl: string,
  signal: AbortSignal | undefined,
  error: unknown,
): SourceError {
  if (error instanceof SourceError) {
    return error;
  }
  const reason: unknown = signal?.reason ?? error;
  const detail = reason instanceof Error && reason.message ? `: ${reason.message}` : '';
  const aborted = new SourceError('aborted', `request to ${shownUrl} was aborted${detail}`, source);
  aborted.cause = reason;
  return aborted;
}

/** A held grant where the limiter supports holding; a plain grant (released at once) otherwise. */
async function holdSlot(limiter: RateLimiter, signal: AbortSignal | undefined): Promise<HeldGrant> {
  if (limiter.hold) {
    return limiter.hold(signal);
  }
  return { waitedMs: await limiter.acquire(signal), release: () => undefined };
}
