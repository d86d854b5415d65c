/**
 * Street addresses to OAM Location assets: the built-in international parser (postal code, city,
 * province, country, street) for one-line addresses, and the structured variant for callers that
 * already have the parts. Both share one normalisation of the fields.
 *
 * The `address` written here is the source's spelling (white space collapsed); the entity id is
 * not built here but by `entityIdOf`, which folds `address` with `locationKeyOfText`
 * (src/shared/identity/location.ts), so every source's spelling of one address is one node.
 */
import type { Location } from '../../shared/model/asset';
import { canonicalCountry } from '../../shared/identity/country';
import { withoutCountryPrefix } from '../../shared/identity/location';
import { findCountryCode } from './country';
import { normalizeSpaces } from '../../shared/util/text';
import {
  POSTAL_PATTERNS,
  SHAPED_POSTAL,
  DIGIT_POSTAL,
  US_STATES,
  SUBDIVISION_CODES,
  ALL_SUBDIVISION_CODES,
  STREET_SUFFIXES,
  STREET_ENDINGS,
  STREET_PREFIXES,
  DIRECTIONS,
} from './address-tables';

export interface LocationParts {
  street?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  country?: string;
}

/** An LEI registry address (the `legalAddress`/`headquartersAddress` object of a record). */
export interface LeiAddress {
  addressLines?: string[];
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
}

interface Token {
  text: string;
  segment: number;
}

/** White space collapsed and trimmed, after NFKC. */
export function normalizeAddressText(text: string): string {
  return normalizeSpaces(text);
}

/**
 * Parses a one-line address ("One Microsoft Way Redmond WA 98052-6399 US" or "1600 Amphitheatre
 * Parkway, Mountain View, CA, 94043, US") into a Location whose `address` is the normalised input. Fields
 * that cannot be told apart are left out (city is '' when unknown). Empty text gives undefined.
 */
export function streetAddressToLocation(address: string): Location | undefined {
  const text = normalizeAddressText(address);
  return text === '' ? undefined : buildLocation(text, parseAddress(text));
}

/**
 * A Location from parts the caller already has (WHOIS fields, vCard ADR, LEI records). Its
 * `address` is the parts in the order street, city, province, postal code, country, joined by
 * single spaces: the same layout as `buildLeiAddressString` (the id folds spelling differences).
 */
export function locationFromParts(parts: LocationParts): Location | undefined {
  const key = [
    parts.street,
    parts.city,
    stripRegionPrefix(parts.province ?? ''),
    parts.postalCode,
    parts.country,
  ]
    .map((part) => normalizeAddressText(part ?? ''))
    .filter((part) => part !== '')
    .join(' ');
  return key === '' ? undefined : buildLocation(key, parts);
}

/**
 * The one-line layout of an LEI address: address lines, city, region without its country prefix
 * (`US-WA` gives `WA`), postal code, country; one space between parts, empty parts skipped.
 */
