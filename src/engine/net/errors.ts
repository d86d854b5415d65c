/**
 * Typed errors of the engine's network layer (HTTP and WHOIS). Every message is one line, safe to
 * show and log: URLs are redacted of credentials before they reach a message.
 */

import { EngineError, type SourceErrorCode } from '../util/engine-error';

/** Stable machine-readable codes, recorded on failures and shown by the UI. */
export type { SourceErrorCode };

/** Longest URL quoted in a message; a server can make a redirect's URL kilobytes long. */
export const MAX_URL_IN_MESSAGE = 200;

/** A URL (already redacted) as quoted in a one-line message: long ones are cut with an ellipsis. */
export function urlForMessage(url: string): string {
  return url.length <= MAX_URL_IN_MESSAGE ? url : `${url.slice(0, MAX_URL_IN_MESSAGE - 1)}…`;
}

/** A source's request failed: the network layer's member of the engine error family. */
export class SourceError extends EngineError<SourceErrorCode> {
  override readonly name: string = 'SourceError';
  readonly source: string | undefined;
  constructor(code: SourceErrorCode, message: string, source?: string) {
    super(code, message);
    this.source = source;
  }
}

/** A reply with a status the caller did not accept (after retries where they apply). */
export class HttpStatusError extends SourceError {
  override readonly name = 'HttpStatusError';
  readonly status: number;
  readonly url: string;
  /** `detail` adds what the server asked for, e.g. `retry after 2026-11-25T03:00:00Z (in 24 h)`. */
  constructor(status: number, url: string, source?: string, detail?: string) {
    super(
      'http_status',
      `HTTP ${status} from ${urlForMessage(url)}${detail === undefined ? '' : `: ${detail}`}`,
      source,
    );
    this.status = status;
    this.url = url;
  }
}

export class TimeoutError extends SourceError {
  override readonly name = 'TimeoutError';
  readonly url: string;
  constructor(url: string, timeoutMs: number, source?: string) {
    super('timeout', `no complete reply from ${urlForMessage(url)} within ${timeoutMs} ms`, source);
    this.url = url;
  }
}

export class NetworkError extends SourceError {
  override readonly name = 'NetworkError';
  readonly url: string;
  constructor(url: string, reason: string, source?: string) {
    super('network', `cannot reach ${urlForMessage(url)}: ${reason}`, source);
    this.url = url;
  }
}

export class ResponseTooLargeError extends SourceError {
  override readonly name = 'ResponseTooLargeError';
  readonly url: string;
  constructor(url: string, limitBytes: number, source?: string) {
    super('too_large', `reply from ${urlForMessage(url)} is larger than ${limitBytes} bytes`, source);
    this.url = url;
  }
}

export class MalformedBodyError extends SourceError {
  override readonly name = 'MalformedBodyError';
  readonly url: string;
  constructor(url: string, reason: string, source?: string) {
    super('malformed_body', `malformed reply from ${urlForMessage(url)}: ${reason}`, source);
    this.url = url;
  }
}

/**
 * Still throttled after the allowed retries, or asked to wait longer than the client waits for:
 * then the message says when the server will answer again (`retry after <time>`).
 */
export class RateLimitedError extends SourceError {
  override readonly name = 'RateLimitedError';
  readonly url: string;
  /** When the server said it will answer again (epoch ms), if it said. */
  readonly retryAt: number | undefined;
  constructor(url: string, source?: string, retry?: { at: number; detail: string }) {
    super(
      'rate_limited',
      retry === undefined
        ? `still rate limited by ${urlForMessage(url)} after retrying`
        : `rate limited by ${urlForMessage(url)}: ${retry.detail}`,
      source,
    );
    this.url = url;
    this.retryAt = retry?.at;
  }
}

/** The source needs an API key and none is configured: the handler does nothing. */
export class MissingCredentialError extends SourceError {
  override readonly name = 'MissingCredentialError';
  constructor(source: string) {
    super(
      'missing_credential',
      `${source} needs an API key; add one in Settings or set ${source.toUpperCase()}_API_KEY`,
      source,
    );
  }
}

export function isSourceError(error: unknown): error is SourceError {
  return error instanceof SourceError;
}
