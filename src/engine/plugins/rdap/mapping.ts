/** RDAP mapping (RFC 9083): record fields, links, contact entities and their jCards (RFC 7095). */
import { isObject } from '../../util/is-object';
import type { AutnumRecord, IPNetRecord, Netblock } from '../../../shared/model/asset';
import { findCountryCode } from '../../support/country';
import { normaliseAddress } from './ip';
import { parseRdapReply, type RdapObject } from './wire';

export type { RdapObject } from './wire';

export const RDAP_JSON = 'application/rdap+json';

/** Relations from a record to a contact, by RDAP role (OAM taxonomy names). */
export type ContactRelation = 'registrant' | 'admin_contact' | 'abuse_contact' | 'technical_contact';

function text(value: unknown): string | undefined {
  if (typeof value === 'number') {
    return String(value);
  }
  if (typeof value !== 'string') {
    return undefined;
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function textList(value: unknown): string[] {
  if (!Array.isArray(value)) {
    const single = text(value);
    return single === undefined ? [] : [single];
  }
  return value.map(text).filter((item): item is string => item !== undefined);
}

/** Checks that a reply is the RDAP object asked for (see wire.ts). */
export function parseRdapObject(
  body: unknown,
  objectClass: 'autnum' | 'ip network',
  url: string,
): RdapObject {
  return parseRdapReply(body, objectClass, url);
}

/** An RFC 3339 date as UTC `YYYY-MM-DDTHH:MM:SSZ`; undefined when it does not parse. */
export function toUtcSeconds(value: unknown): string | undefined {
  const raw = text(value);
  if (
    raw === undefined ||
    !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(raw)
  ) {
    return undefined;
  }
  const time = Date.parse(raw);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Registration and last-changed dates from `events`; either may be missing. */
export function findEventDates(object: RdapObject): { created?: string; updated?: string } {
  const dates: { created?: string; updated?: string } = {};
  const events = Array.isArray(object.events) ? object.events : [];
  for (const event of events) {
    if (!isObject(event)) {
      continue;
    }
    const action = text(event.eventAction)?.toLowerCase();
    const date = toUtcSeconds(event.eventDate);
    if (date === undefined) {
      continue;
    }
    if (action === 'registration' && dates.created === undefined) {
      dates.created = date;
    } else if (action === 'last changed' && dates.updated === undefined) {
      dates.updated = date;
    }
  }
  return dates;
}

/**
 * The object's own RDAP URL: the `self` link typed application/rdap+json, or untyped (RIPE and
 * LACNIC leave the type out). Other rdap+json links (`up`, `related`) are other objects.
 */
export function findSelfLink(links: unknown): string | undefined {
  if (!Array.isArray(links)) {
    return undefined;
  }
  for (const link of links) {
    if (!isObject(link)) {
      continue;
    }
    const rel = text(link.rel)?.toLowerCase();
    const type = text(link.type)?.toLowerCase();
    const href = text(link.href);
    if (rel === 'self' && href !== undefined && (type === undefined || type === RDAP_JSON)) {
      return href;
    }
  }
  return undefined;
}

/** The port-43 WHOIS server as a lowercased host name, when it is one. */
export function findWhoisServer(object: RdapObject): string | undefined {
  const host = text(object.port43)?.toLowerCase().replace(/\.$/, '');
  if (host === undefined || !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(host)) {
    return undefined;
  }
  return host;
}

/** AutnumRecord fields from an autnum reply; `number` comes from the AS asset. */
export function buildAutnumRecord(object: RdapObject, number: number, raw: string): AutnumRecord {
  const dates = findEventDates(object);
  const status = textList(object.status);
  const whoisServer = findWhoisServer(object);
  return {
    raw,
    number,
    handle: text(object.handle) ?? `AS${number}`,
    name: text(object.name) ?? '',
    // OAM serialises these two without omitempty: a record without the event is stored with "".
    created_date: dates.created ?? '',
    updated_date: dates.updated ?? '',
    ...(whoisServer === undefined ? {} : { whois_server: whoisServer }),
    ...(status.length === 0 ? {} : { status }),
  };
}

/** IPNetRecord fields from an ip network reply; `cidr` and `type` come from the Netblock. */
export function buildIpNetRecord(object: RdapObject, netblock: Netblock, raw: string): IPNetRecord {
  const dates = findEventDates(object);
  const status = textList(object.status);
  const start = text(object.startAddress);
  const end = text(object.endAddress);
  const optional = {
    method: text(object.type),
    country: text(object.country)?.toUpperCase(),
    parent_handle: text(object.parentHandle),
    whois_server: findWhoisServer(object),
  };
  const record: IPNetRecord = {
    raw,
    cidr: netblock.cidr,
    handle: text(object.handle) ?? netblock.cidr,
    start_address: start === undefined ? '' : normaliseAddress(start),
    end_address: end === undefined ? '' : normaliseAddress(end),
    type: netblock.type,
    name: text(object.name) ?? '',
    created_date: dates.created ?? '',
    updated_date: dates.updated ?? '',
    ...(status.length === 0 ? {} : { status }),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) {
      (record as unknown as Record<string, string>)[key] = value;
    }
  }
  return record;
}

export interface CardPhone {
  number: string;
  type: 'phone' | 'fax';
  ext?: string;
}

export interface CardAddressParts {
  street: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
}

/** What a contact's jCard says, cleaned; every field optional because registries vary. */
export interface ContactCard {
  /** `individual`, `org` (some servers write `organization`), `group`, `location` (lowercased). */
  kind?: string;
  fullName?: string;
  /** The `org` property (its first component when structured). */
  organization?: string;
  emails: string[];
  /** `url` properties (web pages, not RDAP links). */
  urls: string[];
  phones: CardPhone[];
  /** The first address: its label as one line, and its structured parts when any is filled. */
  address?: { label?: string; parts?: CardAddressParts };
  /** ISO 3166-1 alpha-2 code of the address country, when it can be told. */
  countryCode?: string;
}

interface JCardProperty {
  name: string;
  parameters: Record<string, string[]>;
  values: unknown[];
}

function readProperties(vcardArray: unknown): JCardProperty[] | undefined {
  if (!Array.isArray(vcardArray) || vcardArray[0] !== 'vcard' || !Array.isArray(vcardArray[1])) {
    return undefined;
  }
  const properties: JCardProperty[] = [];
  for (const item of vcardArray[1] as unknown[]) {
    if (!Array.isArray(item) || typeof item[0] !== 'string') {
      continue;
    }
    const parameters: Record<string, string[]> = {};
    if (isObject(item[1])) {
      for (const [key, value] of Object.entries(item[1])) {
        parameters[key.toLowerCase()] = textList(value);
      }
    }
    properties.push({ name: item[0].toLowerCase(), parameters, values: item.slice(3) });
  }
  return properties;
}

/** A tel value: `tel:+1-555-0100;ext=7` URIs and plain numbers; `#1234` is taken as an extension. */
function parseTel(value: string): { number: string; ext?: string } | undefined {
  let number = value.trim();
  let ext: string | undefined;
  if (/^tel:/i.test(number)) {
    const [main = '', ...parameters] = number.slice(4).split(';');
    number = main;
    for (const parameter of parameters) {
      const [key, item] = parameter.split('=');
      if (key?.toLowerCase() === 'ext' && item) {
        ext = item;
      }
    }
  }
  // ARIN writes `+1-877-555-0100;ext201`: an extension without the URI's `=`.
  const suffix = /^(.*?);\s*ext\.?\s*=?\s*(\d+)$/i.exec(number);
  if (suffix?.[1] !== undefined && suffix[2] !== undefined) {
    number = suffix[1];
    ext ??= suffix[2];
  }
  const hash = /^(.*?)#(\d+)$/.exec(number);
  if (hash?.[1] !== undefined && hash[2] !== undefined) {
    number = hash[1];
    ext ??= /^0+$/.test(hash[2]) ? undefined : hash[2];
  }
  number = number.replace(/\s+/g, ' ').trim();
  if (!/\d/.test(number)) {
    return undefined;
  }
  return ext === undefined ? { number } : { number, ext };
}

/** Label lines, also where a server wrote the newline escape literally (`\\n`). */
function labelLines(label: string): string[] {
  return label
    .replace(/\\r\\n|\\n|\\r/g, '\n')
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

function countryFromLabel(lines: string[]): string | undefined {
  const last = lines.at(-1);
  if (last === undefined) {
    return undefined;
  }
  const lastSegment = last.split(',').at(-1) ?? '';
  return findCountryCode(last) ?? findCountryCode(lastSegment);
}

function partText(value: unknown): string {
  return textList(value).join(' ');
}

/** Parses a jCard; undefined when there is none or it is not a jCard. */
export function parseJCard(vcardArray: unknown): ContactCard | undefined {
  const properties = readProperties(vcardArray);
  if (!properties) {
    return undefined;
  }
  const card: ContactCard = { emails: [], phones: [], urls: [] };
  /** A property's value as one line; a list value (as some servers send) is joined. */
  const valueOf = (property: JCardProperty): string | undefined =>
    text(textList(property.values[0]).join(' '));
  const firstValue = (name: string): string | undefined =>
    properties
      .filter((item) => item.name === name)
      .map(valueOf)
      .find((value) => value !== undefined);

  const kind = firstValue('kind')?.toLowerCase();
  if (kind !== undefined) {
    card.kind = kind;
  }
  const fullName = firstValue('fn')?.replace(/\s+/g, ' ');
  if (fullName !== undefined) {
    card.fullName = fullName;
  }

  const organization = properties
    .filter((item) => item.name === 'org')
    .map((item) => text(textList(item.values[0])[0]))
    .find((value) => value !== undefined);
  if (organization !== undefined) {
    card.organization = organization.replace(/\s+/g, ' ');
  }
  for (const property of properties.filter((item) => item.name === 'url')) {
    const url = valueOf(property);
    if (url !== undefined && !card.urls.includes(url)) {
      card.urls.push(url);
    }
  }

  for (const property of properties.filter((item) => item.name === 'email')) {
    const email = valueOf(property)?.toLowerCase();
    if (email?.includes('@') && !card.emails.includes(email)) {
      card.emails.push(email);
    }
  }

  for (const property of properties.filter((item) => item.name === 'tel')) {
    const value = valueOf(property);
    const parsed = value === undefined ? undefined : parseTel(value);
    if (!parsed) {
      continue;
    }
    const types = (property.parameters.type ?? []).map((type) => type.toLowerCase());
    const type = types.includes('fax') ? 'fax' : 'phone';
    if (!card.phones.some((phone) => phone.number === parsed.number && phone.type === type)) {
      card.phones.push({ ...parsed, type });
    }
  }

  const adr = properties.find((item) => item.name === 'adr');
  if (adr) {
    const address: { label?: string; parts?: CardAddressParts } = {};
    const lines = labelLines((adr.parameters.label ?? []).join('\n'));
    if (lines.length > 0) {
      address.label = lines.join(', ');
    }
    const structured = Array.isArray(adr.values[0]) ? (adr.values[0] as unknown[]) : [];
    const [poBox, extended, street, locality, region, code, country] = Array.from({ length: 7 }, (_, index) =>
      partText(structured[index]),
    ) as [string, string, string, string, string, string, string];
    const parts: CardAddressParts = {
      street: [poBox, extended, street].filter((part) => part !== '').join(', '),
      city: locality,
      province: region,
      postalCode: code,
      country,
    };
    if (Object.values(parts).some((part) => part !== '')) {
      address.parts = parts;
    }
    if (address.label !== undefined || address.parts !== undefined) {
      card.address = address;
    }
    const countryCode =
      findCountryCode(adr.parameters.cc?.[0] ?? '') ?? findCountryCode(country) ?? countryFromLabel(lines);
    if (countryCode !== undefined) {
      card.countryCode = countryCode;
    }
  }
  return card;
}

/** One contact entity of a record, with the relation its roles give it. */
export interface ContactEntry {
  handle?: string;
  selfLink?: string;
  relation: ContactRelation;
  card?: ContactCard;
}

/**
 * Role precedence as in the reference: `registrant` (top level only), then administrative, abuse,
 * technical. Other roles (noc, routing, billing, registrar...) give no contact.
 */
export function relationForRoles(roles: string[], level: number): ContactRelation | undefined {
  const lower = roles.map((role) => role.toLowerCase());
  if (level === 1 && lower.includes('registrant')) {
    return 'registrant';
  }
  if (lower.includes('administrative')) {
    return 'admin_contact';
  }
  if (lower.includes('abuse')) {
    return 'abuse_contact';
  }
  if (lower.includes('technical')) {
    return 'technical_contact';
  }
  return undefined;
}

/**
 * Contacts one record's expansion reads. Real registries list a handful per object; a reply with
 * tens of thousands (issue 24: 45,000) is cut here, before their cards are parsed, and the
 * expansion records what it left out.
 */
export const MAX_CONTACTS_PER_RECORD = 1000;

/** The contacts read, and how many the reply lists (more than read when it was cut). */
export interface CollectedContacts {
  contacts: ContactEntry[];
  listed: number;
}

/**
 * The contact entities of a record, nested ones too (depth first, in reply order), the first
 * `max` of them. Entities with no contact role, or with neither a self link nor a handle to key
 * them by, are left out, but their nested entities are still visited.
 */
export function collectContacts(object: RdapObject, max = MAX_CONTACTS_PER_RECORD): CollectedContacts {
  const contacts: ContactEntry[] = [];
  let listed = 0;
  const visit = (entities: unknown, level: number): void => {
    if (!Array.isArray(entities) || level > 8) {
      return;
    }
    for (const entity of entities) {
      if (!isObject(entity)) {
        continue;
      }
      const relation = relationForRoles(textList(entity.roles), level);
      const handle = text(entity.handle);
      const selfLink = findSelfLink(entity.links);
      if (relation !== undefined && (handle !== undefined || selfLink !== undefined) && ++listed <= max) {
        const card = parseJCard(entity.vcardArray);
        contacts.push({
          relation,
          ...(handle === undefined ? {} : { handle }),
          ...(selfLink === undefined ? {} : { selfLink }),
          ...(card === undefined ? {} : { card }),
        });
      }
      visit(entity.entities, level + 1);
    }
  };
  visit(object.entities, 1);
  return { contacts, listed };
}
