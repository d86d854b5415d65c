/** The HTTP client surface plugins use (implemented in http-client.ts). */
import type { ZodType } from 'zod';

export interface RateLimit {
  /** Requests allowed per interval (also the burst size). */
  requests: number;
  intervalMs: number;
}

export interface RequestOptions {
  /** Query parameters appended to the URL (values are URL-encoded). */
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Aborts the request and any rate-limit wait (the session's signal is always combined in). */
  signal?: AbortSignal;
  /**
   * Statuses returned to the caller instead of thrown as HttpStatusError (2xx are always
   * accepted). E.g. `[404]` where "not found" is an answer, not an error.
   */
  acceptStatus?: number[];
  /**
   * The source's wire shape (a zod schema from the plugin's `wire.ts`) that a 2xx reply must fit:
   * one that does not is a MalformedBodyError naming the URL, so no handler ever maps (and writes)
   * a reply of the wrong shape. The body of an accepted non-2xx status (`acceptStatus`) is not
   * validated: check `status` before reading it.
   */
  schema?: ZodType;
  /**
   * Reads a 2xx reply's decoded text into the response body in place of the nesting check,
   * `JSON.parse` and `schema` (which it must do itself): a plugin hands a reply too large to read
   * on the thread serving the UI to the engine's compute workers (RDAP registration replies).
   * What it throws is the request's failure, like a MalformedBodyError of the default reading.
   */
  readText?: (text: string, reply: { url: string; contentType?: string }) => Promise<unknown>;
}

/** Request options whose schema gives the reply body its type. */
export type JsonRequestOptions<TBody> = RequestOptions & { schema?: ZodType<TBody> };

export interface HttpResponse<TBody = unknown> {
  status: number;
  /** Final URL after redirects, redacted of credentials. */
  url: string;
  headers: Record<string, string>;
  body: TBody;
}

/**
 * An HTTP client bound to one source: base URL, rate limiter(s), timeout, size cap, retries on
 * 429/503 honouring Retry-After, auth header, request counting. Relative paths are resolved
 * against the base URL; absolute URLs (pagination links, RDAP servers) are used as they are.
 */
export interface SourceHttp {
  /** GET and parse JSON (validated by `options.schema` when given); a body that does not fit is a MalformedBodyError. */
  getJson<TBody = unknown>(
    pathOrUrl: string,
    options?: JsonRequestOptions<TBody>,
  ): Promise<HttpResponse<TBody>>;
  /** POST a JSON body and parse the JSON reply like getJson (retried on 429/503 like a GET). */
  postJson<TBody = unknown>(
    pathOrUrl: string,
    body: unknown,
    options?: JsonRequestOptions<TBody>,
  ): Promise<HttpResponse<TBody>>;
}

/** Waits until a request may be sent; never lets more than the configured rate through. */
export interface RateLimiter {
  /** Resolves with the milliseconds waited; rejects when the signal aborts the wait. */
  acquire(signal?: AbortSignal): Promise<number>;
  /** About how long a request asking now would wait (for the progress countdown). */
  expectedWaitMs?(): number;
  /**
   * Like acquire, but the token's interval starts only at `release()` (call it once the request
   * is known to have reached the server, e.g. when its reply's headers arrive, or failed).
   */
  hold?(signal?: AbortSignal): Promise<HeldGrant>;
}

/** A granted token held until the request it paid for has reached the server. */
export interface HeldGrant {
  waitedMs: number;
  /** Starts the token's interval now; later calls do nothing. */
  release(): void;
}

export interface HttpClientOptions {
  /** Source name used for request counting and error messages, e.g. `GLEIF`. */
  source: string;
  /** Base URL for relative paths; absolute URLs are used as they are. */
  baseUrl?: string;
  /** Rate limit of the source as a whole, or the default per host when `perHost` is set. */
  rateLimit: RateLimit;
  /** Rate-limit per `host:port` instead of per source, with per-host overrides (RDAP). */
  perHost?: Record<string, RateLimit>;
  /** Credential name in the credential store; its key is sent as `Authorization: Bearer`. */
  bearerCredential?: string;
  /** Maximum redirects followed (default 5); a loop is a NetworkError. */
  maxRedirects?: number;
}
