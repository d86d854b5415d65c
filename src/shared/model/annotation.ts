/**
 * What the investigator knows and the sources do not (docs/notes-and-flags.md): free-text notes
 * and one flag on an entity or an edge, each with its author and time. Stored in the case through
 * the one write path, so case files and team cases keep them alike.
 */

/** The flags offered, in the order menus show them; `none` clears the flag. */
export const FLAG_NAMES = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'star', 'none'] as const;

export type FlagName = (typeof FLAG_NAMES)[number];

/** Colours of the flags on the canvas, the table and the details panel (readable on both themes). */
export const FLAG_COLOURS: Record<Exclude<FlagName, 'none'>, string> = {
  red: '#e5484d',
  orange: '#f76b15',
  yellow: '#f5c518',
  green: '#30a46c',
  blue: '#3e8ed0',
  purple: '#8e4ec6',
  star: '#ffb224',
};

export interface Note {
  text: string;
  author: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface Flag {
  name: Exclude<FlagName, 'none'>;
  author: string;
  /** ISO 8601. */
  createdAt: string;
}

/** Notes (oldest first) and the current flag of one entity or edge; absent parts are left out. */
export interface Annotated {
  notes?: Note[];
  flag?: Flag;
}

/** Longest note kept: a page of text. Longer input is refused, not cut. */
export const MAX_NOTE_LENGTH = 10_000;

export function isFlagName(value: string): value is FlagName {
  return (FLAG_NAMES as readonly string[]).includes(value);
}

/** A note's text as stored (trimmed), or why it cannot be. */
export function checkNoteText(text: string): { ok: true; text: string } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') {
    return { ok: false, error: 'the note is empty' };
  }
  if (trimmed.length > MAX_NOTE_LENGTH) {
    return { ok: false, error: `a note holds at most ${MAX_NOTE_LENGTH} characters` };
  }
  // eslint-disable-next-line no-control-regex -- tabs and line breaks are text; other controls are not
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(trimmed)) {
    return { ok: false, error: 'the note contains control characters' };
  }
  return { ok: true, text: trimmed };
}

/** The text search reads on an annotated element: every note and the flag's name. */
export function annotationSearchText(item: Annotated): string {
  const parts = (item.notes ?? []).map((note) => note.text);
  if (item.flag !== undefined) {
    parts.push(item.flag.name);
  }
  return parts.join('\n');
}
