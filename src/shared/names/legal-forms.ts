/**
 * Legal forms from the ISO 20275 ELF code list (elf-forms.json, derived by
 * scripts/derive-elf-forms.ts; docs/resolution.md): which spellings name a legal form, which ELF
 * codes a spelling names per country, and where a name's legal form is.
 */
import elfForms from './elf-forms.json' with { type: 'json' };
import jpLatinForms from './jp-latin-forms.json' with { type: 'json' };
import { foldText, foldedWords, isLatinScript, legalFormKey } from './fold';

interface ElfData {
  source: {
    list: string;
    publisher: string;
    version: string;
    published: string;
    file: string;
    sha256: string;
    rows: number;
  };
  /** code -> [country, names joined by ";" (first: the local name), abbreviations joined by ";", status] */
  forms: Record<string, [string, string, string, string]>;
  /** spelling key -> country -> codes */
  spellings: Record<string, Record<string, string[]>>;
}

const DATA = elfForms as unknown as ElfData;

/** Latin spellings of Japan's forms (jp-latin-forms.json, with where they come from). */
interface LatinSupplement {
  forms: Record<
    string,
    { local: string; romanised: string[]; english: string[]; writtenBeforeTheName: boolean }
  >;
}

const JP_LATIN = jpLatinForms as unknown as LatinSupplement;

/** The ELF list's spellings with Japan's Latin ones added (never a code taken away). */
const SPELLINGS: ElfData['spellings'] = (() => {
  const spellings = structuredClone(DATA.spellings);
  for (const [code, form] of Object.entries(JP_LATIN.forms)) {
    if (DATA.forms[code]?.[1].split(';')[0] !== form.local) {
      // The table names a code by its local name: a list that renamed it needs the table checked.
      throw new Error(`jp-latin-forms.json: ELF ${code} is not ${form.local} in this ELF list`);
    }
    for (const spelling of [...form.romanised, ...form.english]) {
      const codes = ((spellings[legalFormKey(spelling)] ??= {}).JP ??= []);
      if (!codes.includes(code)) {
        codes.push(code);
      }
    }
  }
  return spellings;
})();

/** Which list, version and file the table was derived from (shown in docs and `--version`). */
export const LEGAL_FORMS_SOURCE = DATA.source;

/** The ELF codes that mean "no legal form on the list" (`8888`, `9999`). */
export const NO_LISTED_FORM = new Set(['8888', '9999']);

export interface LegalFormInfo {
  code: string;
  country: string;
  /** The local name the list gives first ("Aktiengesellschaft"). */
  name: string;
  abbreviations: string[];
  active: boolean;
}

/** What the list says of an ELF code; undefined for 8888/9999 and codes it does not hold. */
export function legalFormInfo(code: string): LegalFormInfo | undefined {
  const entry = DATA.forms[code];
  if (entry === undefined) {
    return undefined;
  }
  const [country, names, abbreviations, status] = entry;
  return {
    code,
    country,
    name: names.split(';')[0] ?? '',
    abbreviations: abbreviations === '' ? [] : abbreviations.split(';'),
    active: status === 'ACTV',
  };
}

/**
 * A spelling that reads as a Roman numeral up to XXXIX ("II", "VI", "XI") is left to the numeral
 * evidence: in a name it is far more often the number of a vehicle than a legal form.
 */
const SMALL_ROMAN_NUMERAL = /^x{0,3}(ix|iv|v?i{0,3})$/;

function usableKey(key: string): boolean {
  // One letter is an initial, not a legal form; a key without letters is a number.
  return key.length >= 2 && /\p{L}/u.test(key) && !SMALL_ROMAN_NUMERAL.test(key);
}

/**
 * Keys recognised before a name: the list's abbreviations ("PT", "AB") and Japan's romanised forms,
 * which Japanese writes either side of the name ("Kabushiki Kaisha Toshiba").
 */
