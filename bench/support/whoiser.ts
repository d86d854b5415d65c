/**
 * whoiser's parser (the TypeScript peer) as our field table and parse shape, with the same date
 * and status cleaning: the benches score both parsers by one rule.
 */
import { createRequire } from 'node:module';
import {
  normaliseWhoisDate,
  type ParsedWhois,
  type WhoisContact,
} from '../../src/engine/plugins/whois/parse';

export type FieldValue = string | boolean | string[];
export type Fields = Record<string, FieldValue>;

type WhoiserParse = (domain: string, whois: string, ignorePrivacy: boolean) => Record<string, unknown>;
// whoiser exports only its network client; its parser lives at this private path (no types).
export const { parseDomainWhois } = createRequire(import.meta.url)('whoiser/src/parsers.js') as {
  parseDomainWhois: WhoiserParse;
};

const CONTACT_PREFIXES: Record<string, string> = {
  Registrant: 'registrant',
  Admin: 'admin',
  Tech: 'technical',
  Billing: 'billing',
};
const CONTACT_FIELDS: Record<string, string> = {
  Name: 'name',
  Organization: 'organization',
  Street: 'street',
  City: 'city',
  'State/Province': 'province',
  'Postal Code': 'postal_code',
  Country: 'country',
  Phone: 'phone',
  Fax: 'fax',
  Email: 'email',
};

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function statusList(values: unknown): string[] {
  if (!Array.isArray(values)) {
    return [];
  }
  return values
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.replace(/\s*\(?https?:\/\/\S*\)?\s*$/i, '').split(/\s*,\s*/))
    .filter((value) => value !== '');
}

/** whoiser's output keys mapped onto our field names, with the same date and status cleaning. */
export function whoiserFields(query: string, decoded: string): Fields {
  const data = parseDomainWhois(query, decoded, true);
  const fields: Fields = {};
  const set = (name: string, value: FieldValue | undefined): void => {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) {
      fields[name] = value;
    }
  };
  set('domain', text(data['Domain Name'])?.toLowerCase());
  set('registrar', text(data.Registrar));
  set(
    'whois_server',
    text(data['Registrar WHOIS Server'] ?? data['Whois Server'] ?? data.whois)?.toLowerCase(),
  );
  for (const [name, key] of [
    ['created_date', 'Created Date'],
    ['updated_date', 'Updated Date'],
    ['expiration_date', 'Expiry Date'],
  ] as const) {
    const raw = text(data[key]);
    set(name, raw === undefined ? undefined : (normaliseWhoisDate(raw) ?? raw));
  }
  set('status', [...new Set(statusList(data['Domain Status']))]);
  const servers = Array.isArray(data['Name Server']) ? (data['Name Server'] as unknown[]) : [];
  set('name_servers', [
    ...new Set(
      servers
        .filter((item): item is string => typeof item === 'string')
        .map((item) => item.toLowerCase().replace(/\.$/, '')),
    ),
  ]);
  const dnssec = text(data.DNSSEC)?.toLowerCase();
  set(
    'dnssec',
    dnssec === undefined
      ? undefined
      : /^signed|^yes/.test(dnssec)
        ? true
        : /unsigned|^no/.test(dnssec)
          ? false
          : undefined,
  );
  set('registrar.url', text(data['Registrar URL']));
  set('registrar.id', text(data['Registrar IANA ID']));
  set('registrar.email', text(data['Registrar Abuse Contact Email']));
  set('registrar.phone', text(data['Registrar Abuse Contact Phone']));
  set('registrant.id', text(data['Registry Registrant ID']));
  for (const [prefix, role] of Object.entries(CONTACT_PREFIXES)) {
    for (const [label, field] of Object.entries(CONTACT_FIELDS)) {
      set(`${role}.${field}`, text(data[`${prefix} ${label}`]));
    }
  }
  return fields;
}

const WHOISER_CONTACT_FIELDS: [string, keyof WhoisContact][] = [
  ['Name', 'name'],
  ['Organization', 'organization'],
  ['Street', 'street'],
  ['City', 'city'],
  ['State/Province', 'province'],
  ['Postal Code', 'postalCode'],
  ['Country', 'country'],
  ['Phone', 'phone'],
  ['Fax', 'fax'],
  ['Email', 'email'],
];

/** whoiser's output in our parse shape, for the corpus scoring (no reply kind: guessed from content). */
export function whoiserParsed(query: string, decoded: string): ParsedWhois {
  const fields = whoiserFields(query, decoded);
  const data = parseDomainWhois(query, decoded, true);
  const str = (name: string): string | undefined =>
    typeof fields[name] === 'string' ? fields[name] : undefined;
  const contacts: ParsedWhois['contacts'] = {};
  for (const [prefix, role] of [
    ['Registrant', 'registrant'],
    ['Admin', 'admin'],
    ['Tech', 'technical'],
  ] as const) {
    const contact: WhoisContact = {};
    for (const [label, field] of WHOISER_CONTACT_FIELDS) {
      const value = text(data[`${prefix} ${label}`]);
      if (value !== undefined) {
        contact[field] = value;
      }
    }
    if (Object.keys(contact).length > 0) {
      contacts[role] = contact;
    }
  }
  const registrar = str('registrar');
  const url = str('registrar.url');
  const id = str('registrar.id');
  if (registrar !== undefined || url !== undefined || id !== undefined) {
    contacts.registrar = {
      ...(registrar === undefined ? {} : { organization: registrar }),
      ...(url === undefined ? {} : { url }),
      ...(id === undefined ? {} : { id }),
    };
  }
  const nameServers = Array.isArray(fields.name_servers) ? fields.name_servers : [];
  const domain = str('domain');
  return {
    kind: domain !== undefined || nameServers.length > 0 ? 'record' : 'not_found',
    domain,
    registrar,
    createdDate: str('created_date'),
    updatedDate: str('updated_date'),
    expirationDate: str('expiration_date'),
    status: Array.isArray(fields.status) ? fields.status : [],
    nameServers,
    contacts,
  };
}
