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
  /** Normalised key of the enclosing section header, if any. */
  section: string | undefined;
  block: number;
}

const BRACKET_LINE = /^\s*\[([^[\]]{1,40})\]\s*(.*)$/;
const COLON_LINE = /^\s*([^:\t\d]{1,60}?)\s*:(?!\/\/)[ \t]*(.*)$/;
const TAB_LINE = /^\s*([^\t:\d]{1,40}?)\t+(.+)$/;
/** Keys that open a section running to the end of their block (JPRS contact part). */
export const BLOCK_SECTIONS = new Set(['contact information']);

function normaliseKey(raw: string): string {
  return raw
    .replace(/\([^)]*\)\s*$/, '')
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

function splitKeyed(line: string): { key: string; value: string } | undefined {
  const match = BRACKET_LINE.exec(line) ?? COLON_LINE.exec(line) ?? TAB_LINE.exec(line);
  if (!match) {
    return undefined;
  }
  const key = normaliseKey(match[1] ?? '');
  if (key === '' || key.includes('http')) {
    return undefined;
  }
  return { key, value: (match[2] ?? '').trim() };
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
    const trimmed = line.trim();
    if (
      trimmed.startsWith('%') ||
      trimmed.startsWith('#') ||
      trimmed.startsWith('>>>') ||
      /^[*-]/.test(trimmed)
    ) {
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
      more: [],
      section: headers.at(-1)?.key ?? blockSection,
      block,
    };
    entries.push(last);
    if (BLOCK_SECTIONS.has(keyed.key)) {
      blockSection = keyed.key;
    } else if (keyed.value === '') {
      headers.push({ indent, key: keyed.key });
    }
  }
  return entries;
}
