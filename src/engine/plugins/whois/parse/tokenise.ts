import type { Entry } from './entry';
import { factsOfKey, labelOf, type LabelFacts } from './label-facts';
import type { WhoisRole } from './types';
import { looksLikeHandle } from './values';

export type { Entry } from './entry';

/**
 * Turns a reply's text into keyed entries: `key: value`, `[key] value` and tab-separated lines,
 * with the section header (an unkeyed or valueless line) and blank-line block each belongs to.
 */

/** `[key] value`, optionally after a one-letter item mark (`c [Record Created] ...`). */
const BRACKET_LINE = /^\s*(?:[a-z]\.?\s+)?\[([^[\]]{1,40})\]\s*(.*)$/;
/**
 * `key: value` without a regular expression (the hot path): the key
 * runs from the first non-blank to the first colon, at most 60 characters, no tab inside, not
 * starting with a digit; a colon followed by `//` (a URL) is no separator.
 */
function keyBeforeColon(line: string, colon: number): string | undefined {
  if (colon < 1 || line.startsWith('//', colon + 1)) {
    return undefined;
  }
  let start = 0;
  while (start < colon && (line.charCodeAt(start) === 32 || line.charCodeAt(start) === 9)) {
    start += 1;
  }
  const key = line.slice(start, colon).trimEnd();
  const first = key.charCodeAt(0);
  // A long key is a label only when a parenthetical hint makes it long (`Company English Name
  // (It should be the same as ...)`, .hk): the label before the hint is short.
  const long = key.length > 60 && !(key.endsWith(')') && key.indexOf('(') > 0 && key.indexOf('(') <= 60);
  if (key === '' || long || key.length > 300 || key.includes('\t') || (first >= 48 && first <= 57)) {
    return undefined;
  }
  return key;
}

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
/**
 * A dated sentence with no colon (`Record created on 22-Apr-2003`, .ee): the words before `on`
 * are the label, the date after it the value. Only a value that starts like a date (a digit);
 * a label found by a word rule must still hold a real date, so other sentences read nothing.
 */
const DATED_SENTENCE = /^\s*([A-Za-z][A-Za-z .-]{2,40}?\s+on)\s+(\d.*)$/;
/**
 * RWhois `class:Attribute:value` (`domain:Created:20090324`, .ma): the attribute is the key.
 * `Attribute;I` marks the value as another object's id (`domain:Owner-Contact;I:221.google.ma`),
 * so it is keyed as that attribute's handle, never read as the attribute itself. A URL
 * (`Maintainer:http://...`) is a value, not an attribute.
 */
const RWHOIS_VALUE = /^([A-Za-z][\w-]{0,40})(;[A-Za-z])?:(?!\/\/)(.*)$/;

/** A first colon with no space after it (`No:61`), on a line with no `: ` separator. */
const EMBEDDED_COLON = /^[^:]+:[^\s:/][^:]*$/;
/** A YAML type tag standing for a nested mapping's value (`!Contact`). */
const YAML_TAG = /^!\w+$/;
/** A YAML block-scalar indicator (`address: |-`): the value is the indented lines after it. */
const YAML_BLOCK_SCALAR = /^[|>][-+]?$/;
/** Dot leaders left at the start of a value (`object:. . . . .value`). */
const VALUE_LEADER = /^(?:\.\s?){2,}/;
/** `** Registrant:`, `** Domain Servers:` (the heading's text in group 1). */
const DECORATED_HEADING = /^\*{1,3}\s*([^*:]{2,60}?)\s*:\s*$/;

/** The value of a `contact:` line that names a role (IANA). */
const ROLE_VALUE = /^(administrative|technical|billing|registrant)$/i;
/**
 * The shared "no continuation lines" array: most entries have none, and one array per entry is
 * garbage the parser's hot path does not need. Frozen, so a push that bypassed the copy throws.
 */
const NO_MORE = Object.freeze([]) as unknown as string[];

