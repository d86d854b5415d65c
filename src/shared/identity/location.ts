/**
 * A Location's identity. The same street address arrives from GLEIF in upper case with its
 * lines joined by spaces ("ONE MICROSOFT WAY REDMOND WA 98052-8300 US") and from WHOIS or RDAP in
 * mixed case with commas ("One Microsoft Way, Redmond, WA, 98052-8300, United States"); both must
 * be one node. The key folds what does not tell two places apart: Unicode compatibility forms
 * (NFKC), case, Latin accents, punctuation, line breaks and spacing, and the spelling of the
 * country at the end (alpha-2 from the maintained table). Everything else (house number, street,
 * city, province, postal code) stays, so two addresses that differ in any of them stay two.
 *
 * The key is computed from the one-line text alone (the Location's `address`), not from parsed
 * parts: parsers split street and city differently per source, the text does not depend on it.
 */
import { canonicalCountry } from './country';

/** The most words a country name at the end of an address is looked up with. */
const LONGEST_COUNTRY_TAIL = 4;

/**
 * Folds one address text: NFKC, case-folded, ß as ss, accents of Latin letters dropped
 * ("Zürich" and "Zurich" are one city in registry data), punctuation and line breaks to spaces.
 */
export function foldAddressText(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      // Only the combining diacritics block: Japanese voicing marks (U+3099) must stay.
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .replace(/[\p{P}\p{S}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
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

/**
 * A region without the ISO country prefix registries put before it: GLEIF writes `US-WA` where a
 * WHOIS reply writes `WA`. Text that is not `<country code>-<rest>` is returned as it is.
 */
export function withoutCountryPrefix(region: string): string {
  // Upper case only, as ISO 3166-2 writes it: "Al-Qassim" is a name, not Albania's region "Qassim".
  const match = /^\s*([A-Z]{2})-(.+)$/.exec(region.normalize('NFKC'));
  return match?.[1] !== undefined && match[2] !== undefined && canonicalCountry(match[1]) !== undefined
    ? match[2].trim()
    : region;
}

/**
 * The canonical key of an address given in parts (empty parts are skipped): the parts joined in
 * the one-line order street, city, province, postal code, country, then `locationKeyOfText`.
 */
export function locationKey(parts: AddressParts): string {
  return locationKeyOfText(
    [
      ...(parts.lines ?? []),
      parts.city,
      parts.province === undefined ? undefined : withoutCountryPrefix(parts.province),
      parts.postalCode,
      parts.country,
    ]
      .filter((part): part is string => part !== undefined && part.trim() !== '')
      .join(' '),
  );
}

/**
 * The canonical key of an address written as one text: folded, and a trailing country name or
 * code (alpha-2, alpha-3) replaced by its alpha-2 code, so that "..., Germany", "... DEU" and
 * "... DE" agree. A text that is only a country ("United Kingdom") is keyed by its code ("gb").
 */
export function locationKeyOfText(address: string): string {
  const folded = foldAddressText(address);
  if (folded === '') {
    return folded;
  }
  const words = folded.split(' ');
  for (let take = Math.min(LONGEST_COUNTRY_TAIL, words.length); take >= 1; take -= 1) {
    const tail = words.slice(-take).join(' ');
    // Letters only: a trailing number is a postal code or house number, not an ISO numeric code.
    const code = /^[\p{L} ]+$/u.test(tail) ? canonicalCountry(tail) : undefined;
    if (code !== undefined) {
      return [...words.slice(0, -take), code.toLowerCase()].join(' ');
    }
  }
  return folded;
}
