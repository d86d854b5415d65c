/**
 * RPSL-style contacts (.fr, .is, .br, .cz and kin): the domain block names handles (`admin-c:
 * X`) whose own blocks (`nic-hdl: X`) hold the contact.
 */
import type { ContactSet } from './contact-set';
import { CONTACT_FIELD_KEYS } from './labels';
import type { Entry } from './tokenise';
import type { WhoisRole } from './types';
import { looksLikeHandle } from './values';

/**
 * True when the entry names its block's own handle: `nic-hdl:`/`contact-id:` anywhere in it,
 * or a block opening with `contact: <handle>` (.cz).
 */
export function definesHandle(entry: Entry): boolean {
  return (
    entry.label.handleKey || (entry.opensBlock && entry.key === 'contact' && looksLikeHandle(entry.value))
  );
}

/** The role a domain block's line refers to a contact by (`admin-c: X`, `Registrant: X`). */
export function referenceRoleOf(entry: Entry): WhoisRole | undefined {
  return entry.label.referenceRole;
}

/**
 * Each handle's block entries (the last block that defines it), read in one pass. A block defines
 * a handle by a handle key (`nic-hdl: X`), or by opening with the value a role line of the domain
 * block refers to (`Registrant: Google` in the domain block, `Contact: Google` opening a block:
 * .sk and kin).
 */
export function handleBlocks(
  entries: readonly Entry[],
  domainBlock?: number,
  referenced?: ReadonlySet<string>,
): Map<string, Entry[]> {
  const blockOfHandle = new Map<string, number>();
  for (const entry of entries) {
    // (Lower-cased only for the few entries that can define a handle: this runs per reply.)
    if (definesHandle(entry)) {
      blockOfHandle.set(entry.value.toLowerCase(), entry.block);
    } else if (referenced !== undefined && entry.opensBlock && entry.block !== domainBlock) {
      const value = entry.value.toLowerCase();
      if (referenced.has(value)) {
        blockOfHandle.set(value, entry.block);
      }
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
  return handles;
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
      (links.has(`${entry.key}\n${entry.value.toLowerCase()}`) || entry.label.record === 'nameServer')
    ) {
      linked.add(entry.block);
    }
  }
  return linked.size === 0 ? [] : entries.filter((entry) => linked.has(entry.block));
}

/** RPSL replies: the domain block names handles (`admin-c: X`) whose blocks hold the contacts. */
export function collectHandleContacts(
  entries: Entry[],
  domainBlock: number,
  handles: Map<string, Entry[]>,
  contacts: ContactSet,
): void {
  // One walk: the domain block's entries and the first registrar block outside it.
  const domainEntries: Entry[] = [];
  let registrarBlock: Entry | undefined;
  for (const entry of entries) {
    if (entry.block === domainBlock) {
      domainEntries.push(entry);
    } else if (
      registrarBlock === undefined &&
      entry.key === 'registrar' &&
      !handles.has(entry.value.toLowerCase())
    ) {
      registrarBlock = entry;
    }
  }
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
    const role = referenceRoleOf(entry);
    const block = handles.get(entry.value.toLowerCase());
    if (role === undefined || block === undefined) {
      continue;
    }
    contacts.set(role, 'id', entry.value);
    const isOrganization = block.some((item) => item.key === 'type' && /organi[sz]ation/i.test(item.value));
    const addressLines: string[] = [];
    for (const item of block) {
      // The line naming the block by the handle is its id, not its name (`Contact: Google`).
      if (item === block[0] && item.value.toLowerCase() === entry.value.toLowerCase()) {
        continue;
      }
      if (item.key === 'contact' || item.key === 'person') {
        contacts.set(role, isOrganization ? 'organization' : 'name', item.value);
      } else if (item.key === 'role') {
        contacts.set(role, 'organization', item.value);
      } else if (item.key === 'address') {
        addressLines.push(item.value);
      } else {
        const field = CONTACT_FIELD_KEYS[item.key];
        // `name:` (.cz) and `personname:` (.at) are the contact's name; other name-like labels
        // in a handle block are not. A labelled street (`street:` .fo, `street address:` .at) is
        // the street as written; `address:` lines are read above.
        const personName = item.key === 'name' || item.key.startsWith('person');
        if (field !== undefined && field !== 'id' && (field !== 'name' || personName)) {
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
  if (
    registrarBlock !== undefined &&
    !entries.some((e) => e.block === registrarBlock.block && e.label.handleKey)
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