function indentOf(line: string): number {
  let width = 0;
  for (let index = 0; index < line.length; index += 1) {
    const code = line.charCodeAt(index);
    if (code === 32) {
      width += 1;
    } else if (code === 9) {
      width += 8;
    } else {
      break;
    }
  }
  return width;
}

/** The line shapes other than `[key]` and `key:`, each tried only when its marker is there. */
function otherShape(line: string): RegExpExecArray | null {
  return (
    (line.includes('...') ? LEADER_LINE.exec(line) : null) ??
    (line.includes('=') ? EQUALS_LINE.exec(line) : null) ??
    (line.includes('\t') ? TAB_LINE.exec(line) : null) ??
    (line.length < 120 && line.includes('  ') && joinedWordThenGap(line) ? SPACED_LINE.exec(line) : null) ??
    (onThenDigit(line) ? DATED_SENTENCE.exec(line) : null)
  );
}

/** White space as `\s` has it (ASCII first: the common case needs no pattern). */
function isSpaceAt(line: string, index: number): boolean {
  const code = line.charCodeAt(index);
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(line.charAt(index)));
}

/**
 * The first word joined by `-` or `_` and followed by two spaces (`Domain-name   plac.sk`): the
 * only lines `SPACED_LINE` can match, found without trying the pattern on every spaced line.
 */
function joinedWordThenGap(line: string): boolean {
  let at = 0;
  while (at < line.length && isSpaceAt(line, at)) {
    at += 1;
  }
  let joined = false;
  for (; at < line.length && !isSpaceAt(line, at); at += 1) {
    const code = line.charCodeAt(at);
    joined ||= code === 45 || code === 95;
  }
  return joined && isSpaceAt(line, at) && isSpaceAt(line, at + 1);
}

/** ` on ` followed by a digit (`Record created on 22-Apr-2003`): a dated sentence may follow. */
function onThenDigit(line: string): boolean {
  for (let at = line.indexOf(' on '); at >= 0; at = line.indexOf(' on ', at + 1)) {
    let next = at + 4;
    while (line.charCodeAt(next) === 32 || line.charCodeAt(next) === 9) {
      next += 1;
    }
    const code = line.charCodeAt(next);
    if (code >= 48 && code <= 57) {
      return true;
    }
  }
  return false;
}

/**
 * Whether an unkeyed line could be a role or record heading (`Administrative contact`,
 * `Domain Details`): short, starting with a letter, no e-mail. Host names, addresses and
 * phone numbers are not looked up.
 */
function mayBeHeading(trimmed: string): boolean {
  const first = trimmed.charCodeAt(0);
  const letter = (first >= 65 && first <= 90) || (first >= 97 && first <= 122) || first > 127;
  return letter && trimmed.length <= 40 && !trimmed.includes('@');
}

/**
 * The label of a line that may be a heading. A lone role word on its own line (`Holder`,
 * `Inhaber`, `Titulaire`) is a role heading: read as `<word> contact` (as a label with a value
 * the same word is a handle or a name, so the label tables leave it alone).
 */
function headingOf(trimmed: string): LabelFacts {
  const label = labelOf(trimmed);
  if (
    label.sectionRole !== undefined ||
    label.recordHeading ||
    label.record !== undefined ||
    label.contactField !== undefined ||
    trimmed.length > 20 ||
    trimmed.includes(' ')
  ) {
    return label;
  }
  const asContact = labelOf(`${trimmed} contact`);
  return asContact.roleHeading ? asContact : label;
}

/** The heading a role's own block is read under (`role` of a reference line, canonical label). */
const ROLE_BLOCK_HEADINGS: Readonly<Record<WhoisRole, string>> = {
  registrant: 'registrant',
  admin: 'administrative contact',
  technical: 'technical contact',
  billing: 'billing contact',
  registrar: 'registrar',
};

/**
 * The section of a block opened by a role line with a value (`Domain registrant: A24C-154952`,
 * `Registrar: MARK-0292`): that role's, whose plain labels after it are the contact's. A
 * registrar line opens such a block only with a handle as its value (`Registrar: GoDaddy.com,
 * LLC` above ICANN lines is the record's).
 */
