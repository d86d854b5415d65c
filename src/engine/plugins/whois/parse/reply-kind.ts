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
 * A phrase table made to be searched over the whole lower-cased reply at once (the tables are
 * written in lower case; case-sensitive matching is several times faster here) while matching
 * as it would line by line: `\s` stands for white space within a line, so no phrase crosses a
 * line end, and `m` makes `$` a line end. `g` lets a search go on after a match that falls in a
 * terms-of-use line.
 *
 * The few phrases anchored at a line's start (`^excessive querying`) are searched without their
 * `^`, each match then checked to start the line's text: only comment marks and spacing (`%`,
 * `#`, `*`, `>`, `;`, `-`) before it on its line. (A `^` kept in the pattern would cost a check
 * at every character.)
 */
interface PhraseSearch {
  unanchored: RegExp | undefined;
  lineStart: RegExp | undefined;
}

const WITHIN_LINE_SPACE = '[^\\S\\n\\r]';
const LINE_START = /(?<!\\)\^/;

const WORD_START = '\\b';

/** Alternatives as one group: `(?:a)|(?:b)`. */
function alternation(sources: readonly string[]): string {
  return sources.map((source) => `(?:${source})`).join('|');
}

/** A pattern source's top-level alternatives (`a(?:b|c)|d` gives `a(?:b|c)` and `d`). */
function branchesOf(source: string): string[] {
  const branches: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let at = 0; at < source.length; at += 1) {
    const character = source[at];
    if (character === '\\') {
      at += 1;
    } else if (inClass) {
      inClass = character !== ']';
    } else if (character === '[') {
      inClass = true;
    } else if (character === '(' || character === ')') {
      depth += character === '(' ? 1 : -1;
    } else if (character === '|' && depth === 0) {
      branches.push(source.slice(from, at));
      from = at + 1;
    }
  }
  return [...branches, source.slice(from)];
}

function searchOf(phrases: readonly RegExp[], anchored: boolean): RegExp | undefined {
  const sources = phrases
    .flatMap((phrase) => branchesOf(phrase.source))
    .filter((source) => LINE_START.test(source) === anchored);
  if (sources.length === 0) {
    return undefined;
  }
  // The tables use `\s` only outside character classes, never a negated `\S`, and `^` only as
  // a phrase's first character.
  const withinLines = sources.map((source) =>
    source.replace(LINE_START, '').replaceAll('\\s', WITHIN_LINE_SPACE),
  );
  // The alternatives starting at a word boundary share one `\b` before their group: the same
  // places match, and the engine then screens each place by their first letters (faster over a
  // reply than a `\b` per alternative).
  const atWord = withinLines.filter((source) => source.startsWith(WORD_START));
  const others = withinLines.filter((source) => !source.startsWith(WORD_START));
  const wordGroup =
    atWord.length === 0 ? [] : [`\\b(?:${alternation(atWord.map((source) => source.slice(2)))})`];
  return new RegExp(alternation([...wordGroup, ...others]), 'gm');
}

function oneOf(phrases: readonly RegExp[]): PhraseSearch {
  return { unanchored: searchOf(phrases, false), lineStart: searchOf(phrases, true) };
}
const TERMS = new RegExp(TERMS_LINE.source);
const NOT_FOUND = oneOf(NOT_FOUND_PHRASES);
const THROTTLED = oneOf(THROTTLE_PHRASES);
const REFUSED = oneOf(REFUSAL_PHRASES);

const LF = 10;
const CR = 13;
const LINE_SEPARATORS = /[\u2028\u2029]/;
/** Comment marks and spacing before a line's text (white space as `\s` has it). */
const LEAD_MARK = /[\s%#*>;-]/;

/** The bounds of the line (between line ends, CR or LF) holding the character at `index`. */
function lineAround(text: string, index: number): { start: number; end: number } {
  const start = Math.max(text.lastIndexOf('\n', index), text.lastIndexOf('\r', index)) + 1;
  let end = index;
  while (end < text.length && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) {
    end += 1;
  }
  return { start, end };
}

/**
 * Whether `index` starts a line's text: only comment marks and spacing before it on its line, or
 * right after U+2028/U+2029 (a line end to `^`, though not to the reply's lines).
 */
function startsLineText(text: string, index: number): boolean {
  if (index > 0 && LINE_SEPARATORS.test(text.charAt(index - 1))) {
    return true;
  }
  for (let before = index - 1; before >= 0; before -= 1) {
    const code = text.charCodeAt(before);
    if (code === LF || code === CR) {
      return true;
    }
    if (!LEAD_MARK.test(text.charAt(before))) {
      return false;
    }
  }
  return true;
}

/**
 * Whether the pattern matches in a line of the text that is no terms-of-use line (and, for a
 * line-start pattern, at the start of the line's text). Only a line where it matched is tested
 * for terms: most replies match nowhere, so no line is looked at on its own.
 */
function matchesOutsideTerms(pattern: RegExp, text: string, atLineStart: boolean): boolean {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const line = lineAround(text, match.index);
    if (TERMS.test(text.slice(line.start, line.end))) {
      pattern.lastIndex = line.end;
    } else if (!atLineStart || startsLineText(text, match.index)) {
      return true;
    } else {
      // Every place the pattern matches, not only the leftmost of overlapping ones.
      pattern.lastIndex = match.index + 1;
    }
  }
  return false;
}

function saysOutsideTerms(table: PhraseSearch, text: string): boolean {
  return (
    (table.unanchored !== undefined && matchesOutsideTerms(table.unanchored, text, false)) ||
    (table.lineStart !== undefined && matchesOutsideTerms(table.lineStart, text, true))
  );
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
