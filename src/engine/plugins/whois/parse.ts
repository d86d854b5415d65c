/**
 * The pure WHOIS reply parser: ICANN key/value replies (registry and registrar), RPSL-style
 * ccTLD replies with contact handles (.fr, .is, .br), sectioned replies (.uk, .it, .nl, .eu,
 * .be, .ch, .kr) and JPRS bracket replies (.jp). Knows "no match", throttle and refusal replies,
 * and drops redacted values.
 */

export type WhoisRole = 'registrar' | 'registrant' | 'admin' | 'technical' | 'billing';

export const WHOIS_ROLES: readonly WhoisRole[] = ['registrar', 'registrant', 'admin', 'technical', 'billing'];

export interface WhoisContact {
  id?: string;
  name?: string;
  organization?: string;
  street?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  country?: string;
  phone?: string;
  phoneExt?: string;
  fax?: string;
  faxExt?: string;
  email?: string;
  /** The contact's web page or referral URL (a registrar's URL). */
  url?: string;
}

/**
 * `record`: a domain record; `not_found`: the registry has no such domain; `throttled`: the
 * server asks us to slow down (retry later); `refused`: the server will not answer (database
 * down, client not authorised); `referral`: an IANA TLD record; `empty`: nothing recognisable.
 */
export type WhoisReplyKind = 'record' | 'not_found' | 'throttled' | 'refused' | 'referral' | 'empty';

export interface ParsedWhois {
  kind: WhoisReplyKind;
  domain?: string | undefined;
  punycode?: string | undefined;
  id?: string | undefined;
  registrar?: string | undefined;
  /** The WHOIS server the reply names for the domain (registrar WHOIS server). */
  whoisServer?: string | undefined;
  /** Where to ask next (`host` or `host:port`): IANA's `refer:`, a registrar WHOIS server. */
  referral?: string | undefined;
  /** RFC 3339 UTC (`YYYY-MM-DDTHH:MM:SSZ`) when the date was understood, else the raw text. */
  createdDate?: string | undefined;
  updatedDate?: string | undefined;
  expirationDate?: string | undefined;
  status: string[];
  dnssec?: boolean | undefined;
  nameServers: string[];
  contacts: Partial<Record<WhoisRole, WhoisContact>>;
}

interface Entry {
  /** Normalised key: lower case, single spaces, no trailing parenthetical. */
  key: string;
  value: string;
  /** Unkeyed lines that follow the entry (a header's children, an address's next lines). */
  more: string[];
  /** Normalised key of the enclosing section header, if any. */
  section: string | undefined;
  block: number;
}

// ---------------------------------------------------------------------------------------------
// Tokenising

const BRACKET_LINE = /^\s*\[([^[\]]{1,40})\]\s*(.*)$/;
const COLON_LINE = /^\s*([^:\t\d]{1,60}?)\s*:(?!\/\/)[ \t]*(.*)$/;
const TAB_LINE = /^\s*([^\t:\d]{1,40}?)\t+(.+)$/;
/** Keys that open a section running to the end of their block (JPRS contact part). */
const BLOCK_SECTIONS = new Set(['contact information']);

