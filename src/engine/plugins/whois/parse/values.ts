/** Value cleaning shared by the parser: redaction placeholders, e-mail/URL/host shapes, statuses. */
import { PLACEHOLDER_PHRASES } from './phrases';
import type { Entry } from './entry';

/**
 * The placeholder table as one pattern: every value is tested, so one pass instead of many.
 * Case-insensitive rather than lower-casing each value first: measured faster, as it makes
 * no copy of the value.
 */
const PLACEHOLDER = new RegExp(PLACEHOLDER_PHRASES.map((phrase) => `(?:${phrase.source})`).join('|'), 'i');

/**
 * The last value tested and its answer. A redacted reply repeats one placeholder down a whole
 * contact (`REDACTED FOR PRIVACY` as name, street, city, phone...), so the same text is asked
 * about several times in a row; the pattern runs once for it. (One entry, not a cache of values.)
 */
let lastTested = '';
let lastRedacted = false;

/** True for a value that a registry or registrar put in place of the real data. */
export function isRedacted(value: string): boolean {
  if (value !== lastTested) {
    lastTested = value;
    lastRedacted = PLACEHOLDER.test(value);
  }
  return lastRedacted;
}

export function clean(value: string | undefined): string | undefined {
  if (value === undefined) {
    return undefined;
  }
  const trimmed = value.trim();
  if (trimmed === '' || isRedacted(trimmed)) {
    return undefined;
  }
  return trimmed;
}

/**
 * A registry handle (`ABCD1234-NICAT`, `DUP430692088`, `H1045821`): one word of letters and
 * digits (both), optionally joined by hyphens, no lower-case word. Names have spaces or no digits.
 */
export function looksLikeHandle(value: string): boolean {
  // One pass over the characters (every name and organization value is asked): ASCII letters
  // and digits in runs joined by single `-`, `_` or `.`, at least one of each, and no three
  // lower-case letters in a row.
  const length = value.length;
  if (length < 4 || length > 40) {
    return false;
  }
  let digit = false;
  let letter = false;
  let lowerRun = 0;
  let afterJoiner = true;
  for (let index = 0; index < length; index += 1) {
    const code = value.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      digit = true;
      lowerRun = 0;
    } else if (code >= 65 && code <= 90) {
      letter = true;
      lowerRun = 0;
    } else if (code >= 97 && code <= 122) {
      letter = true;
      lowerRun += 1;
      if (lowerRun === 3) {
        return false;
      }
    } else if ((code === 45 || code === 95 || code === 46) && !afterJoiner) {
      afterJoiner = true;
      lowerRun = 0;
      continue;
    } else {
      return false;
    }
    afterJoiner = false;
  }
  return digit && letter && !afterJoiner;
}

export const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;
export const URL_LIKE = /^(https?:\/\/|www\.)\S+$/i;
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** A DNS name from a name-server or WHOIS-server value, or undefined when it is not one. */
export function hostNameOf(value: string): string | undefined {
  const trimmed = value.trim();
  // One word (most values): no split needed.
  const word = TOKEN_BREAK.test(trimmed) ? (trimmed.split(/[\s,]+/)[0] ?? '') : trimmed;
  let token = word.toLowerCase();
  if (token.endsWith('.')) {
    token = token.slice(0, -1);
  }
  return HOST_NAME.test(token) ? token : undefined;
}
const TOKEN_BREAK = /[\s,]/;

const UNSIGNED = /^(unsigned|no|false|inactive|미서명|unsigned delegation|not signed|none)$/i;
const SIGNED = /^(signed|yes|true|active|signeddelegation|signed delegation|서명)$/i;

export function dnssecOf(raw: string): boolean | undefined {
  const value = raw.trim();
  if (UNSIGNED.test(value)) {
    return false;
  }
  if (SIGNED.test(value)) {
    return true;
  }
  return undefined;
}

const EPP_STATUS = /^(?:ok|active|inactive|[a-z]+[A-Z][A-Za-z]+)$/;

/**
 * The status values of one status line: a trailing ICANN URL dropped, split at commas
 * (`Active, clientUpdateProhibited`) and at spaces when every word is an EPP status
 * (`clientDeleteProhibited clientTransferProhibited`).
 */
export function statusesOf(raw: string): string[] {
  const value = withoutUrlTail(raw).trim();
  if (value === '') {
    return [];
  }
  const statuses: string[] = [];
  for (const part of value.includes(',') ? value.split(/\s*,\s*/) : [value]) {
    const words = SPACE.test(part) ? part.split(/\s+/) : undefined;
    for (const status of words !== undefined && words.every((word) => EPP_STATUS.test(word))
      ? words
      : [part]) {
      const kept = withoutUrlTail(status).trim();
      if (kept !== '' && clean(kept) !== undefined) {
        statuses.push(kept);
      }
    }
  }
  return statuses;
}

/** A trailing URL (`... https://icann.org/epp#ok`, `(http://...)`) cut off. */
function withoutUrlTail(value: string): string {
  // Only a value with `://` in it can end in one (most statuses have none).
  return value.includes('://') ? value.replace(URL_TAIL, '') : value;
}
const SPACE = /\s/;
const URL_TAIL = /\s*\(?https?:\/\/\S*\)?\s*$/i;

export function firstValue(entry: Entry): string {
  return entry.value !== '' ? entry.value : (entry.more[0] ?? '');
}

/** Normalises a referral value (`whois://host:port/`, `HOST`) to `host` or `host:port`. */
export function referralOf(raw: string): string | undefined {
  const value = raw.trim().toLowerCase();
  if (value.startsWith('rwhois://') || value.startsWith('http')) {
    return undefined;
  }
  const stripped = value.replace(/^whois:\/\//, '').replace(/\/.*$/, '');
  const match = /^([^\s:/]+)(?::(\d{1,5}))?$/.exec(stripped);
  if (!match) {
    return undefined;
  }
  const host = hostNameOf(match[1] ?? '');
  if (host === undefined) {
    return undefined;
  }
  return match[2] === undefined ? host : `${host}:${match[2]}`;
}
