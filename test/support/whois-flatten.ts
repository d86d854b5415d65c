/** The parsed reply as a flat field table (tests and the accuracy bench compare these). */
import { WHOIS_ROLES, type ContactField, type ParsedWhois } from '../../src/engine/plugins/whois/parse/types';

const CONTACT_FIELD_NAMES: Record<ContactField, string> = {
  id: 'id',
  name: 'name',
  organization: 'organization',
  street: 'street',
  city: 'city',
  province: 'province',
  postalCode: 'postal_code',
  country: 'country',
  phone: 'phone',
  phoneExt: 'phone_ext',
  fax: 'fax',
  faxExt: 'fax_ext',
  email: 'email',
  url: 'url',
};

/**
 * The parsed reply as a flat field table (`domain`, `created_date`, `registrant.email`, ...), the
 * shape of the expected-field tables under test/fixtures/whois-expected/.
 */
export function flattenParsedWhois(parsed: ParsedWhois): Record<string, string | boolean | string[]> {
  const fields: Record<string, string | boolean | string[]> = {};
  const scalar: [string, string | boolean | undefined][] = [
    ['domain', parsed.domain],
    ['punycode', parsed.punycode],
    ['registrar', parsed.registrar],
    ['whois_server', parsed.whoisServer],
    ['created_date', parsed.createdDate],
    ['updated_date', parsed.updatedDate],
    ['expiration_date', parsed.expirationDate],
    ['dnssec', parsed.dnssec],
  ];
  for (const [name, value] of scalar) {
    if (value !== undefined) {
      fields[name] = value;
    }
  }
  if (parsed.status.length > 0) {
    fields.status = parsed.status;
  }
  if (parsed.nameServers.length > 0) {
    fields.name_servers = parsed.nameServers;
  }
  for (const role of WHOIS_ROLES) {
    const contact = parsed.contacts[role];
    for (const [field, name] of Object.entries(CONTACT_FIELD_NAMES) as [ContactField, string][]) {
      const value = contact?.[field];
      if (value !== undefined) {
        fields[`${role}.${name}`] = value;
      }
    }
  }
  return fields;
}
