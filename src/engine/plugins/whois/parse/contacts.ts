/** Contacts: role-prefixed keys, role sections, free-text blocks and RPSL handle blocks. */
import { BLOCK_SECTIONS, type Entry } from './tokenise';
import {
  CONTACT_FIELD_KEYS,
  contactFieldOf,
  HANDLE_KEYS,
  HANDLE_ROLES,
  prefixedLabelOf,
  recordFieldOf,
  REGISTRAR_KEYS,
  SECTION_ROLES,
  SPECIAL_CONTACT_KEYS,
} from './labels';
import { WHOIS_ROLES, type ContactField, type WhoisContact, type WhoisRole } from './types';
import { clean, EMAIL, looksLikeHandle, URL_LIKE } from './values';
import {
  CITY_STATE_ZIP,
  cityCommaCountry,
  postcodeCountry,
  STREET_START,
  ZIP_CITY,
  zipCityCountryCode,
  type AddressParts,
} from './address-shapes';

const EMAIL_INSIDE = /\b(?:contact|e-?mail)\b.*@|^please\b/i;
const URL_INSIDE = /https?:\/\//i;
const NAME_WITH_ID = /^(.*?\S)\s*(?:\(([A-Za-z0-9-]*\d[A-Za-z0-9-]*)\)|\[tag = ([^\]]+)\])$/i;
const NAME_WITH_URL = /^(.*?\S)\s*\((https?:\/\/[^)\s]+)\)$/i;

/** `(415) 829-2341`, `+44.1584873633`, `+1 650 253 0000 ext. 12`. */
const BARE_PHONE = /^\+?[\d\s().-]+(?:\s*(?:ext|x)\.?\s*\d+)?$/i;

/** `address 1`, `address2`: numbered address labels (not ICANN's `street1`). */
const NUMBERED_ADDRESS = /^address ?\d+$/;

