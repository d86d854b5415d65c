/**
 * Folding of organisation-name text (docs/resolution.md, "Names compared as an investigator
 * compares them"): what does not tell two names apart goes, so that "Müller & Söhne GmbH",
 * "MUELLER UND SOEHNE GMBH" and "Muller and Sohne GmbH" compare equal. Used by the ELF table's
 * derivation script and at run time, so both fold one way.
 */

/**
 * Latin letters NFKD does not decompose into a base letter and a mark, with the spelling
 * registries write for them (the ISO 9 / DIN 31635 practice: ß as ss, æ as ae, ø as o).
 */
const LETTER_SPELLINGS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
};

const SPECIAL_LETTERS = new RegExp(`[${Object.keys(LETTER_SPELLINGS).join('')}]`, 'gu');
/** Vowels whose two-dot mark German, Dutch and Nordic registries also write as a digraph. */
const UMLAUT = /([aouAOU])\u0308/gu;

/** Words that join names and mean "and" (the `&` of one registry is the `und` of another). */
const AND_WORDS = new Set(['and', 'und', 'et', 'en', 'y', 'og', 'och']);

function spellSpecialLetters(text: string): string {
  return text.replace(SPECIAL_LETTERS, (letter) => LETTER_SPELLINGS[letter] ?? letter);
}

/** Marks of Latin letters only: a kana's voicing mark or an Indic vowel sign is part of the letter. */
function dropMarks(text: string): string {
  return text.replace(/(\p{Script=Latin})\p{M}+/gu, '$1');
}

/**
 * Words of a name folded: compatibility forms (NFKD: full-width letters, ligatures), marks of
 * Latin letters dropped (`é` = `e`; an umlaut as its base letter, or as `ae`/`oe`/`ue` when
 * `umlautAsDigraph`), `ß` = `ss`, case, punctuation and spacing. `&` and the word "and" of the
 * name's language are one word `&`. Dots inside an abbreviation join its letters (`S.A.` = `sa`).
 */
export function foldedWords(text: string, umlautAsDigraph = false): string[] {
  let folded = spellSpecialLetters(text.normalize('NFKD'));
  if (umlautAsDigraph) {
    folded = folded.replace(UMLAUT, '$1e');
  }
  folded = dropMarks(folded).toLowerCase();
  // A dot after one or two letters joins an abbreviation ("s.a.r.l", "m.b.h", "co.kg"); after a
  // longer word it separates ("amazon.com" is "amazon com"). An apostrophe joins ("d'epargne").
  folded = folded.replace(/(?<=(?<![\p{L}\p{N}])\p{L}{1,2})\.(?=\p{L})/gu, '');
  folded = folded.replace(/(\p{L})['’](?=\p{L})/gu, '$1');
  const words = folded
    .replace(/&|\+/g, ' & ')
    .split(/[^\p{L}\p{N}&]+/u)
    .filter((word) => word !== '');
  return words.map((word) => (AND_WORDS.has(word) ? '&' : word));
}

/** One folded key of a text: its folded words joined by single spaces. */
export function foldText(text: string, umlautAsDigraph = false): string {
  return foldedWords(text, umlautAsDigraph).join(' ');
}

/**
 * The key of a legal-form spelling: folded words run together, "and" words and `&` dropped, so
 * `GmbH & Co. KG`, `GmbH und Co.KG` and `GMBH CO KG` are one key, and `Sp. z o.o.` is `spzoo`.
 */
export function legalFormKey(text: string): string {
  return foldedWords(text)
    .filter((word) => word !== '&')
    .join('');
}

/** True when the text is written in Latin letters (with digits and punctuation), or has none. */
export function isLatinScript(text: string): boolean {
  return !/[^\p{Script=Latin}\p{N}\p{P}\p{S}\p{Z}\p{M}]/u.test(text);
}
