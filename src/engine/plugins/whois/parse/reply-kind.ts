/** What kind of answer a reply is: a record, "no match", a throttle, a refusal, or terms only. */
import {
  NOT_FOUND_PHRASES,
  NOT_FOUND_STATUSES,
  REFUSAL_PHRASES,
  TERMS_LINE,
  THROTTLE_PHRASES,
} from './phrases';
import type { Entry } from './tokenise';
import type { ParsedWhois, WhoisReplyKind } from './types';

/** A reply line with its comment marks removed, or undefined for a blank or terms line. */
function plainLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/^[\s%#*>;-]+/, '').trim();
    if (line !== '' && !TERMS_LINE.test(line)) {
      lines.push(line);
    }
  }
  return lines;
}

function anyLine(lines: string[], phrases: readonly RegExp[]): boolean {
  return lines.some((line) => phrases.some((phrase) => phrase.test(line)));
}

/**
 * The reply's kind. A reply with record data (name servers, a creation or expiry date, a
 * registrar) is a record whatever its text says; otherwise the phrase tables decide, throttle
 * first (AFNIC says "Too many requests" above "No entries found").
 */
export function kindOf(text: string, entries: Entry[], parsed: ParsedWhois): WhoisReplyKind {
  // IANA answers a TLD with a referral; a domain it registers itself (.int) is a record.
  if (
    entries.some((entry) => entry.key === 'source' && entry.value.toUpperCase() === 'IANA') &&
    (parsed.referral !== undefined || !(parsed.domain ?? '').includes('.'))
  ) {
    return 'referral';
  }
  const hasRecord =
    parsed.nameServers.length > 0 ||
    parsed.createdDate !== undefined ||
    parsed.expirationDate !== undefined ||
    parsed.registrar !== undefined;
  if (hasRecord) {
    return 'record';
  }
  if (text.trim() === '') {
    return 'empty';
  }
  const lines = plainLines(text);
  if (anyLine(lines, THROTTLE_PHRASES)) {
    return 'throttled';
  }
  if (
    parsed.status.some((status) => NOT_FOUND_STATUSES.some((phrase) => phrase.test(status))) ||
    anyLine(lines, NOT_FOUND_PHRASES)
  ) {
    return 'not_found';
  }
  if (anyLine(lines, REFUSAL_PHRASES)) {
    return 'refused';
  }
  if (parsed.domain !== undefined || Object.keys(parsed.contacts).length > 0 || parsed.status.length > 0) {
    return 'record';
  }
  return text.split(/\r?\n/).some((line) => TERMS_LINE.test(line)) ? 'terms_only' : 'unknown';
}