const PREFIX_KEYS: ReadonlySet<string> = new Set([
  ...Object.values(DATA.forms).flatMap(([, , abbreviations]) =>
    abbreviations === '' ? [] : abbreviations.split(';').map(legalFormKey),
  ),
  ...Object.values(JP_LATIN.forms)
    .filter((form) => form.writtenBeforeTheName)
    .flatMap((form) => form.romanised.map(legalFormKey)),
]);

/** Non-Latin spellings of two characters or more, longest first (written without spaces). */
const UNSPACED_KEYS: readonly string[] = Object.keys(SPELLINGS)
  .filter((key) => key.length >= 2 && !isLatinScript(key))
  .sort((a, b) => b.length - a.length);

interface FullName {
  key: string;
  /** First letters of its words ("llc" for "Limited Liability Company"). */
  initials: string;
  words: string[];
}

/** code -> its full names (every language's), not its abbreviations. */
const NAMES_OF_CODE: ReadonlyMap<string, readonly FullName[]> = new Map(
  Object.entries(DATA.forms).map(([code, [, names]]) => [
    code,
    (names === '' ? [] : names.split(';')).map((name) => {
      const words = foldedWords(name).filter((word) => word !== '&');
      return { key: words.join(''), initials: words.map((word) => word[0] ?? '').join(''), words };
    }),
  ]),
);

/** True when an abbreviation abbreviates the name: its initials, or the start of a one-word name. */
function abbreviates(key: string, name: FullName): boolean {
  const [only] = name.words;
  return key === name.initials || (name.words.length === 1 && only !== undefined && only.startsWith(key));
}

const expandedCodes = new Map<string, string[]>();

/**
 * The ELF codes a spelling names, in every country, and, when it abbreviates one of their full
 * names (its initials: `LLC` for "Limited Liability Company", `SARL` for "Société à
 * responsabilité limitée"), the codes of that name in every country: most US states' forms, and
 * France's, are listed by name only. The list also gives some forms loose abbreviations ("Inc."
 * for a state's LLC); the initials rule keeps those from carrying over. Empty when the spelling
 * is no legal form.
 */
export function codesOfSpelling(spelling: string): string[] {
  const key = legalFormKey(spelling);
  if (!usableKey(key)) {
    return [];
  }
  const known = expandedCodes.get(key);
  if (known !== undefined) {
    return known;
  }
  const direct = Object.values(SPELLINGS[key] ?? {}).flat();
  const codes = new Set(direct);
  for (const code of direct) {
    for (const name of NAMES_OF_CODE.get(code) ?? []) {
      if (abbreviates(key, name)) {
        Object.values(SPELLINGS[name.key] ?? {}).forEach((siblings) =>
          siblings.forEach((sibling) => codes.add(sibling)),
        );
      }
    }
  }
  const result = [...codes];
  expandedCodes.set(key, result);
  return result;
}

export interface NamedLegalForm {
  /** The form as written in the name ("A.G.", "Sp. z o.o."). */
  text: string;
  key: string;
  /** Every ELF code the spelling names (all countries). */
  codes: string[];
}

export interface SplitName {
  /** The name without its legal form, in its own spelling. */
  brand: string;
  form?: NamedLegalForm;
}

const MAX_FORM_WORDS = 8;
const MAX_PREFIX_WORDS = 3;
const TRAILING_SEPARATORS = /[\s,;:/\-–—(]+$/u;
const LEADING_SEPARATORS = /^[\s,;:/\-–—)]+/u;

interface Word {
  text: string;
  start: number;
  end: number;
}

