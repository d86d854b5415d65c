/** Brand-name extraction: an organisation name without its trailing legal-form suffix. */

/**
 * Legal-form suffixes removed by `extractBrandName`, longest spellings first so that
 * "S.A.R.L" wins over "S.A.". Matched case-insensitively; dots are literal, inner spaces flexible.
 * "Corporation", "Company" and "Group" are deliberately absent: they are part of many brands.
 */
export const LEGAL_SUFFIXES: readonly string[] = [
  'incorporated',
  's.a. r.l',
  's.a.r.l',
  'sa rl',
  'sarl',
  'gmbh',
  'inc',
  'llc',
  'ltd',
  'plc',
  's.a.',
  'eci',
  'co',
  'sa',
  'ag',
  'ab',
  'oy',
];

function escapeSuffix(suffix: string): string {
  return suffix.replace(/[.]/g, '\\.').replace(/ /g, '\\s+');
}

// The brand must end in something other than a separator, so "Acme, Inc." keeps no comma.
const BRAND_WITH_SUFFIX = new RegExp(
  `^(.*[^\\s,])[\\s,]+(?:${LEGAL_SUFFIXES.map(escapeSuffix).join('|')})[.,\\s]*$`,
  'isu',
);

/**
 * Removes one legal suffix at the end of a name, after a space or a comma, with an optional
 * trailing "." or ",". Works on any script ("Société Générale SA" gives "Société Générale").
 * A name that is only a suffix, or has none, comes back trimmed and otherwise unchanged.
 */
export function extractBrandName(name: string): string {
  const match = BRAND_WITH_SUFFIX.exec(name);
  const brand = match?.[1];
  return brand === undefined ? name.trim() : brand.trim();
}

/** True when the name ends in one of the legal suffixes (used to spot organisation names). */
export function hasLegalSuffix(name: string): boolean {
  return BRAND_WITH_SUFFIX.test(name);
}
