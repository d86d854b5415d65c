/**
 * Countries as ISO 3166-1 alpha-2 codes, from a maintained table (i18n-iso-countries) rather than
 * a hand-kept list: alpha-2, alpha-3 and numeric codes, and names in the languages registries
 * write addresses in. WHOIS and RDAP replies say "DE", "DEU", "Germany", "Deutschland" or
 * "Allemagne" for one country; a Location's identity must not depend on which.
 */
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import ja from 'i18n-iso-countries/langs/ja.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import { foldForComparison } from '../util/text';

const LOCALES = [en, de, fr, es, it, nl, pt, ru, ja, zh];
for (const locale of LOCALES) {
  countries.registerLocale(locale);
}

/** Spellings no table lists, seen in registry replies. */
const EXTRA_NAMES: Record<string, string> = {
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  usa: 'US',
  'u s a': 'US',
  'u s': 'US',
  america: 'US',
  holland: 'NL',
  'south korea': 'KR',
  'republic of korea': 'KR',
  korea: 'KR',
  russia: 'RU',
  'czech republic': 'CZ',
};

/** The ISO alpha-2 code of a country code or name, or undefined when it is not recognisably one. */
export function canonicalCountry(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') {
    return undefined;
  }
  if (/^[a-z]{2}$/i.test(trimmed)) {
    const code = trimmed.toUpperCase();
    // UK is not ISO (GB is) but registries print it; EU and similar are not countries.
    if (code === 'UK') {
      return 'GB';
    }
    return countries.isValid(code) ? code : undefined;
  }
  if (/^[a-z]{3}$/i.test(trimmed)) {
    const code = countries.alpha3ToAlpha2(trimmed.toUpperCase());
    if (code !== undefined) {
      return code;
    }
  }
  if (/^\d{3}$/.test(trimmed)) {
    return countries.numericToAlpha2(trimmed);
  }
  const folded = foldForComparison(trimmed);
  const extra = EXTRA_NAMES[folded];
  if (extra !== undefined) {
    return extra;
  }
  return namesIndex().get(trimmed.toLowerCase()) ?? namesIndex().get(nameKey(trimmed));
}

/**
 * Country names of every registered locale by lower-case spelling and by `nameKey`, built once on
 * first use. The library's own name lookups scan every name of a locale per call (about 10 ms for
 * a word that is not a country across ten locales), and Location ids look up the last words of
 * every address. Locales are indexed in order and the first spelling wins, as the scan did.
 */
let names: Map<string, string> | undefined;
function namesIndex(): Map<string, string> {
  if (names === undefined) {
    names = new Map();
    for (const locale of LOCALES) {
      for (const [code, spellings] of Object.entries(countries.getNames(locale.locale, { select: 'all' }))) {
        for (const spelling of [spellings].flat()) {
          for (const key of [spelling.toLowerCase(), nameKey(spelling)]) {
            if (!names.has(key)) {
              names.set(key, code);
            }
          }
        }
      }
    }
  }
  return names;
}

/** A name without case, Latin accents and punctuation: "Côte d'Ivoire" is "cote d ivoire". */
function nameKey(name: string): string {
  return foldForComparison(
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC'),
  );
}
