/** Phone numbers to OAM Phone assets, through libphonenumber (E.164). */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Phone } from '../../shared/model/asset';
import { findCountryCode } from './country';

export interface PhoneOptions {
  type: 'phone' | 'fax';
  /** Default region for national numbers: an ISO alpha-2 code or a country name. */
  country?: string;
  /** Extension given separately (WHOIS `Phone Ext:` fields). */
  ext?: string;
}

/**
 * Parses a phone number as found in WHOIS ("+1.7035555555"), vCards ("tel:+1-703-555-5555;ext=123")
 * or free text, and returns a Phone keyed by `raw` = E.164 plus " Ext. <ext>" when there is an
 * extension. Invalid or unparseable numbers give undefined. `country_abbrev` is the number's own
 * region when the metadata tells it (else the given country), so it is never a wrong caller guess.
 */
export function phoneToAsset(number: string, options: PhoneOptions): Phone | undefined {
  const text = number.normalize('NFKC').trim();
  if (text === '' || text.length > 100) {
    return undefined;
  }
  const defaultCountry =
    options.country === undefined ? undefined : (findCountryCode(options.country) as CountryCode | undefined);
  const parsed = parsePhoneNumberFromString(text, defaultCountry === undefined ? {} : { defaultCountry });
  if (parsed === undefined || !parsed.isValid()) {
    return undefined;
  }
  const given = options.ext?.trim();
  const ext = parsed.ext ?? (given === undefined || given === '' ? undefined : given);
  const e164 = parsed.number;
  const phone: Phone = {
    type: options.type,
    raw: ext === undefined ? e164 : `${e164} Ext. ${ext}`,
    e164,
    country_code: Number(parsed.countryCallingCode),
  };
  const region = parsed.country ?? defaultCountry;
  if (region !== undefined) {
    phone.country_abbrev = region.toUpperCase();
  }
  if (ext !== undefined) {
    phone.ext = ext;
  }
  return phone;
}