function wordsOf(name: string): Word[] {
  return [...name.matchAll(/[^\s,]+/gu)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

function formOf(text: string): NamedLegalForm | undefined {
  const key = legalFormKey(text);
  if (!usableKey(key) || SPELLINGS[key] === undefined) {
    return undefined;
  }
  return { text: text.replace(/[\s,]+$/u, ''), key, codes: codesOfSpelling(text) };
}

/** A name is left when a word remains that is more than a small Roman numeral or a number. */
function hasNameLeft(text: string): boolean {
  return foldText(text)
    .split(' ')
    .some((word) => /\p{L}/u.test(word) && !SMALL_ROMAN_NUMERAL.test(word));
}

function trailingForm(name: string, words: Word[]): SplitName | undefined {
  for (let count = Math.min(MAX_FORM_WORDS, words.length - 1); count >= 1; count -= 1) {
    const first = words[words.length - count];
    if (first === undefined) {
      continue;
    }
    const form = formOf(name.slice(first.start));
    const brand = name.slice(0, first.start).replace(TRAILING_SEPARATORS, '').trim();
    if (form !== undefined && hasNameLeft(brand)) {
      return { brand, form };
    }
  }
  return undefined;
}

function leadingForm(name: string, words: Word[]): SplitName | undefined {
  for (let count = Math.min(MAX_PREFIX_WORDS, words.length - 1); count >= 1; count -= 1) {
    const last = words[count - 1];
    if (last === undefined) {
      continue;
    }
    const text = name.slice(0, last.end);
    const form = formOf(text);
    const brand = name.slice(last.end).replace(LEADING_SEPARATORS, '').trim();
    if (form !== undefined && PREFIX_KEYS.has(form.key) && hasNameLeft(brand)) {
      return { brand, form };
    }
  }
  return undefined;
}

/** A form written without spaces at either end of a non-Latin name ("シェルジャパン株式会社"). */
function unspacedForm(name: string): SplitName | undefined {
  const trimmed = name.trim();
  const folded = legalFormKey(trimmed);
  for (const key of UNSPACED_KEYS) {
    if (folded.length > key.length && (folded.endsWith(key) || folded.startsWith(key))) {
      const at = folded.endsWith(key) ? trimmed.lastIndexOf(key) : trimmed.indexOf(key);
      if (at < 0) {
        continue;
      }
      const brand = (trimmed.slice(0, at) + trimmed.slice(at + key.length)).trim();
      if (hasNameLeft(brand)) {
        return { brand, form: { text: key, key, codes: codesOfSpelling(key) } };
      }
    }
  }
  return undefined;
}

/**
 * Splits a name into the name proper and the legal form the ELF list knows at its end (the
 * longest spelling of up to eight words: "GmbH & Co. KG" before "KG"), or, failing that, an
 * abbreviation at its start ("PT Shell Indonesia", "AB Volvo"), or a non-Latin form written
 * without a space. A name that is only a legal form keeps it as its name.
 */
export function splitLegalForm(name: string): SplitName {
  const words = wordsOf(name);
  const split =
    trailingForm(name, words) ??
    leadingForm(name, words) ??
    (isLatinScript(name) ? undefined : unspacedForm(name));
  return split ?? { brand: name.trim() };
}

/**
 * True when two spellings name one legal form ("AG" and "Aktiengesellschaft"): most ELF codes of
 * the narrower spelling are codes of the other, in the given country when one is known (a
 * registry's jurisdiction). "Most", not "one": the list gives a few forms loose abbreviations (a
 * US state's LLC lists "Inc."), and one shared code among sixty would make every form agree.
 */
export function sameLegalForm(a: NamedLegalForm, b: NamedLegalForm, country?: string): boolean {
  if (a.key === b.key) {
    return true;
  }
  const inCountry = (code: string): boolean => country === undefined || DATA.forms[code]?.[0] === country;
  const [narrow, wide] = [a.codes.filter(inCountry), b.codes.filter(inCountry)].sort(
    (x, y) => x.length - y.length,
  );
  if (narrow === undefined || wide === undefined || narrow.length === 0) {
    return false;
  }
  const shared = new Set(wide);
  return narrow.filter((code) => shared.has(code)).length * 2 >= narrow.length;
}