export function buildLeiAddressString(address: LeiAddress): string {
  return [
    ...(address.addressLines ?? []),
    address.city,
    stripRegionPrefix(address.region ?? ''),
    address.postalCode,
    address.country,
  ]
    .map((part) => normalizeAddressText(part ?? ''))
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The Location of an LEI address from its structured fields. Its `address` is exactly
 * `buildLeiAddressString(address)`, and its province the region without its country prefix.
 */
export function leiAddressToLocation(address: LeiAddress): Location | undefined {
  const key = buildLeiAddressString(address);
  if (key === '') {
    return undefined;
  }
  const street = (address.addressLines ?? []).map((line) => normalizeAddressText(line)).join(' ');
  return buildLocation(key, {
    street,
    city: address.city ?? '',
    province: stripRegionPrefix(address.region ?? ''),
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
  });
}

// Normalised first, so a full-width or padded "ＵＳ-ＷＡ" loses its prefix like "US-WA" does.
function stripRegionPrefix(region: string): string {
  return withoutCountryPrefix(normalizeAddressText(region));
}

/** The one normalisation of Location fields, shared by both entry points. */
function buildLocation(address: string, parts: LocationParts): Location {
  const location: Location = { address, city: normalizeAddressText(parts.city ?? '') };
  const country = normalizeAddressText(parts.country ?? '');
  if (country !== '') {
    // The maintained table first (every ISO name, ten languages), the parser's table after it.
    location.country = canonicalCountry(country) ?? findCountryCode(country) ?? country;
  }
  const province = normalizeAddressText(stripRegionPrefix(parts.province ?? ''));
  if (province !== '') {
    location.province = province;
  }
  const postalCode = normalizeAddressText(parts.postalCode ?? '').toUpperCase();
  if (postalCode !== '') {
    location.postal_code = postalCode;
  }
  Object.assign(location, parseStreet(normalizeAddressText(parts.street ?? '')));
  return location;
}

type StreetFields = Pick<Location, 'building' | 'building_number' | 'street_name' | 'unit' | 'po_box'>;

function parseStreet(street: string): StreetFields {
  const fields: StreetFields = {};
  if (street === '') {
    return fields;
  }
  let rest = street;
  const poBox =
    /\b(?:(?:P\.?\s?O\.?\s?)?Box|Post(?:fach| Office Box)|Caixa Postal|B\.?P\.?)\s*(\d[\w-]*)/iu.exec(rest);
  if (poBox?.[1] !== undefined) {
    fields.po_box = poBox[1];
    rest = rest.replace(poBox[0], ' ');
  }
  const unit = /\b(?:Suite|Ste\.?|Unit|Apt\.?|Apartment|Floor|Fl\.?|Level|Room|Rm\.?)\s+[\w-]+/iu.exec(rest);
  if (unit !== null) {
    fields.unit = unit[0];
    rest = rest.replace(unit[0], ' ');
  }
  const segments = rest
    .split(',')
    .map((segment) => normalizeAddressText(segment))
    .filter((segment) => segment !== '');
  // "7, Rue du Marché": a lone house number belongs to the next segment.
  for (let index = segments.length - 2; index >= 0; index--) {
    if (/^\d+[A-Za-z]?$/.test(segments[index] ?? '')) {
      segments.splice(index, 2, `${segments[index] ?? ''} ${segments[index + 1] ?? ''}`);
    }
  }
  const others: string[] = [];
  for (const segment of segments) {
    const leading = /^(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)*)\s+(\D.*)$/u.exec(segment);
    const trailing = /^(\D.*?)\s+(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)$/u.exec(segment);
    const match = leading ?? trailing;
    if (fields.street_name === undefined && match?.[1] !== undefined && match[2] !== undefined) {
      fields.building_number = leading === null ? match[2] : match[1];
      fields.street_name = leading === null ? match[1] : match[2];
    } else {
      others.push(segment);
    }
  }
  if (fields.street_name === undefined && others.length > 0) {
    fields.street_name = others.shift() ?? '';
  }
  if (others.length > 0) {
    fields.building = others.join(', ');
  }
  return fields;
}

function parseAddress(text: string): LocationParts {
  const tokens: Token[] = [];
  text.split(',').forEach((segment, index) => {
    for (const word of segment.split(' ')) {
      if (word !== '') {
        tokens.push({ text: word, segment: index });
      }
    }
  });
  const parts: LocationParts = {};
  const commaForm = new Set(tokens.map((token) => token.segment)).size > 1;

  const country = takeCountry(tokens);
  if (country !== undefined) {
    parts.country = country;
  }
  const countryCode = country === undefined ? undefined : findCountryCode(country);
  const postal = findPostalCode(tokens, countryCode);
  let cityTokens: Token[];
  let streetTokens: Token[];
  if (postal !== undefined) {
    parts.postalCode = joinTokens(tokens.slice(postal.start, postal.end));
    const segment = tokens[postal.start]?.segment;
    const after = tokens.slice(postal.end).filter((token) => token.segment === segment);
    const before = tokens.slice(0, postal.start);
    const province = takeProvince(
      before,
      countryCode,
      after.length === 0 &&
        (before[before.length - 1]?.segment === segment || isAlone(before, before.length - 1)),
    );
    if (province !== undefined) {
      parts.province = province;
    }
    if (after.length > 0) {
      cityTokens = after;
      streetTokens = before;
    } else {
      [streetTokens, cityTokens] = splitCity(before, commaForm);
    }
  } else {
    const province = takeProvince(tokens, countryCode, false);
    if (province !== undefined) {
      parts.province = province;
    }
    [streetTokens, cityTokens] = splitCity(tokens, commaForm);
  }
  if (cityTokens.length > 0) {
    parts.city = joinTokens(cityTokens);
  }
  const street = joinTokens(streetTokens);
  if (street !== '') {
    parts.street = street;
  }
  return parts;
}

