/** Country recognition: ISO 3166-1 alpha-2 codes from codes, common alpha-3 codes and names. */
import { getCountries } from 'libphonenumber-js/max';
import { normalizeSpaces } from '../../shared/util/text';

const ALPHA3: Record<string, string> = {
  USA: 'US',
  GBR: 'GB',
  DEU: 'DE',
  FRA: 'FR',
  NLD: 'NL',
  JPN: 'JP',
  BRA: 'BR',
  AUS: 'AU',
  CAN: 'CA',
  CHN: 'CN',
  IND: 'IN',
  IRL: 'IE',
  ITA: 'IT',
  ESP: 'ES',
  CHE: 'CH',
  AUT: 'AT',
  BEL: 'BE',
  SWE: 'SE',
  NOR: 'NO',
  DNK: 'DK',
  FIN: 'FI',
  POL: 'PL',
  PRT: 'PT',
  LUX: 'LU',
  SGP: 'SG',
  KOR: 'KR',
  MEX: 'MX',
  RUS: 'RU',
  ZAF: 'ZA',
  NZL: 'NZ',
  HKG: 'HK',
  ISR: 'IL',
};

// Names and spellings seen in registry and WHOIS data that the English display names miss.
const ALIASES: Record<string, string> = {
  'united states of america': 'US',
  'u.s.a.': 'US',
  'u.s.a': 'US',
  'u.s.': 'US',
  america: 'US',
  'united kingdom of great britain and northern ireland': 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  uk: 'GB',
  'u.k.': 'GB',
  deutschland: 'DE',
  'federal republic of germany': 'DE',
  'the netherlands': 'NL',
  nederland: 'NL',
  holland: 'NL',
  'république française': 'FR',
  'republique francaise': 'FR',
  brasil: 'BR',
  nippon: 'JP',
  日本: 'JP',
  españa: 'ES',
  italia: 'IT',
  schweiz: 'CH',
  suisse: 'CH',
  österreich: 'AT',
  'korea, republic of': 'KR',
  'republic of korea': 'KR',
  'south korea': 'KR',
  'russian federation': 'RU',
  "people's republic of china": 'CN',
  'hong kong sar china': 'HK',
  'czech republic': 'CZ',
};

const REGIONS: ReadonlySet<string> = new Set(getCountries());
let namesByLowerCase: Map<string, string> | undefined;

function countryNames(): Map<string, string> {
  if (namesByLowerCase === undefined) {
    namesByLowerCase = new Map(Object.entries(ALIASES));
    const display = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of REGIONS) {
      const name = display.of(code);
      if (name !== undefined && name !== code) {
        namesByLowerCase.set(name.toLowerCase(), code);
      }
    }
  }
  return namesByLowerCase;
}

/** True when the text is an ISO alpha-2 region code known to the phone metadata (any case). */
export function isCountryCode(text: string): boolean {
  return REGIONS.has(text.toUpperCase());
}

/**
 * The ISO alpha-2 code for a country code or name ("us", "USA", "Deutschland", "United
 * Kingdom"), or undefined when the text is not recognisably a country.
 */
export function findCountryCode(text: string): string | undefined {
  const value = normalizeSpaces(text);
  if (value === '') {
    return undefined;
  }
  const upper = value.toUpperCase();
  if (upper.length === 2 && REGIONS.has(upper)) {
    return upper;
  }
  const alpha3 = ALPHA3[upper];
  if (alpha3 !== undefined) {
    return alpha3;
  }
  return countryNames().get(value.toLowerCase());
}
