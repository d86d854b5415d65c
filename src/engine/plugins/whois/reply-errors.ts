/**
 * Replies that are no answer, as the errors to record: a refusal, an empty reply, and a reply in
 * no known shape (`unrecognised_reply`: no field read and no "no match" phrase, e.g. `database
 * is down, please retry` wrapped in terminal escapes). None of them is stored as the domain's
 * record nor marks it looked up; the next run asks again.
 */
import { MalformedBodyError, SourceError } from '../../net/errors';
import type { ParsedWhois } from './parse';
import { WHOIS_SOURCE } from './source';

/** Characters of an unrecognised reply kept on the error for inspection (the rest is cut). */
export const MAX_KEPT_REPLY_CHARS = 16_384;

/**
 * Control characters made visible (`\x1b`), so that a reply's escapes can be read in a message or
 * a log and never act on a terminal; line breaks and tabs stay.
 */
export function visibleControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- making control characters visible is the point
  return text.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g, (char) => {
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}

/** The reply's first non-blank line without comment marks, controls visible, at most 120 characters. */
export function firstLine(text: string): string {
  const line = text
    .split(/\r?\n/)
    .map((item) => item.replace(/^[\s%#*]+/, '').trim())
    .find((item) => item.length > 0);
  return visibleControls(line ?? '').slice(0, 120);
}

/** A reply with no recognised field and no recognised "no match": a failure, with its text kept. */
export class UnrecognisedReplyError extends SourceError {
  override readonly name = 'UnrecognisedReplyError';
  readonly url: string;
  /** The reply as received, controls made visible, cut at MAX_KEPT_REPLY_CHARS. */
  readonly reply: string;
  constructor(url: string, text: string) {
    super(
      'unrecognised_reply',
      `unrecognised reply from ${url}: no known field and no "no match" ("${firstLine(text)}")`,
      WHOIS_SOURCE.name,
    );
    this.url = url;
    const visible = visibleControls(text);
    this.reply =
      visible.length > MAX_KEPT_REPLY_CHARS
        ? `${visible.slice(0, MAX_KEPT_REPLY_CHARS)}\n[cut: ${visible.length} characters]`
        : visible;
  }
}

/** The error a reply that is no answer stands for, or undefined for an answer. */
export function replyFailureOf(url: string, text: string, parsed: ParsedWhois): SourceError | undefined {
  switch (parsed.kind) {
    case 'refused':
      return new MalformedBodyError(
        url,
        `the server refused the query ("${firstLine(text)}")`,
        WHOIS_SOURCE.name,
      );
    case 'empty':
      return new MalformedBodyError(
        url,
        text.trim() === '' ? 'empty reply' : 'no domain record in the reply',
        WHOIS_SOURCE.name,
      );
    case 'unknown':
    case 'terms_only':
      return new UnrecognisedReplyError(url, text);
    case 'record':
    case 'not_found':
    case 'referral':
    case 'throttled':
      return undefined;
  }
}

/** A time as the failure messages write it: `2026-11-29 01:10 UTC`. */
export function stampOf(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['network', 'timeout', 'destination_refused']);

/**
 * The registrar's part of a lookup failed (the registry's record is kept): says so, and when the
 * part is asked again. Keeps the code and, as `cause`, the error of the part.
 */
export class RegistrarPartError extends SourceError {
  override readonly name = 'RegistrarPartError';
  /** When the registrar's WHOIS is asked again (ms since epoch), when known. */
  readonly retryAt: number | undefined;
  constructor(server: string, error: SourceError, retryAt: number | undefined) {
    const what = UNREACHABLE_CODES.has(error.code) ? 'unreachable' : 'gave no usable answer';
    const when = retryAt === undefined ? '' : `, retried at ${stampOf(retryAt)}`;
    const reason = error instanceof PartBackoffError ? error.reason : error.message;
    super(error.code, `registrar's WHOIS ${what}${when} (${server}: ${reason})`, WHOIS_SOURCE.name);
    this.retryAt = retryAt;
    this.cause = error;
  }
}

/** A part that failed within the TTL and whose backoff has not run out: not asked, not sent. */
export class PartBackoffError extends SourceError {
  override readonly name = 'PartBackoffError';
  readonly retryAt: number;
  /** The part's own failure message. */
  readonly reason: string;
  constructor(code: string, message: string, retryAt: number) {
    // The code is the part's own failure's (a SourceErrorCode when it was written).
    super(
      code as SourceError['code'],
      `${message} (not asked again before ${stampOf(retryAt)})`,
      WHOIS_SOURCE.name,
    );
    this.retryAt = retryAt;
    this.reason = message;
  }
}
