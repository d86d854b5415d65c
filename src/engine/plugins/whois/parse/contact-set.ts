/**
 * One reply's contacts as they are read: the first value of each field wins, placeholders are
 * dropped, and the shapes of unlabelled lines (name, street, `City, ST 12345`, phone, e-mail)
 * are told apart.
 */
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
const NAME_WITH_URL = /^(.*?\S)\s*\(\s*(https?:\/\/[^)\s]+)\s*\)$/i;
const CLOSE_PAREN = 0x29;
const CLOSE_BRACKET = 0x5d;

/** `Phone: +1 ...`, `Tel. ...`, `Fax: ...` lines of a free-text block. */
const PHONE_LINE = /^(?:phone|tel(?:ephone)?)[.:]?\s+(.+)$/i;
const FAX_LINE = /^fax[.:]?\s+(.+)$/i;
/** `Example Inc. <hostmaster@example.com>`: a name with its e-mail on one line. */
const NAME_THEN_EMAIL = /^(.*?)[\s,;]+<?([^\s@<>(),;]+@[^\s@<>(),;]+\.[a-z]{2,})>?$/i;

/** A street line's clause that is a placeholder (a contact pointer or a URL), not a street. */
function isPointerClause(part: string): boolean {
  return EMAIL_INSIDE.test(part) || (part.includes('://') && URL_INSIDE.test(part));
}

/**
 * The line of a free-text block naming the person with an e-mail after the name (`Jane Doe
 * jane@example.com`), placed after the organisation's line(s); -1 without one. Only the first
 * four lines are looked at: a person's line further down is not the contact's.
 */
function personLineIndex(lines: readonly string[]): number {
  for (let index = 1; index < Math.min(lines.length, 4); index += 1) {
    const line = lines[index] ?? '';
    if (line.includes('@') && !EMAIL.test(line.trim())) {
      const person = NAME_THEN_EMAIL.exec(line);
      return person?.[1] !== undefined && /\p{L}/u.test(person[1]) && !BARE_PHONE.test(person[1])
        ? index
        : -1;
    }
    if (EMAIL.test(line.trim()) || BARE_PHONE.test(line) || PHONE_LINE.test(line)) {
      return -1;
    }
  }
  return -1;
}

/** `(415) 829-2341`, `+44.1584873633`, `+1 650 253 0000 ext. 12`. */
const BARE_PHONE = /^\+?[\d\s().-]+(?:\s*(?:ext|x)\.?\s*\d+)?$/i;

/** Fields whose value may land in another field (see `ContactSet.set`); the others land as they are. */
const REROUTED_FIELDS: ReadonlySet<ContactField> = new Set(['email', 'street', 'name', 'organization']);

export class ContactSet {
  readonly contacts: Partial<Record<WhoisRole, WhoisContact>> = {};

  /** Sets a field unless it is already set (the first value wins) or the value is unusable. */
  set(role: WhoisRole, field: ContactField, raw: string | undefined): void {
    // The first value wins: a later value of a plain field that is already set changes nothing,
    // so it is not cleaned (the placeholder pattern is the costly part). E-mail, street, name
    // and organization values may land in another field, so they are always read.
    if (this.contacts[role]?.[field] !== undefined && !REROUTED_FIELDS.has(field)) {
      return;
    }
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
      const street = !value.includes(',')
        ? isPointerClause(value)
          ? ''
          : value
        : value
            .split(/,\s*/)
            .filter((part) => part !== '' && !isPointerClause(part))
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
      // Both shapes below end in a bracket; most names do not, and skip the patterns (whose
      // lazy start makes them costly on every name).
      const last = value.charCodeAt(value.length - 1);
      if (last !== CLOSE_PAREN && last !== CLOSE_BRACKET) {
        contact[field] ??= value;
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

  /** A family name after the given name (`Given name:` then `Family name:`): one name. */
  appendName(role: WhoisRole, raw: string | undefined): void {
    const value = clean(raw);
    const contact = this.contacts[role];
    if (value === undefined || contact?.name === undefined) {
      this.set(role, 'name', raw);
      return;
    }
    contact.name = `${contact.name} ${value}`;
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
    const personAt = personLineIndex(lines);
    if (personAt > 0) {
      // `Example Ltd.`, then `Jane Doe  jane@example.com` (.tw): the lines above the person's line
      // are the organisation's name (in one or more scripts), the lines below it the rest.
      this.set(role, 'organization', lines.slice(0, personAt).join(', '));
      const person = NAME_THEN_EMAIL.exec(lines[personAt] ?? '');
      this.set(role, 'name', person?.[1]);
      this.set(role, 'email', person?.[2]);
      lines = lines.slice(personAt + 1);
    }
    for (const [index, line] of lines.entries()) {
      // Each shape is matched only when the ones before it did not match.
      const phone = PHONE_LINE.exec(line);
      const fax = phone === null ? FAX_LINE.exec(line) : null;
      const inlineEmail =
        index === 0 && personAt <= 0 && line.includes('@') ? NAME_THEN_EMAIL.exec(line) : null;
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
      } else if (index === 0 && personAt <= 0 && !this.has(role, nameField)) {
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
