/**
 * Contacts from labelled lines: role-prefixed keys (`Registrant Street1`), role sections and
 * headings with free-text blocks, the special keys of the label tables; then the RPSL handle
 * blocks (`handle-contacts.ts`). The values land in a `ContactSet` (`contact-set.ts`).
 */
import { ContactSet } from './contact-set';
import { collectHandleContacts, definesHandle, handleBlocks, referenceRoleOf } from './handle-contacts';
import { NAME_PART_KEYS } from './role-labels';
import type { Entry } from './tokenise';
import type { ContactField, WhoisRole } from './types';

/** Every contact of a reply, from the entries outside `foreign` blocks. */
export function collectContacts(
  entries: Entry[],
  foreign: Set<number>,
  domainBlock: number | undefined,
): ContactSet {
  const contacts = new ContactSet();
  // The values the domain block's role lines refer to (`admin-c: X`, `Registrant: X`).
  let referenced: Set<string> | undefined;
  if (domainBlock !== undefined) {
    for (const entry of entries) {
      if (entry.block === domainBlock && entry.value !== '' && referenceRoleOf(entry) !== undefined) {
        (referenced ??= new Set()).add(entry.value.toLowerCase());
      }
    }
  }
  // Each handle's block (the last block that defines it), read in one pass over the entries.
  const handles = handleBlocks(entries, domainBlock, referenced);
  // Blocks the domain block refers to by handle are read by the handle rules (their role comes
  // from the reference), not again as the section a heading before them names.
  const referencedBlocks = referenced === undefined ? undefined : blocksOf(entries, handles, referenced);
  // Consecutive `address:` lines of one section are one address (`Kaupintie 5`, `00440`,
  // `Helsinki`), read together so that the postal code and city lines are recognised.
  const run: AddressRun = { role: undefined, key: '', lines: [] };
  for (const entry of entries) {
    if (run.role !== undefined && !(entry.key === run.key && entry.section?.sectionRole === run.role)) {
      flushAddress(contacts, run);
    }
    // What the label tables say of this entry's key, worked out once per distinct label.
    const label = entry.label;
    if (foreign.has(entry.block)) {
      continue;
    }
    // Record fields (dates, status, name servers...) outside any section say nothing of contacts.
    if (entry.section === undefined && label.record !== undefined) {
      continue;
    }
    // `registrant: com-gi8-1` names a contact block: read there, not as a name here.
    if (
      handles.size > 0 &&
      entry.block === domainBlock &&
      referenceRoleOf(entry) !== undefined &&
      handles.has(entry.value.toLowerCase())
    ) {
      continue;
    }
    const sectionRole = referencedBlocks?.has(entry.block) === true ? undefined : entry.section?.sectionRole;
    // The line opening a role's own block names the contact by its handle (`Technical Contact:
    // mmr-170347`, then `Name:`..., .sk): the handle is the contact's id, not its name.
    if (sectionRole !== undefined && entry.opensBlock && opensRoleBlock(entry, sectionRole)) {
      contacts.set(sectionRole, 'id', entry.value);
      continue;
    }
    // In a role's section a plain label (`name:`) is that role's; a label it does not know
    // (`Registrant Name:` under `Registrant:`) is read by the rules below.
    const sectionField = sectionRole === undefined ? undefined : label.contactField;
    if (sectionRole !== undefined && sectionField !== undefined) {
      const field = sectionField;
      // `address-loc` (.ua) repeats a field in the local script: it fills the field when the
      // reply left it empty, never adds to it.
      if (label.key.endsWith('-loc') && contacts.has(sectionRole, field)) {
        continue;
      }
      if (field === 'street') {
        if (run.role === undefined) {
          run.role = sectionRole;
          run.key = entry.key;
        }
        run.lines.push(entry.value, ...entry.more);
      } else if (field === 'name' && NAME_PART_KEYS[label.key] === 'family') {
        contacts.appendName(sectionRole, entry.value);
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
    const headerRole = label.blockSection ? undefined : label.sectionRole;
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
    const special = label.special;
    if (special !== undefined) {
      if (special[1] === 'street') {
        contacts.address(special[0], [entry.value, ...entry.more]);
      } else {
        contacts.set(special[0], special[1], entry.value);
      }
      continue;
    }
    if (label.registrarName) {
      contacts.set('registrar', 'organization', entry.value);
      continue;
    }
    const prefixed = label.prefixed;
    if (prefixed) {
      const { role, rest, field } = prefixed;
      if (rest === undefined) {
        const nameField = role === 'registrant' || role === 'registrar' ? 'organization' : 'name';
        contacts.set(role, nameField, entry.value);
        continue;
      }
      // (A registrar's name is its organization: `field` says so already.)
      if (field === 'street' && prefixed.numberedAddress) {
        contacts.numberedAddressLine(role, entry.value);
      } else if (field === 'street') {
        contacts.address(role, [entry.value, ...entry.more]);
      } else if (field !== undefined) {
        contacts.set(role, field, entry.value);
      }
    }
  }
  flushAddress(contacts, run);
  if (domainBlock !== undefined) {
    collectHandleContacts(entries, domainBlock, handles, contacts);
  }
  return contacts;
}

/** A role line whose value is one word with a digit (a handle) opening that role's block. */
function opensRoleBlock(entry: Entry, sectionRole: WhoisRole): boolean {
  const label = entry.label;
  return (
    (label.referenceRole ?? label.sectionRole) === sectionRole &&
    entry.value !== '' &&
    HANDLE_WORD.test(entry.value)
  );
}

const HANDLE_WORD = /^(?=\S*\d)\S{2,40}$/;

/** Address lines of one section read so far (`role` undefined: none). */
interface AddressRun {
  role: WhoisRole | undefined;
  key: string;
  lines: string[];
}

function flushAddress(contacts: ContactSet, run: AddressRun): void {
  if (run.role !== undefined) {
    contacts.address(run.role, run.lines);
    run.role = undefined;
    run.lines = [];
  }
}

/** Every block defining a handle the domain block refers to (a handle may be defined twice). */
function blocksOf(
  entries: Entry[],
  handles: Map<string, Entry[]>,
  referenced: Set<string>,
): Set<number> | undefined {
  if (handles.size === 0) {
    return undefined;
  }
  const blocks = new Set<number>();
  for (const [handle, block] of handles) {
    if (referenced.has(handle) && block[0] !== undefined) {
      blocks.add(block[0].block);
    }
  }
  if (blocks.size > 0) {
    for (const entry of entries) {
      if (definesHandle(entry) && referenced.has(entry.value.toLowerCase())) {
        blocks.add(entry.block);
      }
    }
  }
  return blocks;
}