function normaliseKey(raw: string): string {
  return raw
    .replace(/\([^)]*\)\s*$/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

function indentOf(line: string): number {
  let width = 0;
  for (const character of line) {
    if (character === ' ') {
      width += 1;
    } else if (character === '\t') {
      width += 8;
    } else {
      break;
    }
  }
  return width;
}

function splitKeyed(line: string): { key: string; value: string } | undefined {
  const match = BRACKET_LINE.exec(line) ?? COLON_LINE.exec(line) ?? TAB_LINE.exec(line);
  if (!match) {
    return undefined;
  }
  const key = normaliseKey(match[1] ?? '');
  if (key === '' || key.includes('http')) {
    return undefined;
  }
  return { key, value: (match[2] ?? '').trim() };
}

function tokenise(text: string): Entry[] {
  const entries: Entry[] = [];
  const headers: { indent: number; key: string }[] = [];
  let block = 0;
  let blockSection: string | undefined;
  let last: Entry | undefined;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/\s+$/, '');
    if (line.trim() === '') {
      block += 1;
      blockSection = undefined;
      last = undefined;
      continue;
    }
    const trimmed = line.trim();
    if (
      trimmed.startsWith('%') ||
      trimmed.startsWith('#') ||
      trimmed.startsWith('>>>') ||
      /^[*-]/.test(trimmed)
    ) {
      continue;
    }
    const indent = indentOf(line);
    const keyed = splitKeyed(line);
    if (!keyed) {
      if (last) {
        last.more.push(trimmed);
        continue;
      }
      // An unkeyed first line of a block is a section header ("Registrant", "Nameservers").
      while (headers.length > 0 && (headers.at(-1)?.indent ?? -1) >= indent) {
        headers.pop();
      }
      last = { key: normaliseKey(trimmed), value: '', more: [], section: headers.at(-1)?.key, block };
      entries.push(last);
      headers.push({ indent, key: last.key });
      continue;
    }
    while (headers.length > 0 && (headers.at(-1)?.indent ?? -1) >= indent) {
      headers.pop();
    }
    last = {
      key: keyed.key,
      value: keyed.value,
      more: [],
      section: headers.at(-1)?.key ?? blockSection,
      block,
    };
    entries.push(last);
    if (BLOCK_SECTIONS.has(keyed.key)) {
      blockSection = keyed.key;
    } else if (keyed.value === '') {
      headers.push({ indent, key: keyed.key });
    }
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Values

const REDACTED = [
  /redacted/i,
  /data protected/i,
  /not disclosed/i,
  /gdpr/i,
  /withheld/i,
  /not shown/i,
  /please visit/i,
  /^visit /i,
  /please query the rdds/i,
  /please contact the registrar/i,
  /not available from registry/i,
  /obfuscated whois/i,
  /statutory masking/i,
  /hidden upon user request/i,
  /non-public data/i,
  /^privacy$/i,
];

/** True for a value that a registry or registrar put in place of the real data. */
export function isRedacted(value: string): boolean {
  return REDACTED.some((pattern) => pattern.test(value));
}

function clean(value: string | undefined): string | undefined {
  if (value === undefined) {
    return undefined;
  }
  const trimmed = value.trim();
  if (trimmed === '' || isRedacted(trimmed)) {
    return undefined;
  }
  return trimmed;
}

const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;
const URL_LIKE = /^(https?:\/\/|www\.)\S+$/i;
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** A DNS name from a name-server or WHOIS-server value, or undefined when it is not one. */
export function hostNameOf(value: string): string | undefined {
  const token = value
    .trim()
    .split(/[\s,]+/)[0]
    ?.toLowerCase()
    .replace(/\.$/, '');
  return token !== undefined && HOST_NAME.test(token) ? token : undefined;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function monthOf(name: string): number | undefined {
  return MONTHS[name.slice(0, 3).toLowerCase()];
}

function isoOf(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  offsetMinutes = 0,
): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return undefined;
  }
  const time = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
  if (Number.isNaN(time)) {
    return undefined;
  }
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function offsetOf(zone: string | undefined): number {
  if (zone === undefined || zone === '' || /^(z|utc|gmt)$/i.test(zone)) {
    return 0;
  }
  if (/^jst$/i.test(zone)) {
    return 9 * 60;
  }
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!match) {
    return 0;
  }
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * Normalises the date formats of the registries to RFC 3339 UTC. Dates without a zone are taken
 * as UTC (JPRS's "(JST)" is honoured). Returns undefined when the text is not a known format.
 */
export function normaliseWhoisDate(raw: string): string | undefined {
  const text = raw.trim();
  let match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?/i.exec(
      text,
    );
  if (match) {
    return isoOf(
      Number(match[1]),
      Number(match[2]),
      Number(match[3]),
      Number(match[4] ?? 0),
      Number(match[5] ?? 0),
      Number(match[6] ?? 0),
      offsetOf(match[7]),
    );
  }
  match = /^(\d{4})\/(\d{2})\/(\d{2})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?(?:\s*\((\w+)\))?/.exec(text);
  if (match) {
    return isoOf(
      Number(match[1]),
      Number(match[2]),
      Number(match[3]),
      Number(match[4] ?? 0),
      Number(match[5] ?? 0),
      Number(match[6] ?? 0),
      offsetOf(match[7]),
    );
  }
  match = /^(\d{4})\.\s?(\d{1,2})\.\s?(\d{1,2})\.?(?:\s+(\d{2}):(\d{2}):(\d{2}))?/.exec(text);
  if (match) {
    return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  match = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(text);
  if (match) {
    return isoOf(Number(match[3]), Number(match[2]), Number(match[1]));
  }
  match = /^(\d{1,2})[- ]([a-z]{3,9})[- ](\d{4})/i.exec(text);
  if (match) {
    const month = monthOf(match[2] ?? '');
    return month === undefined ? undefined : isoOf(Number(match[3]), month, Number(match[1]));
  }
  match = /^(\d{4})(\d{2})(\d{2})(?:\s|$)/.exec(text);
  if (match) {
    return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  match = /^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+)?([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})/i.exec(
    text,
  );
  if (match) {
    const month = monthOf(match[1] ?? '');
    return month === undefined ? undefined : isoOf(Number(match[3]), month, Number(match[2]));
  }
  return undefined;
}

function dateValue(raw: string): string | undefined {
  const value = clean(raw);
  return value === undefined ? undefined : (normaliseWhoisDate(value) ?? value);
}

const UNSIGNED = /^(unsigned|no|false|inactive|미서명|unsigned delegation|not signed|none)$/i;
const SIGNED = /^(signed|yes|true|active|signeddelegation|signed delegation|서명)$/i;

function dnssecOf(raw: string): boolean | undefined {
  const value = raw.trim();
  if (UNSIGNED.test(value)) {
    return false;
  }
  if (SIGNED.test(value)) {
    return true;
  }
  return undefined;
}

function statusesOf(raw: string, key: string): string[] {
  const value = raw.replace(/\s*\(?https?:\/\/\S*\)?\s*$/i, '').trim();
  if (value === '') {
    return [];
  }
  const parts = key === 'state' ? value.split(/\s*,\s*/) : [value];
  return parts.filter((part) => part !== '');
}

// ---------------------------------------------------------------------------------------------
// Reply kinds

const NOT_FOUND = [
  /^\s*no match\b/im,
  /^\s*not found\.?\s*$/im,
  /no entries found/i,
  /^\s*status:\s*(free|available)\s*$/im,
  /requested domain was not found/i,
  /^\s*domain not found/im,
  /no data found/i,
  /no match for domain/i,
  /no matching record/i,
  /object does not exist/i,
];
const THROTTLED = [
  /limit exceeded/i,
  /exceeded (?:your |the )?(?:quota|query limit|maximum|allowed)/i,
  /quota of queries/i,
  /query rate/i,
  /too many (?:queries|requests|connections)/i,
  /rate limit/i,
  /try again later/i,
];
const REFUSED = [
  /database is (?:currently )?down/i,
  /not authori[sz]ed/i,
  /access (?:denied|refused)/i,
  /temporarily unavailable/i,
];

// ---------------------------------------------------------------------------------------------
// Domain fields

const DOMAIN_KEYS = new Set(['domain name', 'domain', 'domainname']);
const PUNY_KEYS = new Set(['puny name', 'punycode']);
const ID_KEYS = new Set(['registry domain id', 'roid', 'domain id']);
const WHOIS_SERVER_KEYS = new Set([
  'registrar whois server',
  'whois server',
  'refer',
  'whois',
  'referralserver',
]);
const REGISTRAR_KEYS = new Set(['registrar', 'registrar name', 'sponsoring registrar', 'authorized agency']);
const CREATED_KEYS = new Set([
  'creation date',
  'created',
  'created on',
  'created date',
  'registered on',
  'registered',
  'registered date',
  'registration date',
  'registration time',
  'first registration date',
  'domain registration date',
  '登録年月日',
]);
const UPDATED_KEYS = new Set([
  'updated date',
  'updated',
  'last updated',
  'last updated date',
  'last update',
  'last-update',
  'last modified',
  'last-modified',
  'modified',
  'changed',
  '最終更新',
]);
const EXPIRES_KEYS = new Set([
  'registry expiry date',
  'registrar registration expiration date',
  'expiration date',
  'expiration time',
  'expiry date',
  'expire date',
  'expires',
  'expires on',
  'paid-till',
  '有効期限',
]);
const STATUS_KEYS = new Set(['domain status', 'status', 'state', 'registration status', '状態']);
const DNSSEC_KEYS = new Set(['dnssec', 'signed']);
const NAME_SERVER_KEYS = new Set([
  'name server',
  'name servers',
  'nameserver',
  'nameservers',
  'nserver',
  'domain nameservers',
  'host name',
]);

const SECTION_ROLES: Record<string, WhoisRole> = {
  registrant: 'registrant',
  'contact information': 'registrant',
  'admin contact': 'admin',
  'administrative contact': 'admin',
  'administrative contacts': 'admin',
  'technical contact': 'technical',
  'technical contacts': 'technical',
  'tech contact': 'technical',
  'registrar technical contacts': 'technical',
  'billing contact': 'billing',
  'billing contacts': 'billing',
  registrar: 'registrar',
};

/** Blocks that hold several records of which only the queried domain's is wanted (Verisign). */
function foreignBlocks(entries: Entry[]): Set<number> {
  const blocks = new Set<number>();
  for (const entry of entries) {
    if (entry.key === 'server name' || entry.key === 'nic-hdl' || entry.key === 'nic-hdl-br') {
      blocks.add(entry.block);
    }
  }
  return blocks;
}

function firstValue(entry: Entry): string {
  return entry.value !== '' ? entry.value : (entry.more[0] ?? '');
}

/** Normalises a referral value (`whois://host:port/`, `HOST`) to `host` or `host:port`. */
function referralOf(raw: string): string | undefined {
  const value = raw.trim().toLowerCase();
  if (value.startsWith('rwhois://') || value.startsWith('http')) {
    return undefined;
  }
  const stripped = value.replace(/^whois:\/\//, '').replace(/\/.*$/, '');
  const match = /^([^\s:/]+)(?::(\d{1,5}))?$/.exec(stripped);
  if (!match) {
    return undefined;
  }
  const host = hostNameOf(match[1] ?? '');
  if (host === undefined) {
    return undefined;
  }
  return match[2] === undefined ? host : `${host}:${match[2]}`;
}

// ---------------------------------------------------------------------------------------------
// Contacts

type ContactField = keyof WhoisContact;

const CONTACT_FIELD_KEYS: Record<string, ContactField> = {
  id: 'id',
  name: 'name',
  'contact name': 'name',
  contact: 'name',
  person: 'name',
  organization: 'organization',
  organisation: 'organization',
  org: 'organization',
  street: 'street',
  address: 'street',
  'postal address': 'street',
  city: 'city',
  'state/province': 'province',
  province: 'province',
  state: 'province',
  'postal code': 'postalCode',
  'zip code': 'postalCode',
  postcode: 'postalCode',
  郵便番号: 'postalCode',
  country: 'country',
  'country code': 'country',
  phone: 'phone',
  'phone number': 'phone',
  電話番号: 'phone',
  'phone ext': 'phoneExt',
  fax: 'fax',
  'fax number': 'fax',
  'fax-no': 'fax',
  fax番号: 'fax',
  'fax ext': 'faxExt',
  email: 'email',
  'e-mail': 'email',
  'contact email': 'email',
  web: 'url',
  website: 'url',
  'web page': 'url',
  url: 'url',
};

const PREFIXED =
  /^(?:registry )?(registrant|admin|administrative|tech|technical|billing)(?: contact)?(?: (.+))?$/;
const PREFIX_ROLES: Record<string, WhoisRole> = {
  registrant: 'registrant',
  admin: 'admin',
  administrative: 'admin',
  tech: 'technical',
  technical: 'technical',
  billing: 'billing',
};
const SPECIAL_CONTACT_KEYS: Record<string, [WhoisRole, ContactField]> = {
  'ac e-mail': ['admin', 'email'],
  'ac phone number': ['admin', 'phone'],
  'registrar iana id': ['registrar', 'id'],
  'registrar url': ['registrar', 'url'],
  'referral url': ['registrar', 'url'],
  'registrar abuse contact email': ['registrar', 'email'],
  'registrar abuse contact phone': ['registrar', 'phone'],
  'registrant address': ['registrant', 'street'],
  holder: ['registrant', 'id'],
  ownerid: ['registrant', 'id'],
  owner: ['registrant', 'organization'],
  org: ['registrant', 'organization'],
  responsible: ['registrant', 'name'],
};
const HANDLE_ROLES: Record<string, WhoisRole> = {
  'holder-c': 'registrant',
  'owner-c': 'registrant',
  'admin-c': 'admin',
  'tech-c': 'technical',
  'billing-c': 'billing',
};

class ContactSet {
  readonly contacts: Partial<Record<WhoisRole, WhoisContact>> = {};

  /** Sets a field unless it is already set (the first value wins) or the value is unusable. */
  set(role: WhoisRole, field: ContactField, raw: string | undefined): void {
    const value = clean(raw);
    if (value === undefined) {
      return;
    }
    const contact = (this.contacts[role] ??= {});
    if (field === 'email') {
      if (EMAIL.test(value)) {
        contact.email ??= value;
      } else if (URL_LIKE.test(value)) {
        contact.url ??= value;
      }
      return;
    }
    if (field === 'street') {
      contact.street = contact.street === undefined ? value : `${contact.street}, ${value}`;
      return;
    }
    contact[field] ??= value;
  }

  has(role: WhoisRole, field: ContactField): boolean {
    return this.contacts[role]?.[field] !== undefined;
  }

  /** Address lines without labels: "<postal code> <city>" and a final country are recognised. */
  address(role: WhoisRole, lines: string[]): void {
    const usable = lines.map((line) => line.trim()).filter((line) => clean(line) !== undefined);
    if (usable.length === 5 && /^[A-Z]{2}$/.test(usable[4] ?? '')) {
      // The .it layout: street, city, postal code, province, country.
      this.set(role, 'street', usable[0]);
      this.set(role, 'city', usable[1]);
      this.set(role, 'postalCode', usable[2]);
      this.set(role, 'province', usable[3]);
      this.set(role, 'country', usable[4]);
      return;
    }
    for (const line of usable) {
      this.set(role, 'street', line);
    }
  }

  /** Lines under a header (registrar blocks of .nl, .uk, .ch): name, address, phone, e-mail, web. */
  freeLines(role: WhoisRole, lines: string[], nameField: ContactField): void {
    const addressLines: string[] = [];
    for (const [index, line] of lines.entries()) {
      const phone = /^(?:phone|tel(?:ephone)?)[.:]?\s+(.+)$/i.exec(line);
      const fax = /^fax[.:]?\s+(.+)$/i.exec(line);
      if (phone) {
        this.set(role, 'phone', phone[1]);
      } else if (fax) {
        this.set(role, 'fax', fax[1]);
      } else if (EMAIL.test(line)) {
        this.set(role, 'email', line);
      } else if (URL_LIKE.test(line)) {
        this.set(role, 'url', line);
      } else if (index === 0 && !this.has(role, nameField)) {
        this.set(role, nameField, line);
      } else {
        addressLines.push(line);
      }
    }
    this.address(role, addressLines);
  }

  build(): Partial<Record<WhoisRole, WhoisContact>> {
    const result: Partial<Record<WhoisRole, WhoisContact>> = {};
    for (const role of WHOIS_ROLES) {
      const contact = this.contacts[role];
      if (contact && Object.keys(contact).length > 0) {
        result[role] = contact;
      }
    }
    return result;
  }
}

function collectContacts(
  entries: Entry[],
  foreign: Set<number>,
  domainBlock: number | undefined,
): ContactSet {
  const contacts = new ContactSet();
  const handles = new Map<string, Entry[]>();
  for (const entry of entries) {
    if (entry.key === 'nic-hdl' || entry.key === 'nic-hdl-br') {
      handles.set(
        entry.value.toLowerCase(),
        entries.filter((other) => other.block === entry.block),
      );
    }
  }
  for (const entry of entries) {
    if (foreign.has(entry.block)) {
      continue;
    }
    const sectionRole = entry.section === undefined ? undefined : SECTION_ROLES[entry.section];
    if (sectionRole !== undefined) {
      const field = CONTACT_FIELD_KEYS[entry.key];
      if (field === 'street') {
        contacts.address(sectionRole, [entry.value, ...entry.more]);
      } else if (sectionRole === 'registrar' && field === 'name') {
        contacts.set(
          'registrar',
          contacts.has('registrar', 'organization') ? 'id' : 'organization',
          entry.value,
        );
      } else if (field !== undefined) {
        contacts.set(sectionRole, field, entry.value);
      }
      continue;
    }
    const headerRole = BLOCK_SECTIONS.has(entry.key) ? undefined : SECTION_ROLES[entry.key];
    if (headerRole !== undefined && (entry.value !== '' || entry.more.length > 0)) {
      const nameField: ContactField =
        headerRole === 'registrar' || headerRole === 'registrant' ? 'organization' : 'name';
      const lines = (entry.value === '' ? entry.more : [entry.value, ...entry.more]).map((line) =>
        line.replace(/\s*\[tag = [^\]]*\]\s*$/i, ''),
      );
      contacts.freeLines(headerRole, lines, nameField);
      continue;
    }
    const special = SPECIAL_CONTACT_KEYS[entry.key];
    if (special !== undefined) {
      if (special[1] === 'street') {
        contacts.address(special[0], [entry.value, ...entry.more]);
      } else {
        contacts.set(special[0], special[1], entry.value);
      }
      continue;
    }
    if (REGISTRAR_KEYS.has(entry.key)) {
      contacts.set('registrar', 'organization', entry.value);
      continue;
    }
    const prefixed = PREFIXED.exec(entry.key);
    if (prefixed) {
      const role = PREFIX_ROLES[prefixed[1] ?? ''];
      const rest = prefixed[2];
      if (role === undefined) {
        continue;
      }
      if (rest === undefined) {
        contacts.set(role, role === 'registrant' ? 'organization' : 'name', entry.value);
        continue;
      }
      const field = CONTACT_FIELD_KEYS[rest];
      if (field === 'street') {
        contacts.address(role, [entry.value, ...entry.more]);
      } else if (field !== undefined) {
        contacts.set(role, field, entry.value);
      }
    }
  }
  if (domainBlock !== undefined) {
    collectHandleContacts(entries, domainBlock, handles, contacts);
  }
  return contacts;
}

/** RPSL replies: the domain block names handles (`admin-c: X`) whose blocks hold the contacts. */
function collectHandleContacts(
  entries: Entry[],
  domainBlock: number,
  handles: Map<string, Entry[]>,
  contacts: ContactSet,
): void {
  const domainEntries = entries.filter((entry) => entry.block === domainBlock);
  const descriptions = domainEntries.filter((entry) => entry.key === 'descr').map((entry) => entry.value);
  if (descriptions.length > 0) {
    contacts.set('registrant', 'organization', descriptions[0]);
    contacts.address('registrant', descriptions.slice(1));
    const email = domainEntries.find((entry) => entry.key === 'e-mail');
    contacts.set('registrant', 'email', email?.value);
  }
  if (domainEntries.some((entry) => entry.key === 'owner')) {
    contacts.set('registrant', 'country', domainEntries.find((entry) => entry.key === 'country')?.value);
  }
  for (const entry of domainEntries) {
    const role = HANDLE_ROLES[entry.key];
    const block = handles.get(entry.value.toLowerCase());
    if (role === undefined || block === undefined) {
      continue;
    }
    contacts.set(role, 'id', entry.value);
    const isOrganization = block.some((item) => item.key === 'type' && /organi[sz]ation/i.test(item.value));
    const addressLines: string[] = [];
    for (const item of block) {
      if (item.key === 'contact' || item.key === 'person') {
        contacts.set(role, isOrganization ? 'organization' : 'name', item.value);
      } else if (item.key === 'role') {
        contacts.set(role, 'organization', item.value);
      } else if (item.key === 'address') {
        addressLines.push(item.value);
      } else {
        const field = CONTACT_FIELD_KEYS[item.key];
        if (field !== undefined && field !== 'name' && field !== 'id' && field !== 'street') {
          contacts.set(role, field, item.value);
        }
      }
    }
    contacts.address(role, addressLines);
  }
  // A registrar block (.fr) starts with `registrar:` outside the domain block.
  const registrarBlock = entries.find(
    (entry) =>
      entry.key === 'registrar' && entry.block !== domainBlock && !handles.has(entry.value.toLowerCase()),
  );
  if (
    registrarBlock !== undefined &&
    !entries.some((e) => e.block === registrarBlock.block && e.key === 'nic-hdl')
  ) {
    const block = entries.filter((entry) => entry.block === registrarBlock.block);
    if (block[0] === registrarBlock) {
      const addressLines: string[] = [];
      for (const item of block.slice(1)) {
        if (item.key === 'address') {
          addressLines.push(item.value);
        } else {
          const field = CONTACT_FIELD_KEYS[item.key];
          if (field !== undefined && field !== 'name' && field !== 'id' && field !== 'street') {
            contacts.set('registrar', field, item.value);
          }
        }
      }
      contacts.address('registrar', addressLines);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The parser

/**
 * Parses one reply. `query` (the domain asked for) picks the right record when a registry
 * answers with several (Verisign's name-server and domain records).
 */
export function parseWhoisReply(text: string, query?: string): ParsedWhois {
  const entries = tokenise(text);
  const foreign = foreignBlocks(entries);
  const wanted = query?.toLowerCase().replace(/\.$/, '');
  // With several domain records, keep the queried one's block only.
  const domainEntries = entries.filter((entry) => DOMAIN_KEYS.has(entry.key) && firstValue(entry) !== '');
  if (wanted !== undefined && domainEntries.length > 1) {
    const match = domainEntries.find((entry) => firstValue(entry).toLowerCase() === wanted);
    for (const entry of domainEntries) {
      if (match !== undefined && entry.block !== match.block) {
        foreign.add(entry.block);
      }
    }
  }
  const result: ParsedWhois = { kind: 'record', status: [], nameServers: [], contacts: {} };
  let domainBlock: number | undefined;
  for (const entry of entries) {
    if (foreign.has(entry.block)) {
      continue;
    }
    const inContactSection =
      entry.section !== undefined &&
      SECTION_ROLES[entry.section] !== undefined &&
      entry.section !== 'registrar';
    const value = firstValue(entry);
    const key = entry.key;
    if (DOMAIN_KEYS.has(key) && result.domain === undefined && value !== '') {
      result.domain = value.toLowerCase().replace(/\.$/, '');
      domainBlock = entry.block;
    } else if (PUNY_KEYS.has(key)) {
      result.punycode ??= clean(value)?.toLowerCase();
    } else if (ID_KEYS.has(key)) {
      result.id ??= clean(value);
    } else if (WHOIS_SERVER_KEYS.has(key)) {
      const referral = referralOf(value);
      if (referral !== undefined) {
        result.referral ??= referral;
        result.whoisServer ??= referral.replace(/:\d+$/, '');
      }
    } else if (inContactSection) {
      continue;
    } else if (CREATED_KEYS.has(key)) {
      result.createdDate ??= dateValue(value);
    } else if (UPDATED_KEYS.has(key)) {
      result.updatedDate ??= dateValue(value);
    } else if (EXPIRES_KEYS.has(key)) {
      result.expirationDate ??= dateValue(value);
    } else if (STATUS_KEYS.has(key)) {
      for (const status of statusesOf(value, key)) {
        if (!result.status.includes(status)) {
          result.status.push(status);
        }
      }
    } else if (DNSSEC_KEYS.has(key)) {
      result.dnssec ??= dnssecOf(value);
    } else if (NAME_SERVER_KEYS.has(key)) {
      for (const line of [entry.value, ...entry.more]) {
        const host = hostNameOf(line);
        if (host !== undefined && !result.nameServers.includes(host)) {
          result.nameServers.push(host);
        }
      }
    }
  }
  const contacts = collectContacts(entries, foreign, domainBlock).build();
  result.contacts = contacts;
  const registrar = contacts.registrar;
  result.registrar = registrar?.organization ?? registrar?.name;
  if (registrar?.organization === undefined && registrar?.name !== undefined) {
    registrar.organization = registrar.name;
    delete registrar.name;
  }
  result.kind = kindOf(text, entries, result);
  return result;
}

function kindOf(text: string, entries: Entry[], parsed: ParsedWhois): WhoisReplyKind {
  const hasRecord =
    parsed.nameServers.length > 0 || parsed.createdDate !== undefined || parsed.registrar !== undefined;
  if (entries.some((entry) => entry.key === 'source' && entry.value.toUpperCase() === 'IANA')) {
    return 'referral';
  }
  if (!hasRecord && NOT_FOUND.some((pattern) => pattern.test(text))) {
    return 'not_found';
  }
  if (!hasRecord && REFUSED.some((pattern) => pattern.test(text))) {
    return 'refused';
  }
  if (!hasRecord && THROTTLED.some((pattern) => pattern.test(text))) {
    return 'throttled';
  }
  if (parsed.domain === undefined && !hasRecord) {
    return 'empty';
  }
  return 'record';
}

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