function roleBlockSection(opener: Entry): LabelFacts | undefined {
  const label = opener.label;
  if (opener.value === '' || label.prefixed?.rest !== undefined) {
    return undefined;
  }
  const role =
    label.referenceRole ??
    (label.sectionRole === 'registrar' && looksLikeHandle(opener.value) ? 'registrar' : undefined);
  return role === undefined ? undefined : factsOfKey(ROLE_BLOCK_HEADINGS[role]);
}

/** The entry of a keyed line (its section and block are the caller's), or undefined. */
function splitKeyed(line: string): Entry | undefined {
  // The parser's hot path: `key: value` is found without a regular expression.
  const bracket = line.includes('[') ? BRACKET_LINE.exec(line) : null;
  const colon = bracket === null ? line.indexOf(':') : -1;
  const colonKey = bracket === null ? keyBeforeColon(line, colon) : undefined;
  const match = bracket === null && colonKey === undefined ? otherShape(line) : bracket;
  if (match === null && colonKey === undefined) {
    return undefined;
  }
  let rawKey = colonKey ?? match?.[1] ?? '';
  let rawValue = colonKey === undefined ? (match?.[2] ?? '') : line.slice(colon + 1);
  // RWhois: the class word before the first colon, then `Attribute:` with no space around it.
  const first = rawValue.charCodeAt(0);
  if (first !== 32 && first !== 9 && rawValue.length > 0 && rawValue.includes(':') && !rawKey.includes(' ')) {
    const rwhois = RWHOIS_VALUE.exec(rawValue);
    if (rwhois?.[1] !== undefined) {
      rawKey = rwhois[2] === undefined ? rwhois[1] : `${rwhois[1]} handle`;
      rawValue = rwhois[3] ?? '';
    }
  }
  const label = labelOf(rawKey);
  if (label.unusable || (label.endsInDigit && isCutTime(label.key, rawValue))) {
    return undefined;
  }
  const hint = rawKey.includes('(') ? /\(([^)]*)\)\s*$/.exec(rawKey)?.[1] : undefined;
  let value = rawValue.trim();
  if (value.startsWith('.')) {
    value = value.replace(VALUE_LEADER, '');
  }
  if (value.length <= 2 && YAML_BLOCK_SCALAR.test(value)) {
    value = '';
  }
  // `created: "2011-01-13T15:45:18+01:00"` (YAML-style replies): the quotes are not the value.
  if (value.length > 1 && value.startsWith('"') && value.endsWith('"') && !value.slice(1, -1).includes('"')) {
    value = value.slice(1, -1);
  }
  const entry = entryOf(label, undefined, 0, undefined);
  entry.value = value;
  entry.hint = hint;
  return entry;
}

/**
 * The reply's lines (CRLF, CR or LF ends), each as written up to its LF: a CRLF line keeps its
 * CR, which the tokeniser's `trimEnd` takes off with any other trailing space (cutting it here
 * would copy every line of a CRLF reply once more). Only a reply with lone CRs (old Mac line
 * ends) needs the slower pattern split.
 */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (!text.includes('\r')) {
    return lines;
  }
  for (const line of lines) {
    const cr = line.indexOf('\r');
    if (cr >= 0 && cr < line.length - 1) {
      // A CR inside a line: the reply (also) ends lines with a lone CR.
      return text.split(/\r\n|\r|\n/);
    }
  }
  return lines;
}

/** A line with nothing on it: empty, or the CR of a CRLF line end. */
function isEmptyLine(rawLine: string): boolean {
  return rawLine === '' || rawLine === '\r';
}

/** A heading's place: its indent and label. */
interface Header {
  indent: number;
  label: LabelFacts;
}

function entryOf(
  label: LabelFacts,
  section: LabelFacts | undefined,
  block: number,
  previous: Entry | undefined,
): Entry {
  return {
    key: label.key,
    label,
    value: '',
    hint: undefined,
    more: NO_MORE,
    section,
    block,
    opensBlock: previous === undefined || previous.block !== block,
  };
}

