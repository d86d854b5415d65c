/**
 * Brand-name extraction (the spec's "Extract brand name"): an organisation name without the legal
 * form at its end. The spec names a fixed list of suffixes (Inc, LLC, LTD, PLC, SA, S.A., AG,
 * GmbH, AB, Oy, SARL, S.A.R.L.); the rule here is the general one it samples: remove a legal form
 * the ISO 20275 ELF code list knows (shared/names/legal-forms.ts, docs/resolution.md), so
 * "Siemens Aktiengesellschaft", "Acme Sp. z o.o." and "Foo A.G." lose theirs too.
 */
import { splitLegalForm } from '../../shared/names/legal-forms';

/**
 * Removes one legal form at the end of a name (or an abbreviation before it: "PT Shell
 * Indonesia"), with the separators before it. Works on any script ("Société Générale SA" gives
 * "Société Générale"). A name that is only a legal form, or has none, comes back trimmed.
 */
export function extractBrandName(name: string): string {
  return splitLegalForm(name).brand;
}

/**
 * The spec's suffixes (and a few common English ones), used to tell an organisation from a
 * person in a WHOIS or RDAP contact. Deliberately not the whole ELF list: its two-letter
 * abbreviations ("Ky", "Sa", "Da") are surnames too, and a person taken for a company is lost.
 */
const ORGANISATION_SUFFIX =
  /[\s,]+(?:incorporated|s\.a\.\s*r\.l|s\.a\.r\.l|sa\s+rl|sarl|gmbh|inc|llc|ltd|plc|s\.a\.|eci|co|sa|ag|ab|oy)[.,\s]*$/iu;

/** True when the name ends in one of those suffixes after a word (used to spot organisations). */
export function hasLegalSuffix(name: string): boolean {
  return /[^\s,]/u.test(name.replace(ORGANISATION_SUFFIX, '')) && ORGANISATION_SUFFIX.test(name);
}