function joinTokens(tokens: Token[]): string {
  let text = '';
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    text +=
      index === 0 ? token.text : previous?.segment === token.segment ? ` ${token.text}` : `, ${token.text}`;
  });
  return text;
}

/** Removes and returns the country at the end: a whole last segment, or its last 1-4 words. */
function takeCountry(tokens: Token[]): string | undefined {
  for (let count = Math.min(4, tokens.length - 1); count >= 1; count--) {
    const tail = tokens.slice(tokens.length - count);
    if (tail.some((token) => token.segment !== tail[0]?.segment)) {
      continue;
    }
    const text = tail.map((token) => token.text).join(' ');
    const code = findCountryCode(text);
    if (code === undefined) {
      continue;
    }
    const upper = text.toUpperCase();
    if (text.length <= 3 && text !== upper) {
      continue; // short codes only when written as codes, so "de" or "in" stay words
    }
    if (text.length === 2 && ALL_SUBDIVISION_CODES.has(upper)) {
      // "CA" is California or Canada: a country only right after a postal code.
      const previous = tokens[tokens.length - count - 1]?.text ?? '';
      const beforePrevious = tokens[tokens.length - count - 2]?.text ?? '';
      if (!looksLikePostalCode(previous) && !looksLikePostalCode(`${beforePrevious} ${previous}`)) {
        continue;
      }
    }
    tokens.splice(tokens.length - count, count);
    return text;
  }
  return undefined;
}

function looksLikePostalCode(text: string): boolean {
  return (
    DIGIT_POSTAL.test(text) ||
    /^\d{3} \d{2}$/.test(text) ||
    SHAPED_POSTAL.some((pattern) => pattern.test(text)) ||
    /^\d[A-Z]{2}$/i.test(text)
  );
}

/** The last token range that reads as a postal code, not a leading house number. */
function findPostalCode(
  tokens: Token[],
  country: string | undefined,
): { start: number; end: number } | undefined {
  const own = country === undefined ? undefined : POSTAL_PATTERNS[country];
  const matches = (text: string, shapedOnly: boolean): boolean =>
    own !== undefined
      ? own.test(text)
      : SHAPED_POSTAL.some((p) => p.test(text)) || (!shapedOnly && DIGIT_POSTAL.test(text));
  for (let start = tokens.length - 1; start >= 0; start--) {
    for (const span of [2, 1]) {
      const range = tokens.slice(start, start + span);
      if (range.length !== span || range.some((token) => token.segment !== range[0]?.segment)) {
        continue;
      }
      const text = range.map((token) => token.text).join(' ');
      if (span === 2 && /^\d+$/.test(range[1]?.text ?? '') && !/[A-Za-z]/.test(text)) {
        // two digit groups: only Sweden and India write codes that way
        if (!matches(text, true) || (country !== 'SE' && country !== 'IN')) {
          continue;
        }
      }
      if (!matches(text, false)) {
        continue;
      }
      const first = tokens[start];
      const next = tokens[start + span];
      // A number opening the address and followed by words is a house number ("1600 Amphitheatre").
      if (start === 0 && next !== undefined && next.segment === first?.segment && !/[A-Za-z]/.test(text)) {
        continue;
      }
      return { start, end: start + span };
    }
  }
  return undefined;
}