export class ContactSet {
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
      // Placeholder clauses ("Please contact contact-admin@google.com, 1600 Amphitheatre
      // Parkway") are dropped; the rest of the line is the street.
      // A line's own trailing comma (`Chiyoda First Bldg. East 13F,`) is not doubled on joining.
      const street = value
        .split(/,\s*/)
        .filter((part) => part !== '' && !EMAIL_INSIDE.test(part) && !URL_INSIDE.test(part))
        .join(', ');
      if (street === '') {
        return;
      }
      contact.street = contact.street === undefined ? street : `${contact.street}, ${street}`;
      return;
    }
    if (field === 'name' || field === 'organization') {
      // A URL is the contact's web page, never its name (`person: https://www.nic.ru/whois`).
      if (URL_LIKE.test(value)) {
        contact.url ??= value;
        return;
      }
      // A handle is the contact's id, never its name (`registrant: ABCD1234-NICAT`).
      if (looksLikeHandle(value)) {
        contact.id ??= value;
        return;
      }
      // `MarkMonitor, Inc. (R22-LRCC)`, `Key-Systems GmbH [Tag = KEY-SYSTEMS-DE]`: name and id.
      const withId = NAME_WITH_ID.exec(value);
      const id = withId?.[2] ?? withId?.[3];
      if (withId?.[1] !== undefined && id !== undefined) {
        contact[field] ??= withId[1];
        contact.id ??= id.trim();
        return;
      }
      // `Whois Corp.(http://whois.co.kr)`: the name, and the URL as the contact's web page.
      const withUrl = NAME_WITH_URL.exec(value);
      if (withUrl?.[1] !== undefined && withUrl[2] !== undefined) {
        contact[field] ??= withUrl[1];
        contact.url ??= withUrl[2];
        return;
      }
    }
    contact[field] ??= value;
  }

  has(role: WhoisRole, field: ContactField): boolean {
    return this.contacts[role]?.[field] !== undefined;
  }

  /** Address lines without labels: "<postal code> <city>" and a final country are recognised. */
  address(role: WhoisRole, lines: string[]): void {
    const usable = lines.map((line) => line.trim()).filter((line) => clean(line) !== undefined);
    const parts = postcodeCountry(usable);
    if (parts !== undefined) {
      this.addressParts(role, parts);
      return;
    }
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

  /**
   * Lines under a role heading (registrar blocks of .nl, .uk, .ch; `Registrant:` blocks of .edu
   * and registrars): the name first, then address lines, phone, fax, e-mail and web lines in any
   * order. An e-mail written on the name line is split off.
   */
  freeLines(role: WhoisRole, lines: string[], nameField: ContactField): void {
    const addressLines: string[] = [];
    for (const [index, line] of lines.entries()) {
      const phone = /^(?:phone|tel(?:ephone)?)[.:]?\s+(.+)$/i.exec(line);
      const fax = /^fax[.:]?\s+(.+)$/i.exec(line);
      const inlineEmail = /^(.*?)[\s,;]+<?([^\s@<>(),;]+@[^\s@<>(),;]+\.[a-z]{2,})>?$/i.exec(line);
      if (phone) {
        this.set(role, 'phone', phone[1]);
      } else if (fax) {
        this.set(role, 'fax', fax[1]);
      } else if (EMAIL.test(line)) {
        this.set(role, 'email', line);
      } else if (URL_LIKE.test(line)) {
        this.set(role, 'url', line);
      } else if (BARE_PHONE.test(line) && (line.match(/\d/g)?.length ?? 0) >= 7) {
        this.set(role, this.has(role, 'phone') ? 'fax' : 'phone', line);
      } else if (index === 0 && inlineEmail?.[1] !== undefined && inlineEmail[1] !== '') {
        this.set(role, nameField, inlineEmail[1]);
        this.set(role, 'email', inlineEmail[2]);
      } else if (index === 0 && !this.has(role, nameField)) {
        this.set(role, nameField, line);
      } else {
        addressLines.push(line);
      }
    }
    // A person's block (`Dennis Doe`, `Systems Administrator`, `North Idaho College`, `1000 W.
    // Garden Avenue`): the lines between the name and the first street line are where the person
    // works, not the address.
    const streetStart = addressLines.findIndex((line) => STREET_START.test(line));
    if (nameField === 'name' && streetStart > 0 && !this.has(role, 'organization')) {
      this.set(role, 'organization', addressLines.slice(0, streetStart).join(', '));
      addressLines.splice(0, streetStart);
    }
    this.freeAddress(role, addressLines);
  }

  /**
   * Unlabelled address lines: a `City, ST 12345` or `12345 City` line splits off city, state
   * and postal code; lines before it are the street; a last line without digits after it is
   * the country. Without such a line, every line is street.
   */
  freeAddress(role: WhoisRole, lines: string[]): void {
    const usable = lines.map((line) => line.trim()).filter((line) => clean(line) !== undefined);
    // The last such line: a street can look like `1000 W. Garden Avenue` too.
    const americanIndex = usable.findLastIndex((line) => CITY_STATE_ZIP.test(line));
    const cityIndex =
      americanIndex >= 0 ? americanIndex : usable.findLastIndex((line) => ZIP_CITY.test(line));
    const shaped = cityIndex < 0 ? (postcodeCountry(usable) ?? cityCommaCountry(usable)) : undefined;
    if (shaped !== undefined) {
      this.addressParts(role, shaped);
      return;
    }
    if (cityIndex < 0 || (cityIndex === 0 && americanIndex < 0) || cityIndex < usable.length - 2) {
      this.address(role, usable);
      return;
    }
    const cityLine = usable[cityIndex] ?? '';
    const american = CITY_STATE_ZIP.exec(cityLine);
    const european = ZIP_CITY.exec(cityLine);
    for (const street of usable.slice(0, cityIndex)) {
      this.set(role, 'street', street);
    }
    if (american) {
      this.set(role, 'city', american[1]);
      this.set(role, 'province', american[2]);
      this.set(role, 'postalCode', american[3]);
    } else if (european) {
      this.set(role, 'postalCode', european[1]);
      this.set(role, 'city', european[2]);
    }
    const country = usable[cityIndex + 1];
    if (country !== undefined && !/\d/.test(country)) {
      this.set(role, 'country', country);
    }
  }

  /** Sets the parts one address shape recognised. */
  private addressParts(role: WhoisRole, parts: AddressParts): void {
    for (const street of parts.street) {
      this.set(role, 'street', street);
    }
    this.set(role, 'city', parts.city);
    this.set(role, 'province', parts.province);
    this.set(role, 'postalCode', parts.postalCode);
    this.set(role, 'country', parts.country);
  }

  /** An RPSL contact object's `address:` lines (street first, see `zipCityCountryCode`). */
  handleAddress(role: WhoisRole, lines: string[]): void {
    const usable = lines.map((line) => line.trim()).filter((line) => clean(line) !== undefined);
    const parts = zipCityCountryCode(usable);
    if (parts === undefined) {
      this.address(role, usable);
    } else {
      this.addressParts(role, parts);
    }
  }

  /**
   * `Registrant address 1` .. `Registrant address 5` (.nc): one address written over numbered
   * labels, whose postcode-and-city and country lines only show as such once all are read.
   */
  private readonly numberedAddress = new Map<WhoisRole, string[]>();

  numberedAddressLine(role: WhoisRole, line: string): void {
    const lines = this.numberedAddress.get(role);
    if (lines === undefined) {
      this.numberedAddress.set(role, [line]);
    } else {
      lines.push(line);
    }
  }

  build(): Partial<Record<WhoisRole, WhoisContact>> {
    for (const [role, lines] of this.numberedAddress) {
      this.freeAddress(role, lines);
    }
    this.numberedAddress.clear();
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

/**
 * True when entry `index` names its block's own handle: `nic-hdl:`/`contact-id:` anywhere in
 * it, or a block opening with `contact: <handle>` (.cz).
 */
export function definesHandle(entries: readonly Entry[], index: number): boolean {
  const entry = entries[index];
  if (entry === undefined) {
    return false;
  }
  if (HANDLE_KEYS.has(entry.key)) {
    return true;
  }
  return (
    entry.key === 'contact' &&
    looksLikeHandle(entry.value) &&
    (index === 0 || entries[index - 1]?.block !== entry.block)
  );
}

export function collectContacts(
  entries: Entry[],
  foreign: Set<number>,
  domainBlock: number | undefined,
): ContactSet {
  const contacts = new ContactSet();
  // Each handle's block (the last block that defines it), read in one pass over the entries.
  const blockOfHandle = new Map<string, number>();
  for (const [index, entry] of entries.entries()) {
    if (definesHandle(entries, index)) {
      blockOfHandle.set(entry.value.toLowerCase(), entry.block);
    }
  }
  const handles = new Map<string, Entry[]>();
  if (blockOfHandle.size > 0) {
    const byBlock = new Map<number, Entry[]>();
    for (const entry of entries) {
      const list = byBlock.get(entry.block);
      if (list === undefined) {
        byBlock.set(entry.block, [entry]);
      } else {
        list.push(entry);
      }
    }
    for (const [handle, block] of blockOfHandle) {
      handles.set(handle, byBlock.get(block) ?? []);
    }
  }
  for (const entry of entries) {
    if (foreign.has(entry.block)) {
      continue;
    }
    // Record fields (dates, status, name servers...) outside any section say nothing of contacts.
    if (entry.section === undefined && recordFieldOf(entry.key) !== undefined) {
      continue;
    }
    // `registrant: com-gi8-1` names a contact block: read there, not as a name here.
    if (HANDLE_ROLES[entry.key] !== undefined && handles.has(entry.value.toLowerCase())) {
      continue;
    }
    const sectionRole = entry.section === undefined ? undefined : SECTION_ROLES[entry.section];
    // In a role's section a plain label (`name:`) is that role's; a label it does not know
    // (`Registrant Name:` under `Registrant:`) is read by the rules below.
    const sectionField = sectionRole === undefined ? undefined : contactFieldOf(entry.key);
    if (sectionRole !== undefined && sectionField !== undefined) {
      const field = sectionField;
      if (field === 'street') {
        contacts.address(sectionRole, [entry.value, ...entry.more]);
      } else if (sectionRole === 'registrar' && field === 'name') {
        contacts.set(
          'registrar',
          contacts.has('registrar', 'organization') ? 'id' : 'organization',
          entry.value,
        );
      } else {
        contacts.set(sectionRole, field, entry.value);
      }
      continue;
    }
    const headerRole = BLOCK_SECTIONS.has(entry.key) ? undefined : SECTION_ROLES[entry.key];
    if (headerRole !== undefined && (entry.value !== '' || entry.more.length > 0)) {
      const nameField: ContactField =
        headerRole === 'registrar' || headerRole === 'registrant' ? 'organization' : 'name';
      const lines = entry.value === '' ? entry.more : [entry.value, ...entry.more];
      contacts.freeLines(headerRole, lines, nameField);
      continue;
    }
    // A domain block's own organisation and address lines (IANA) are the registrant's.
    if (entry.block === domainBlock && (entry.key === 'organisation' || entry.key === 'organization')) {
      contacts.set('registrant', 'organization', entry.value);
      continue;
    }
    if (
      entry.block === domainBlock &&
      entry.key === 'address' &&
      contacts.has('registrant', 'organization')
    ) {
      contacts.address('registrant', [entry.value, ...entry.more]);
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
    const prefixed = prefixedLabelOf(entry.key);
    if (prefixed) {
      const { role, rest } = prefixed;
      if (rest === undefined) {
        const nameField = role === 'registrant' || role === 'registrar' ? 'organization' : 'name';
        contacts.set(role, nameField, entry.value);
        continue;
      }
      const labelled = contactFieldOf(rest);
      // A registrar's name is its organization.
      const field = role === 'registrar' && labelled === 'name' ? 'organization' : labelled;
      if (field === 'street' && NUMBERED_ADDRESS.test(rest)) {
        contacts.numberedAddressLine(role, entry.value);
      } else if (field === 'street') {
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

/**
 * The entries of blocks the domain block links to: a block opening with the same `key: value`
 * as a line of the domain block (.cz `nsset: X`, whose block names the `tech-c`) belongs to it,
 * and so does an unnamed block opening with the name servers (.fo `nserver:` then `tech-c:`).
 */
function linkedEntries(entries: Entry[], domainEntries: Entry[]): Entry[] {
  const domainBlock = domainEntries[0]?.block;
  const links = new Set(domainEntries.map((entry) => `${entry.key}\n${entry.value.toLowerCase()}`));
  const linked = new Set<number>();
  for (const [index, entry] of entries.entries()) {
    const opensBlock = index === 0 || entries[index - 1]?.block !== entry.block;
    if (
      opensBlock &&
      entry.block !== domainBlock &&
      (links.has(`${entry.key}\n${entry.value.toLowerCase()}`) || recordFieldOf(entry.key) === 'nameServer')
    ) {
      linked.add(entry.block);
    }
  }
  return linked.size === 0 ? [] : entries.filter((entry) => linked.has(entry.block));
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
  // Without handle blocks no role line can point anywhere: the linked blocks are not sought.
  const roleLines = handles.size === 0 ? [] : [...domainEntries, ...linkedEntries(entries, domainEntries)];
  for (const entry of roleLines) {
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
        // `name:` is the contact's name (.cz); other name-like labels in a handle block are not.
        // A labelled `street:` (.fo) is the street as written; `address:` lines are read above.
        if ((field === 'name' && item.key === 'name') || (field === 'street' && item.key === 'street')) {
          contacts.set(role, field, item.value);
        } else if (field !== undefined && field !== 'name' && field !== 'id' && field !== 'street') {
          contacts.set(role, field, item.value);
        }
      }
    }
    // A person's or role's object (AFNIC) writes the organization on the first address line:
    // `1C2` or `AFNIC`, then the street (`2, rue Stephenson`), not a house number with a street.
    const isPersonOrRole = block.some((item) => item.key === 'type' && /^(?:person|role)$/i.test(item.value));
    const first = addressLines[0];
    if (isPersonOrRole && addressLines.length >= 3 && first !== undefined && !/^\d+\s*[\s,]/.test(first)) {
      contacts.set(role, 'organization', addressLines.shift());
    }
    contacts.handleAddress(role, addressLines);
  }
  // A registrar block (.fr) starts with `registrar:` outside the domain block.
  const registrarBlock = entries.find(
    (entry) =>
      entry.key === 'registrar' && entry.block !== domainBlock && !handles.has(entry.value.toLowerCase()),
  );
  if (
    registrarBlock !== undefined &&
    !entries.some((e) => e.block === registrarBlock.block && HANDLE_KEYS.has(e.key))
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
