/** Contacts: role-prefixed keys, role sections, free-text blocks and RPSL handle blocks. */
import { BLOCK_SECTIONS, type Entry } from './tokenise';
import {
  CONTACT_FIELD_KEYS,
  HANDLE_ROLES,
  PREFIX_ROLES,
  PREFIXED,
  REGISTRAR_KEYS,
  SECTION_ROLES,
  SPECIAL_CONTACT_KEYS,
} from './labels';
import { WHOIS_ROLES, type ContactField, type WhoisContact, type WhoisRole } from './types';
import { clean, EMAIL, URL_LIKE } from './values';

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

export function collectContacts(
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
