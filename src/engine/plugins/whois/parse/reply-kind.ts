/** What kind of answer a reply is: a record, "no match", a throttle, a refusal, or terms only. */
import {
  NOT_FOUND_PHRASES,
  NOT_FOUND_STATUSES,
  REFUSAL_PHRASES,
  TERMS_LINE,
  THROTTLE_PHRASES,
} from './phrases';
import { splitLines, type Entry } from './tokenise';
import type { ParsedWhois, WhoisReplyKind } from './types';

/** Comment marks and spacing before a line's text: `%`, `#`, `*`, `>`, `;`, `-`. */
const LEAD_MARKS = new Set([...' \t\n\v\f\r%#*>;-'].map((mark) => mark.charCodeAt(0)));
const SPACE = /\s/;

function isLeadMark(line: string, index: number): boolean {
  const code = line.charCodeAt(index);
  return LEAD_MARKS.has(code) || (code > 127 && SPACE.test(line.charAt(index)));
}

/**
 * Terminal escape sequences (CSI `ESC [ ... m`, OSC `ESC ] ... BEL`, two-character `ESC x`) and
 * the other C0/C1 controls: a server can colour its text, and `\x1b[31mdatabase is down` must
 * still read as "database is down" (the escape would glue `31m` to the first word).
 */
const TERMINAL_CONTROLS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]?|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;
// eslint-disable-next-line no-control-regex -- see TERMINAL_CONTROLS
const HAS_CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

/** The text without terminal escapes and control characters (unchanged when it has none). */
export function withoutTerminalControls(text: string): string {
  return HAS_CONTROLS.test(text) ? text.replace(TERMINAL_CONTROLS, '') : text;
}

/**
 * The reply's lines in lower case with their comment marks removed, blank and terms-of-use
 * lines left out, joined by line ends into one text; and whether any terms line was met.
 * `lowered` is the whole reply in lower case (one conversion, not one per line).
 */
function plainText(lowered: string): { text: string; terms: boolean } {
  let text = '';
  let terms = false;
  for (const raw of splitLines(lowered)) {
    let start = 0;
    while (start < raw.length && isLeadMark(raw, start)) {
      start += 1;
    }
    const line = (start === 0 ? raw : raw.slice(start)).trim();
    if (line === '') {
      continue;
    }
    if (TERMS.test(line)) {
      terms = true;
    } else {
      text = text === '' ? line : `${text}\n${line}`;
    }
  }
  return { text, terms };
}

/**
 * A phrase table as one pattern, matched against lower-cased text without the `i` flag (the
 * tables are written in lower case; case-sensitive matching is several times faster here). One
 * search over the kept lines joined, not one per line: `m` makes `^` and `$` line anchors, and
 * no phrase crosses a line end (`.` does not match one, and `\s` is made white space within a line).
 */
function oneOf(phrases: readonly RegExp[]): RegExp {
  // White space within a line only (the tables use `\s` outside classes, never a negated class).
  const withinLine = (source: string): string => source.replaceAll('\\s', '[^\\S\\n]');
  return new RegExp(phrases.map((phrase) => `(?:${withinLine(phrase.source)})`).join('|'), 'm');
}
const TERMS = new RegExp(TERMS_LINE.source);
const NOT_FOUND = oneOf(NOT_FOUND_PHRASES);
const THROTTLED = oneOf(THROTTLE_PHRASES);
const REFUSED = oneOf(REFUSAL_PHRASES);

/** The reply in lower case, made once by whoever holds the reply (the parse shares it). */
export interface LoweredReply {
  lowered(): string;
}

/**
 * The reply's kind. A reply with record data (name servers, a creation or expiry date, a
 * registrar, a registry id, a contact) is a record whatever its text says; otherwise the
 * phrase tables decide, throttle first (AFNIC says "Too many requests" above "No entries
 * found").
 */

export function kindOf(
  text: string,
  entries: Entry[],
  parsed: ParsedWhois,
  reply: LoweredReply = { lowered: () => text.toLowerCase() },
): WhoisReplyKind {
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
    parsed.registrar !== undefined ||
    // A registry id or a contact is about a registered domain too: such a reply is never
    // rejected whole for a throttle or refusal line in it. (A status or an update date is not
    // enough: no-match and throttle replies carry their own, `Status: free`, `440 Request
    // Denied`, the database's update time.)
    parsed.id !== undefined ||
    Object.keys(parsed.contacts).length > 0;
  if (hasRecord) {
    return 'record';
  }
  if (text.trim() === '') {
    return 'empty';
  }
  const { text: plain, terms } = plainText(withoutTerminalControls(reply.lowered()));
  if (THROTTLED.test(plain)) {
    return 'throttled';
  }
  if (
    parsed.status.some((status) => NOT_FOUND_STATUSES.some((phrase) => phrase.test(status))) ||
    NOT_FOUND.test(plain)
  ) {
    return 'not_found';
  }
  if (REFUSED.test(plain)) {
    return 'refused';
  }
  if (parsed.domain !== undefined || Object.keys(parsed.contacts).length > 0 || parsed.status.length > 0) {
    return 'record';
  }
  return terms ? 'terms_only' : 'unknown';
}
