/**
 * Turns a reply's text into keyed entries: `key: value`, `[key] value` and tab-separated lines,
 * with the section header (an unkeyed or valueless line) and blank-line block each belongs to.
 */

export interface Entry {
  /** Normalised key: lower case, single spaces, no trailing parenthetical. */
  key: string;
  value: string;
  /** Unkeyed lines that follow the entry (a header's children, an address's next lines). */
  more: string[];
  /** The key's trailing parenthetical (`Creation Date (dd/mm/yyyy)`), a hint about its value. */
  hint?: string | undefined;
  /** Normalised key of the enclosing section header, if any. */
  section: string | undefined;
  block: number;
}

/** `[key] value`, optionally after a one-letter item mark (`c [Record Created] ...`). */
const BRACKET_LINE = /^\s*(?:[a-z]\.?\s+)?\[([^[\]]{1,40})\]\s*(.*)$/;
/** `key: value`; a key starts with a non-digit and may end in an index (`Street1`). */
const COLON_LINE = /^\s*([^\s:\d][^:\t]{0,59}?)\s*:(?!\/\/)[ \t]*(.*)$/;
/** `key........ value` (dotted leaders without a colon). */
const LEADER_LINE = /^\s*([A-Za-z][^.:\t]{0,40}?)\s*\.{3,}[ \t]*(.+)$/;
/** `key = value`. */
const EQUALS_LINE = /^\s*([A-Za-z][\w .\-/]{0,40}?)\s*=[ \t]*(.*)$/;
/**
 * `Domain-name         plac.sk`: one hyphenated word of letters, two or more spaces, a value.
 * Not a host name (`ns-a.example.com   192.0.2.1` is a name-server line).
 */
const SPACED_LINE = /^\s*([A-Za-z]+(?:[-_][A-Za-z.]+)+)(?<!\.[A-Za-z]{2,63})\s{2,}(\S.*)$/;
const TAB_LINE = /^\s*([^\t:\d]{1,40}?)\t+(.+)$/;
/**
 * A key ending in a number whose value starts with two digits is a sentence cut at a time
 * (`Record last updated on Mon Apr 19 21:47:14 2010`), not a label (`Name Server 1: ...`).
 */
function isCutTime(key: string, value: string): boolean {
  return /\s\d{1,2}$/.test(key) && /^\d{2}(?::|\s|$)/.test(value);
}
/** Dot leaders left at the start of a value (`object:. . . . .value`). */
const VALUE_LEADER = /^(?:\.\s?){2,}/;
/** `** Registrant:`, `** Domain Servers:` (the heading's text in group 1). */
const DECORATED_HEADING = /^\*{1,3}\s*([^*:]{2,60}?)\s*:\s*$/;
/** The value of a `contact:` line that names a role (IANA). */
const ROLE_VALUE = /^(administrative|technical|billing|registrant)$/i;
/** Keys that open a section running to the end of their block (JPRS contact part). */
export const BLOCK_SECTIONS = new Set(['contact information']);

/**
 * Lower case, single spaces; underscores and dot leaders are spacing (`domain_name`,
 * `Domain Name.......`); a trailing parenthetical is a hint, not part of the label.
 */
export function normaliseKey(raw: string): string {
  return raw
    .replace(/\([^)]*\)\s*$/, '')
    .replace(/_/g, ' ')
    .replace(/[.\s]+$/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

function indentOf(line: string): number {
  let width = 0;
  for (const character of line) {
    if (character === ' ') {
      width += 1;
    } else if (character === '\t') {
      width += 8;
    } else {
      break;
    }
  }
  return width;
}

function splitKeyed(line: string): { key: string; value: string; hint: string | undefined } | undefined {
  const match =
    BRACKET_LINE.exec(line) ??
    COLON_LINE.exec(line) ??
    LEADER_LINE.exec(line) ??
    EQUALS_LINE.exec(line) ??
    TAB_LINE.exec(line) ??
    SPACED_LINE.exec(line);
  if (!match) {
    return undefined;
  }
  const rawKey = match[1] ?? '';
  const key = normaliseKey(rawKey);
  if (key === '' || key.includes('http') || isCutTime(key, match[2] ?? '')) {
    return undefined;
  }
  const hint = /\(([^)]*)\)\s*$/.exec(rawKey)?.[1];
  return { key, value: (match[2] ?? '').replace(VALUE_LEADER, '').trim(), hint };
}

export function tokenise(text: string): Entry[] {
  const entries: Entry[] = [];
  const headers: { indent: number; key: string }[] = [];
  let block = 0;
  let blockSection: string | undefined;
  let last: Entry | undefined;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/\s+$/, '');
    if (line.trim() === '') {
      block += 1;
      blockSection = undefined;
      last = undefined;
      continue;
    }
    let trimmed = line.trim();
    if (trimmed.startsWith('%') || trimmed.startsWith('#') || trimmed.startsWith('>>>')) {
      continue;
    }
    // `** Registrant:` is a heading whose section runs to the end of its block; other lines
    // starting with `*` or `-` are decoration or banners.
    const decorated = DECORATED_HEADING.exec(trimmed);
    if (decorated?.[1] !== undefined) {
      trimmed = decorated[1];
      const key = normaliseKey(trimmed);
      last = { key, value: '', more: [], section: undefined, block };
      entries.push(last);
      blockSection = key;
      headers.length = 0;
      continue;
    }
    if (/^[*-]/.test(trimmed)) {
      continue;
    }
    const indent = indentOf(line);
    const keyed = splitKeyed(line);
    if (!keyed) {
      if (last) {
        last.more.push(trimmed);
        continue;
      }
      // An unkeyed first line of a block is a section header ("Registrant", "Nameservers").
      while (headers.length > 0 && (headers.at(-1)?.indent ?? -1) >= indent) {
        headers.pop();
      }
      last = { key: normaliseKey(trimmed), value: '', more: [], section: headers.at(-1)?.key, block };
      entries.push(last);
      headers.push({ indent, key: last.key });
      continue;
    }
    while (headers.length > 0 && (headers.at(-1)?.indent ?? -1) >= indent) {
      headers.pop();
    }
    last = {
      key: keyed.key,
      value: keyed.value,
      hint: keyed.hint,
      more: [],
      section: headers.at(-1)?.key ?? blockSection,
      block,
    };
    entries.push(last);
    const roleHeading = keyed.key === 'contact' ? ROLE_VALUE.exec(keyed.value) : null;
    if (BLOCK_SECTIONS.has(keyed.key)) {
      blockSection = keyed.key;
    } else if (roleHeading?.[1] !== undefined) {
      // IANA's `contact: administrative`: the lines after it, to the next one, are that role's.
      blockSection = `${roleHeading[1].toLowerCase()} contact`;
    } else if (keyed.value === '') {
      headers.push({ indent, key: keyed.key });
    }
  }
  return entries;
}
