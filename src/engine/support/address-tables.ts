/**
 * Data tables of the international street-address parser (location.ts): postal-code shapes per
 * country, US states, subdivision codes and street words. Data, not logic.
 */
export const POSTAL_PATTERNS: Record<string, RegExp> = {
  US: /^\d{5}(?:-\d{4})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  IE: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/i,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  JP: /^〒?\d{3}-?\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  SE: /^\d{3} ?\d{2}$/,
  LU: /^(?:L-)?\d{4}$/i,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  KR: /^\d{5}$/,
  MX: /^\d{5}$/,
  AU: /^\d{4}$/,
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  CH: /^\d{4}$/,
  DK: /^\d{4}$/,
  NO: /^\d{4}$/,
  NZ: /^\d{4}$/,
  ZA: /^\d{4}$/,
  IN: /^\d{3} ?\d{3}$/,
  CN: /^\d{6}$/,
  SG: /^\d{6}$/,
  RU: /^\d{6}$/,
};
// With the country unknown: codes with letters or separators first, then plain digit groups.
export const SHAPED_POSTAL = [
  POSTAL_PATTERNS.CA,
  POSTAL_PATTERNS.GB,
  POSTAL_PATTERNS.NL,
  /^\d{3}-\d{4}$/,
  /^\d{5}-\d{3,4}$/,
  /^\d{2}-\d{3}$/,
  /^\d{4}-\d{3}$/,
] as RegExp[];
export const DIGIT_POSTAL = /^\d{4,6}$/;

export const US_STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
};
export const SUBDIVISION_CODES: Record<string, ReadonlySet<string>> = {
  US: new Set(Object.values(US_STATES)),
  CA: new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']),
  AU: new Set(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']),
  BR: new Set('AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ')),
};
export const ALL_SUBDIVISION_CODES: ReadonlySet<string> = new Set(
  Object.values(SUBDIVISION_CODES).flatMap((codes) => [...codes]),
);

// Street-type words that end a street name ("Microsoft Way"), and word endings that do ("Hauptstraße").
export const STREET_SUFFIXES: ReadonlySet<string> = new Set(
  (
    'way street st avenue ave road rd parkway pkwy boulevard blvd drive dr lane ln place pl court ct ' +
    'square sq terrace highway hwy plaza circle cir alley row crescent close mews broadway walk wharf ' +
    'quay embankment hill gardens park centre center campus'
  ).split(' '),
);
export const STREET_ENDINGS =
  /(?:straße|strasse|str\.?|weg|platz|allee|damm|gasse|ufer|straat|laan|plein|gracht|kade|singel)$/iu;
// Street-type words that open a street name ("Rue du Marché", "Via Roma"): a segment holding one is a street.
export const STREET_PREFIXES: ReadonlySet<string> = new Set(
  'rue via viale calle rua avenida av avda strada piazza jalan ulica ul carrer quai allée chemin'.split(' '),
);
export const DIRECTIONS: ReadonlySet<string> = new Set(
  'north south east west n s e w ne nw se sw'.split(' '),
);