/** Removes and returns the province at the end of `tokens` (just before the postal code). */
// `regionSlot`: the registry layout (city, region, postal code), where a short code or number
// right before the postal code is the region.
function takeProvince(tokens: Token[], country: string | undefined, regionSlot: boolean): string | undefined {
  if (tokens.length < 2) {
    return undefined;
  }
  // Full US state names ("New York", "California") as a whole segment or the last words.
  if (country === undefined || country === 'US') {
    for (let count = Math.min(3, tokens.length - 1); count >= 1; count--) {
      const tail = tokens.slice(tokens.length - count);
      const name = tail
        .map((token) => token.text)
        .join(' ')
        .toLowerCase();
      const segment = tail[0]?.segment;
      const wholeSegment =
        tail.every((token) => token.segment === segment) &&
        tokens[tokens.length - count - 1]?.segment !== segment;
      if (US_STATES[name] !== undefined && wholeSegment) {
        tokens.splice(tokens.length - count, count);
        return tail.map((token) => token.text).join(' ');
      }
    }
  }
  const last = tokens[tokens.length - 1];
  if (last === undefined) {
    return undefined;
  }
  const known = country === undefined ? ALL_SUBDIVISION_CODES : SUBDIVISION_CODES[country];
  const isCode =
    (known?.has(last.text.toUpperCase()) === true && last.text === last.text.toUpperCase()) ||
    (/^[A-Z]{2,3}$/.test(last.text) && (country === undefined || SUBDIVISION_CODES[country] === undefined)) ||
    (regionSlot && /^(?:[A-Z]{1,3}|\d{1,2})$/.test(last.text));
  if (!isCode) {
    return undefined;
  }
  tokens.pop();
  return last.text;
}

function isAlone(tokens: Token[], index: number): boolean {
  const segment = tokens[index]?.segment;
  return tokens[index - 1]?.segment !== segment && tokens[index + 1]?.segment !== segment;
}

/**
 * Splits the tokens before the postal code into street and city: with commas the last segment is
 * the city unless it reads as a street; within one run of words the city follows the last
 * street-type word or house number.
 */
function splitCity(tokens: Token[], commaForm: boolean): [Token[], Token[]] {
  const lastSegment = tokens[tokens.length - 1]?.segment;
  const firstOfLast = tokens.findIndex((token) => token.segment === lastSegment);
  if (firstOfLast < 0) {
    return [[], []];
  }
  const earlier = tokens.slice(0, firstOfLast);
  const last = tokens.slice(firstOfLast);
  if (commaForm && !isStreetLike(last)) {
    return [earlier, last];
  }
  const [street, city] = splitRun(last);
  return [[...earlier, ...street], city];
}

function splitRun(tokens: Token[]): [Token[], Token[]] {
  if (tokens.length <= 1) {
    return [[], tokens];
  }
  const leadingNumber = /^\d/.test(tokens[0]?.text ?? '');
  let boundary = -1;
  tokens.forEach((token, index) => {
    const word = token.text.toLowerCase().replace(/[.,]$/, '');
    // "Boulevard Haussmann", "8 Rue ...", "Platz der Republik": a street word opening the street.
    const opensStreet = index === 0 || (index === 1 && leadingNumber);
    if (
      ((STREET_SUFFIXES.has(word) || STREET_ENDINGS.test(word)) && !opensStreet) ||
      (/\d/.test(word) && index > 0)
    ) {
      boundary = index;
    }
  });
  while (
    boundary >= 0 &&
    DIRECTIONS.has(tokens[boundary + 1]?.text.toLowerCase() ?? '') &&
    boundary + 2 < tokens.length
  ) {
    boundary++;
  }
  if (boundary === tokens.length - 1) {
    return [tokens, []];
  }
  return boundary < 0
    ? [tokens.slice(0, -1), tokens.slice(-1)]
    : [tokens.slice(0, boundary + 1), tokens.slice(boundary + 1)];
}

function isStreetLike(tokens: Token[]): boolean {
  return (
    /^\d/.test(tokens[0]?.text ?? '') ||
    tokens.some((token) => {
      const word = token.text.toLowerCase().replace(/[.,]$/, '');
      return STREET_SUFFIXES.has(word) || STREET_ENDINGS.test(word) || STREET_PREFIXES.has(word);
    })
  );
}
