/**
 * Text from sources made safe once, where it enters the case (issue 24). A reply's names, keys and
 * other fields may carry characters that change how text looks without changing what it says to a
 * reader: bidirectional overrides (`Evil \u202Emoc.tfosorcim\u202C` shows as "Evil microsoft.com"),
 * zero-width characters (`Micro\u200Bsoft` looks like, but is not, `Microsoft`), and C0/C1 controls
 * (NUL, ESC). They are removed from every field an entity keeps, and each field is bounded in
 * length. The reply itself (the raw record) keeps every character, and the full value.
 */

/** Bidi embeddings, overrides, isolates and marks (UAX #9), including the Arabic letter mark. */
const BIDI = '\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069';
/** Zero-width and invisible format characters: ZWSP, ZWNJ, ZWJ, word joiner, invisible operators, BOM, soft hyphen, Mongolian vowel separator. */
const INVISIBLE = '\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF';
/** C0 and C1 controls other than the white space that reads as a space. */
const CONTROL = '\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F';

const REMOVED = new RegExp(`[${BIDI}${INVISIBLE}${CONTROL}]`, 'gu');
const LINE_BREAKS = /[\t\n\r]/g;

/** Longest field an entity keeps (names, keys, addresses): ids stay far inside every request schema. */
export const MAX_FIELD_LENGTH = 1000;

/** True when the text holds a character `cleanSourceText` removes. */
export function hasHiddenCharacters(text: string): boolean {
  REMOVED.lastIndex = 0;
  return REMOVED.test(text);
}

/**
 * The text with bidi controls, invisible characters and controls removed (tabs and line breaks
 * become spaces only where `singleLine` is asked for), cut to `max` characters with an ellipsis.
 */
export function cleanSourceText(text: string, options: { max?: number; singleLine?: boolean } = {}): string {
  const max = options.max ?? MAX_FIELD_LENGTH;
  let clean = text.replace(REMOVED, '');
  if (options.singleLine === true) {
    clean = clean.replace(LINE_BREAKS, ' ');
  }
  if (clean.length > max) {
    // Never cut a surrogate pair in two.
    const cut = /[\uD800-\uDBFF]/.test(clean.charAt(max - 2)) ? max - 2 : max - 1;
    clean = `${clean.slice(0, cut)}\u2026`;
  }
  return clean;
}