export function tokenise(text: string): Entry[] {
  const entries: Entry[] = [];
  const headers: Header[] = [];
  let block = 0;
  let blockSection: LabelFacts | undefined;
  let last: Entry | undefined;
  let pending: Entry | undefined;
  let softSection: LabelFacts | undefined;
  // A role heading with nothing under it before a blank line (`Registrant Contact Information:`,
  // a blank, then `Address: ...`, .hk): the labelled block after the blank is that role's.
  let carriedRole: LabelFacts | undefined;
  // Whether the record's own domain line was read: contact blocks follow it.
  let sawDomain = false;
  for (const rawLine of splitLines(text)) {
    const line = rawLine.trimEnd();
    // A line of spaces inside a run of unlabelled lines (a .tr role block) spaces the run out;
    // only a truly empty line ends it.
    if (line === '' && !isEmptyLine(rawLine) && last !== undefined && last.more.length > 0) {
      continue;
    }
    // `line` is already trimmed at its end: a line of spaces is empty here.
    if (line === '') {
      block += 1;
      blockSection = undefined;
      softSection = undefined;
      // A role heading's lines follow it without a gap; after a blank line the indented lines
      // are the record's again (.uy and .ee indent the whole record under `Titular:`).
      if (headers.length > 0) {
        const roleAt = headers.findIndex((header) => header.label.roleHeading);
        if (roleAt >= 0) {
          headers.length = roleAt;
        }
      }
      // A heading with nothing under it yet (`Name servers in the listed order:`) keeps the
      // unlabelled lines that follow one blank line (see `pending` below).
      pending = last !== undefined && last.value === '' && last.more === NO_MORE ? last : undefined;
      if (pending !== undefined) {
        carriedRole = pending.label.roleHeading ? pending.label : undefined;
      }
      last = undefined;
      continue;
    }
    let trimmed = line.trimStart();
    const firstCode = trimmed.charCodeAt(0);
    // `--- !Domain` (a YAML document start, whois.smallregistry.net and kin): a new block, like
    // a blank line, so that one document's handles do not make the next one foreign.
    if (firstCode === 45 && line.startsWith('---') && !/^-{3,}\s*$/.test(line) && /^---(?:\s|$)/.test(line)) {
      block += 1;
      blockSection = undefined;
      softSection = undefined;
      headers.length = 0;
      last = undefined;
      pending = undefined;
      continue;
    }
    // `%`, `#`, `>>>`: comments and banners.
    if (firstCode === 37 || firstCode === 35 || (firstCode === 62 && trimmed.startsWith('>>>'))) {
      // A comment that is a role heading (`% Registrant:`, `% Administrative Contacts:`, .ua)
      // names the role of the labelled block after it.
      const comment = trimmed.endsWith(':') && trimmed.length <= 60 ? trimmed.replace(/^[%#\s]+/, '') : '';
      const heading = comment === '' ? undefined : headingOf(comment.slice(0, -1));
      if (heading?.roleHeading === true) {
        carriedRole = heading;
      }
      continue;
    }
    // `** Registrant:` is a heading whose section runs to the end of its block; other lines
    // starting with `*` or `-` are decoration or banners.
    const decorated = firstCode === 42 && trimmed.endsWith(':') ? DECORATED_HEADING.exec(trimmed) : null;
    if (decorated?.[1] !== undefined) {
      const label = labelOf(decorated[1]);
      last = entryOf(label, undefined, block, entries.at(-1));
      entries.push(last);
      blockSection = label;
      headers.length = 0;
      continue;
    }
    // `- ns1.example.net`: a list item; other lines starting with `*` or `-` are decoration.
    if (firstCode === 45 || firstCode === 42) {
      if (/^-\s+[\p{L}\d]/u.test(trimmed)) {
        trimmed = trimmed.replace(/^-\s+/, '');
      } else {
        continue;
      }
    }
    const indent = indentOf(line);
    // Inside a run of unlabelled lines, `Cumhuriyet Cd. No:61` is an address line: a label's
    // colon is followed by a space or ends the line.
    const inRun =
      last !== undefined && last.more.length > 0 && trimmed.includes(':') && EMBEDDED_COLON.test(trimmed);
    const keyed = inRun ? undefined : splitKeyed(line);
    if (!keyed && last === undefined && pending !== undefined) {
      last = pending;
    }
    pending = undefined;
    // A role heading on its own line (`Administrative contact`) opens its section even right
    // after other lines; the labelled lines after it at the same indent are that role's.
    // Role headings are short: longer unlabelled lines are not worth normalising here.
    const heading = keyed || !mayBeHeading(trimmed) ? undefined : headingOf(trimmed);
    // A plain heading of the record's own part (`Domain Details`) ends the contact before it.
    if (heading?.recordHeading === true) {
      last = entryOf(heading, undefined, block, entries.at(-1));
      entries.push(last);
      softSection = undefined;
      blockSection = undefined;
      headers.length = 0;
      continue;
    }
    if (heading !== undefined || !keyed) {
      carriedRole = undefined;
    }
    if (heading?.roleHeading === true) {
      last = entryOf(heading, undefined, block, entries.at(-1));
      entries.push(last);
      softSection = heading;
      continue;
    }
    if (!keyed) {
      if (last) {
        if (last.more === NO_MORE) {
          last.more = [];
        }
        last.more.push(trimmed);
        continue;
      }
      // An unkeyed first line of a block is a section header ("Registrant", "Nameservers").
      while (headers.length > 0 && (headers.at(-1)?.indent ?? -1) >= indent) {
        headers.pop();
      }
      last = entryOf(heading ?? labelOf(trimmed), headers.at(-1)?.label, block, entries.at(-1));
      entries.push(last);
      headers.push({ indent, label: last.label });
      continue;
    }
    while (headers.length > 0 && (headers.at(-1)?.indent ?? -1) >= indent) {
      headers.pop();
    }
    // `registrant: !Contact` (a YAML tagged mapping): the indented lines under it are one
    // object, a block of its own under that heading.
    if (keyed.value.startsWith('!') && YAML_TAG.test(keyed.value)) {
      keyed.value = '';
      block += 1;
      blockSection = undefined;
      softSection = undefined;
    }
    if (carriedRole !== undefined && blockSection === undefined && headers.length === 0) {
      blockSection = carriedRole;
    }
    carriedRole = undefined;
    const label = keyed.label;
    const previous = entries.at(-1);
    const opensBlock = previous === undefined || previous.block !== block;
    // After the record's own part, a block opening with a role and a value (`Technical Contact:
    // mmr-170347`, then `Name:`, `Street:`..., .sk) is that role's contact block to its end.
    const roleBlock = opensBlock && sawDomain && headers.length === 0 ? roleBlockSection(keyed) : undefined;
    if (roleBlock !== undefined) {
      blockSection = roleBlock;
    }
    sawDomain ||= label.domain && keyed.value !== '';
    last = keyed;
    last.section = headers.at(-1)?.label ?? blockSection ?? softSection;
    last.block = block;
    last.opensBlock = opensBlock;
    entries.push(last);
    const roleHeading = label.key === 'contact' ? ROLE_VALUE.exec(keyed.value) : null;
    if (label.blockSection) {
      blockSection = label;
    } else if (roleHeading?.[1] !== undefined) {
      // IANA's `contact: administrative`: the lines after it, to the next one, are that role's.
      blockSection = factsOfKey(`${roleHeading[1].toLowerCase()} contact`);
    } else if (keyed.value === '') {
      headers.push({ indent, label });
      // `Registrant:` then `name: ...` at the same indent (.ee): a role heading's section runs to
      // the next heading or blank line; any other valueless key ends it.
      // An empty field (`Address:` with nothing after it, .mo) is no heading of its own.
      const emptyField = label.contactField !== undefined && label.sectionRole === undefined;
      softSection =
        label.roleHeading || label.key === 'registrar' ? label : emptyField ? softSection : undefined;
    }
  }
  return entries;
}
