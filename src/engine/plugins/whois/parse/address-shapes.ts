/**
 * Shapes of unlabelled address lines, as pure functions: each recognises one layout registries
 * use and says which line is what, or returns undefined when the lines are not that shape.
 */

/** The parts of an address one shape recognised; `street` keeps its lines in order. */
export interface AddressParts {
  street: string[];
  city?: string | undefined;
  province?: string | undefined;
  postalCode?: string | undefined;
  country?: string | undefined;
}

/** `San Francisco, CA 94108`, `Boise, ID 83709-1433`. */
export const CITY_STATE_ZIP = /^([^\d,]+),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
/** `75008 Paris`, `CN-41000 Changsha`, `SE-164 40 Kista`. */
export const ZIP_CITY = /^((?:[A-Z]{1,2}-)?\d{3,6}(?: \d{2})?)\s+(\p{L}[\p{L} .'-]*)$/u;
/** The first line of a street address: a house number, a post-office box, a `c/o`. */
export const STREET_START = /^(?:\d|p\.?\s?o\.?\s?box\b|c\/o\b)/i;
/** A postcode alone on its line: `94043`, `83709-1433`, `OX4 4DQ`, `SW1A 1AA`. */
const POSTCODE = /^(?=[A-Z]{0,4}\d)[A-Z\d]{2,5}(?:[ -][A-Z\d]{2,4})?$/;

/**
 * `<street lines>`, `<city>`, [`<county or state>`], `<postcode>`, `<country>`, one to a line
 * (Nominet's layout, and registries that print each address part on its own line): with three
 * or more lines before the postcode the last is the county or state.
 */
export function postcodeCountry(lines: string[]): AddressParts | undefined {
  const country = lines.at(-1);
  const postalCode = lines.at(-2);
  if (lines.length < 4 || country === undefined || postalCode === undefined || /\d/.test(country)) {
    return undefined;
  }
  if (!POSTCODE.test(postalCode)) {
    return undefined;
  }
  const street = lines.slice(0, -2);
  const province = street.length >= 3 ? street.pop() : undefined;
  const city = street.pop();
  return { street, city, province, postalCode, country };
}

/**
 * `<street lines>`, `<city>,`, `<country>` (a city line ending in a comma, then a last line
 * without digits, as .tr writes it).
 */
export function cityCommaCountry(lines: string[]): AddressParts | undefined {
  const country = lines.at(-1);
  const city = lines.at(-2);
  if (lines.length < 3 || country === undefined || city === undefined || /\d/.test(country)) {
    return undefined;
  }
  if (!city.endsWith(',') || /\d/.test(city) || city.slice(0, -1).includes(',')) {
    return undefined;
  }
  return { street: lines.slice(0, -2), city: city.slice(0, -1), country };
}

/**
 * `<street lines>`, `03110 KYIV`, `UA`: a postal code and city, then a country code (RPSL
 * contact objects). Only for lines known to be in street-first order: a Japanese address
 * (`Mountain View`, `1600 Amphitheatre Parkway`, `CA`) has the same look the other way round.
 */
export function zipCityCountryCode(lines: string[]): AddressParts | undefined {
  const zipCity = ZIP_CITY.exec(lines.at(-2) ?? '');
  const country = lines.at(-1) ?? '';
  if (lines.length < 3 || zipCity === null || !/^[A-Z]{2}$/.test(country)) {
    return undefined;
  }
  return { street: lines.slice(0, -2), postalCode: zipCity[1], city: zipCity[2], country };
}
