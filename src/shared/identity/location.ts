/**
 * A Location's identity. The same street address arrives from GLEIF in upper case with its
 * lines joined by spaces ("ONE MICROSOFT WAY REDMOND WA 98052-6399 US") and from WHOIS in mixed
 * case with commas ("One Microsoft Way, Redmond, WA, 98052-6399, US"); both must be one node.
 * The key folds what does not tell two places apart: Unicode compatibility forms (NFKC), case,
 * punctuation, line breaks and spacing, and the country's spelling (alpha-2 from the table).
 */
import { canonicalCountry } from './country';

/** Folds one address text: NFKC, case-folded, punctuation and line breaks to single spaces. */
export function foldAddressText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface AddressParts {
  /** Street lines in order (several lines are joined one way: a space). */
  lines?: string[];
  city?: string;
  province?: string;
  postalCode?: string;
  /** A country code or name; stored as ISO alpha-2 when recognised. */
  country?: string;
}

/** The canonical key of an address given in parts (empty parts are skipped). */
export function locationKey(parts: AddressParts): string {
  const country =
    parts.country === undefined ? undefined : (canonicalCountry(parts.country) ?? parts.country);
  return foldAddressText(
    [...(parts.lines ?? []), parts.city, parts.province, parts.postalCode, country]
      .filter((part): part is string => part !== undefined && part.trim() !== '')
      .join(' '),
  );
}

/**
 * The canonical key of an address already written as one text: folded, and a trailing country
 * name or alpha-3 code replaced by its alpha-2 code so that "..., Germany" and "... DE" agree.
 */
export function locationKeyOfText(address: string): string {
  const folded = foldAddressText(address);
  const words = folded.split(' ');
  for (let take = Math.min(3, words.length - 1); take >= 1; take -= 1) {
    const tail = words.slice(-take).join(' ');
    if (take === 1 && tail.length === 2) {
      break;
    }
    const code = canonicalCountry(tail);
    if (code !== undefined) {
      return [...words.slice(0, -take), code.toLowerCase()].join(' ');
    }
  }
  return folded;
}
