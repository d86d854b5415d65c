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
 * Where a phrase table may match: within one line, never across a line end (`\s` stands for
 * white space within a line), and `^` is the start of the line's text after any comment marks and
 * spacing (`%`, `#`, `*`, `>`, `;`, `-`), so that `% Excessive querying, ...` starts a line. A
 * `^` after U+2028/U+2029 (a line break to the pattern, not to the reply) stays a bare anchor.
 */
const LINE_TEXT_START = '(?<=(?:(?<![\\s\\S])|[\\n\\r])[\\s%#*>;\\-]*|[\\u2028\\u2029])';
const WITHIN_LINE_SPACE = '[^\\S\\n\\r]';

/** One phrase's source made to match inside the reply's own lines (see LINE_TEXT_START). */
function withinLines(source: string): string {
  // The tables use `\s` and `^` only outside character classes, and never a negated `\S`.
  return source.replace(/\\s|(?<!\\)\^/g, (token) => (token === '^' ? LINE_TEXT_START : WITHIN_LINE_SPACE));
}

/**
 * A phrase table as one pattern, searched once over the whole lower-cased reply (the tables are
 * written in lower case; case-sensitive matching is several times faster here). `m` makes `$` a
 * line end; `g` lets the search go on after a match that falls in a terms-of-use line.
 */
function oneOf(phrases: readonly RegExp[]): RegExp {
  return new RegExp(phrases.map((phrase) => `(?:${withinLines(phrase.source)})`).join('|'), 'gm');
}
const TERMS = new RegExp(TERMS_LINE.source);
const NOT_FOUND = oneOf(NOT_FOUND_PHRASES);
const THROTTLED = oneOf(THROTTLE_PHRASES);
const REFUSED = oneOf(REFUSAL_PHRASES);

/** The line (between line ends, CR or LF) holding the character at `index`. */
function lineAround(text: string, index: number): { start: number; end: number } {
  const start = Math.max(text.lastIndexOf('\n', index), text.lastIndexOf('\r', index)) + 1;
  let end = index;
  while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) {
    end += 1;
  }
  return { start, end };
}

/**
 * Whether a phrase of the table is in a line of the reply that is no terms-of-use line. The
 * table is searched over the whole text; only a line where it matched is tested for terms (most
 * replies match nowhere, so no line is looked at on its own).
 */
function saysOutsideTerms(table: RegExp, text: string): boolean {
  table.lastIndex = 0;
  for (let match = table.exec(text); match !== null; match = table.exec(text)) {
    const line = lineAround(text, match.index);
    if (!TERMS.test(text.slice(line.start, line.end))) {
      return true;
    }
    table.lastIndex = Math.max(line.end, match.index + 1);
  }
  return false;
}

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
  const plain = withoutTerminalControls(reply.lowered());
  if (saysOutsideTerms(THROTTLED, plain)) {
    return 'throttled';
  }
  if (
    parsed.status.some((status) => NOT_FOUND_STATUSES.some((phrase) => phrase.test(status))) ||
    saysOutsideTerms(NOT_FOUND, plain)
  ) {
    return 'not_found';
  }
  if (saysOutsideTerms(REFUSED, plain)) {
    return 'refused';
  }
  if (parsed.domain !== undefined || Object.keys(parsed.contacts).length > 0 || parsed.status.length > 0) {
    return 'record';
  }
  return TERMS.test(plain) ? 'terms_only' : 'unknown';
}
