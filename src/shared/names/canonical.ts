/**
 * The canonical form of an organisation name (docs/resolution.md): the name proper folded two
 * ways (an umlaut as its base letter and as a digraph, so "Müller" meets both "Muller" and
 * "Mueller"), its legal form as ELF codes, and the numbers it carries.
 */
import { foldText, foldedWords } from './fold';
import { splitLegalForm, type NamedLegalForm } from './legal-forms';

export interface CanonicalName {
  /** The name as given. */
  text: string;
  /** The name without its legal form, in its own spelling. */
  brand: string;
  /** The brand's folded keys (one or two); two names are the same name when one key is shared. */
  keys: string[];
  form?: NamedLegalForm;
  /** Numbers in the brand, Roman numerals read as numbers, in order ("VII" -> 7, "(84)" -> 84). */
  numbers: number[];
}

const ROMAN_VALUES: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
/** Roman numerals a vehicle's name carries (I to CLXXXIX); "CV", "LI" as words are rarer. */
const ROMAN_NUMERAL = /^c?(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;

function romanValue(word: string): number | undefined {
  if (word === '' || !ROMAN_NUMERAL.test(word)) {
    return undefined;
  }
  let total = 0;
  for (let index = 0; index < word.length; index += 1) {
    const value = ROMAN_VALUES[word[index] ?? ''] ?? 0;
    const next = ROMAN_VALUES[word[index + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/**
 * Numbers of a name's words: digits, and Roman numerals written apart from the rest of the name
 * in upper case or as the last word ("Fund VII", "Shell Exploration (LXI)"); "I" counts only as
 * the last word, where it numbers a vehicle rather than standing for a letter.
 */
export function numbersOf(text: string): number[] {
  const raw = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  const numbers: number[] = [];
  raw.forEach((word, index) => {
    if (/^\d+$/.test(word)) {
      numbers.push(Number(word));
      return;
    }
    const last = index === raw.length - 1;
    const upper = word === word.toUpperCase() && word !== word.toLowerCase();
    const roman = romanValue(word.toLowerCase());
    if (roman !== undefined && (last || (upper && word !== 'I'))) {
      numbers.push(roman);
    }
  });
  return numbers;
}

/** The canonical form of an organisation name. */
export function canonicalName(text: string): CanonicalName {
  const { brand, form } = splitLegalForm(text);
  const keys = [...new Set([foldText(brand), foldText(brand, true)])].filter((key) => key !== '');
  return { text, brand, keys, ...(form === undefined ? {} : { form }), numbers: numbersOf(brand) };
}

/** True when two names are the same name once folded (legal forms aside). */
export function sameName(a: CanonicalName, b: CanonicalName): boolean {
  return a.keys.some((key) => b.keys.includes(key));
}

/**
 * True when every word of `short` is, in order, a word of `long` (the typed "Puma" in
 * "PUMA Europe"): the registry's name says more than the typed one.
 */
export function nameContains(long: CanonicalName, short: CanonicalName): boolean {
  return short.keys.some((shortKey) => long.keys.some((longKey) => ` ${longKey} `.includes(` ${shortKey} `)));
}

/** The folded words of a name (for similarity on canonical text). */
export function canonicalWords(text: string): string[] {
  return foldedWords(text);
}
