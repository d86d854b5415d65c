/**
 * Contacts from labelled lines: role-prefixed keys (`Registrant Street1`), role sections and
 * headings with free-text blocks, the special keys of the label tables; then the RPSL handle
 * blocks (`handle-contacts.ts`). The values land in a `ContactSet` (`contact-set.ts`).
 */
import { ContactSet } from './contact-set';
import { collectHandleContacts, handleBlocks } from './handle-contacts';
import { BLOCK_SECTIONS, type Entry } from './tokenise';
import {
  contactFieldOf,
  HANDLE_ROLES,
  prefixedLabelOf,
  recordFieldOf,
  REGISTRAR_KEYS,
  SECTION_ROLES,
  SPECIAL_CONTACT_KEYS,
} from './labels';
import type { ContactField } from './types';

/** `address 1`, `address2`: numbered address labels (not ICANN's `street1`). */
const NUMBERED_ADDRESS = /^address ?\d+$/;

/** Every contact of a reply, from the entries outside `foreign` blocks. */
export function collectContacts(
  entries: Entry[],
  foreign: Set<number>,
  domainBlock: number | undefined,
): ContactSet {
  const contacts = new ContactSet();
  // Each handle's block (the last block that defines it), read in one pass over the entries.
  const handles = handleBlocks(entries);
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
