/**
 * Everything the parser asks about one label, worked out once per distinct label and cached.
 * The tokeniser attaches these facts to each entry, so the walks over a reply's entries read a
 * field instead of asking each label table (and its regular expressions) again per entry.
 */
import {
  contactFieldOf,
  DOMAIN_KEYS,
  HANDLE_KEYS,
  HANDLE_ROLES,
  isRuleDateLabel,
  RECORD_HEADINGS,
  RECORD_LABEL,
  recordFieldOf,
  REGISTRAR_KEYS,
  SECTION_ROLES,
  SPECIAL_CONTACT_KEYS,
  type RecordField,
} from './labels';
import { prefixedLabelOf } from './prefixed-labels';
import { headingRoleOf } from './role-labels';
import type { ContactField, WhoisRole } from './types';

/** A role-prefixed label (`Registrant Street1`, `admin-c`) taken apart. */
export interface PrefixedLabel {
  role: WhoisRole;
  /** The label after the role (`street1`), if any. */
  rest: string | undefined;
  /** The contact field the rest names; a registrar's `name` is its organization. */
  field: ContactField | undefined;
  /** `address 1`, `address2`: one numbered line of an address (not ICANN's `street1`). */
  numberedAddress: boolean;
}

export interface LabelFacts {
  /** The normalised label: lower case, single spaces, no trailing parenthetical. */
  readonly key: string;
  /** The record field the label names (exact tables, then word rules). */
  readonly record: RecordField | undefined;
  /** Not in the exact tables: a date label found by a word rule must hold a real date. */
  readonly ruleDate: boolean;
  /** `record ...`, `domain ...`: the record's own field even under a contact heading. */
  readonly recordLabel: boolean;
  /** `domain name`, `domain`: the label naming the domain. */
  readonly domain: boolean;
  /** The contact field a plain label names (`name`, `street1`, `phone`). */
  readonly contactField: ContactField | undefined;
  /** The role a section or heading with this label belongs to (`registrant`, `registrar`). */
  readonly sectionRole: WhoisRole | undefined;
  /** A heading of a contact role (a section role other than the registrar). */
  readonly roleHeading: boolean;
  /** A plain heading of the record's own part (`Domain Details`). */
  readonly recordHeading: boolean;
  /** A section running to the end of its block (JPRS `Contact Information`). */
  readonly blockSection: boolean;
  /** A domain block's key that refers to a contact by its handle (`admin-c`). */
  readonly handleRole: WhoisRole | undefined;
  /**
   * The role a domain block's line with this label refers to a contact block by (`admin-c`, and a
   * role label with no field after it: `Registrant`, `Admin Contact`); never the registrar.
   */
  readonly referenceRole: WhoisRole | undefined;
  /** The key naming a contact block's own handle (`nic-hdl`). */
  readonly handleKey: boolean;
  /** A key the tables map straight to one contact field (`registrar iana id`). */
  readonly special: readonly [WhoisRole, ContactField] | undefined;
  /** A key whose value is the registrar's name. */
  readonly registrarName: boolean;
  readonly prefixed: PrefixedLabel | undefined;
  /** Empty or URL-like: no label at all. */
  readonly unusable: boolean;
  /** Ends in a digit (`Name Server 1`): a value starting with a time makes it a cut sentence. */
  readonly endsInDigit: boolean;
}

/** Keys that open a section running to the end of their block (JPRS contact part). */
export const BLOCK_SECTIONS: ReadonlySet<string> = new Set(['contact information']);

const NUMBERED_ADDRESS = /^address ?\d+$/;

function prefixedFacts(key: string): PrefixedLabel | undefined {
  const prefixed = prefixedLabelOf(key);
  if (prefixed === undefined) {
    return undefined;
  }
  const { role, rest } = prefixed;
  const labelled = rest === undefined ? undefined : contactFieldOf(rest);
  return {
    role,
    rest,
    field: role === 'registrar' && labelled === 'name' ? 'organization' : labelled,
    numberedAddress: rest !== undefined && NUMBERED_ADDRESS.test(rest),
  };
}

function referenceRoleFor(
  handleRole: WhoisRole | undefined,
  prefixed: PrefixedLabel | undefined,
): WhoisRole | undefined {
  const role = handleRole ?? (prefixed?.rest === undefined ? prefixed?.role : undefined);
  return role === 'registrar' ? undefined : role;
}

function factsFor(key: string): LabelFacts {
  const sectionRole = SECTION_ROLES[key] ?? headingRoleOf(key);
  const prefixed = prefixedFacts(key);
  const lastCode = key.charCodeAt(key.length - 1);
  return {
    key,
    record: recordFieldOf(key),
    ruleDate: isRuleDateLabel(key),
    recordLabel: RECORD_LABEL.test(key),
    domain: DOMAIN_KEYS.has(key),
    contactField: contactFieldOf(key),
    sectionRole,
    roleHeading: sectionRole !== undefined && key !== 'registrar',
    recordHeading: RECORD_HEADINGS.has(key),
    blockSection: BLOCK_SECTIONS.has(key),
    handleRole: HANDLE_ROLES[key],
    referenceRole: referenceRoleFor(HANDLE_ROLES[key], prefixed),
    handleKey: HANDLE_KEYS.has(key),
    special: SPECIAL_CONTACT_KEYS[key],
    registrarName: REGISTRAR_KEYS.has(key),
    prefixed,
    unusable: key === '' || key.includes('http'),
    endsInDigit: lastCode >= 48 && lastCode <= 57,
  };
}

/**
 * Lower case, single spaces; underscores and dot leaders are spacing (`domain_name`,
 * `Domain Name.......`); a trailing parenthetical is a hint, not part of the label.
 */
export function normaliseKey(raw: string): string {
  let key = raw;
  // Each step only when its character is there.
  if (key.endsWith(')')) {
    key = key.replace(/\([^)]*\)\s*$/, '');
  }
  if (key.includes('_')) {
    key = key.replaceAll('_', ' ');
  }
  key = key.trim();
  if (key.endsWith('.')) {
    key = key.replace(/[.\s]+$/, '');
  }
  key = key.toLowerCase();
  if (key.includes('  ') || key.includes('\t')) {
    key = key.replace(/\s+/g, ' ');
  }
  return key;
}

// Labels repeat across replies; both caches are bounded whatever a server sends.
const CACHE_LIMIT = 16_384;
const factsByKey = new Map<string, LabelFacts>();
const factsByRaw = new Map<string, LabelFacts>();

/**
 * A copy of a label that does not hold on to the reply it was cut from. A label cut from a line
 * is a slice of the whole reply's text (V8 keeps the reply alive for as long as the slice lives),
 * so a cached label would keep each reply it first appeared in for the life of the process.
 */
function detached(label: string): string {
  return JSON.parse(JSON.stringify(label)) as string;
}

/** The facts of a normalised label. */
export function factsOfKey(key: string): LabelFacts {
  let facts = factsByKey.get(key);
  if (facts === undefined) {
    const kept = detached(key);
    facts = factsFor(kept);
    if (factsByKey.size > CACHE_LIMIT) {
      factsByKey.clear();
    }
    factsByKey.set(kept, facts);
  }
  return facts;
}

/**
 * The facts of a line too long to be a label (terms text opening a block): none. Labels are at
 * most 60 characters (`tokenise.ts`), so no table names such a line.
 */
function unlabelled(key: string): LabelFacts {
  return {
    key,
    record: undefined,
    ruleDate: false,
    recordLabel: false,
    domain: false,
    contactField: undefined,
    sectionRole: undefined,
    roleHeading: false,
    recordHeading: false,
    blockSection: false,
    handleRole: undefined,
    referenceRole: undefined,
    handleKey: false,
    special: undefined,
    registrarName: false,
    prefixed: undefined,
    unusable: false,
    endsInDigit: false,
  };
}

/** The facts of a label as written in a reply (`Registrant Street1`, `domain_name`). */
export function labelOf(raw: string): LabelFacts {
  if (raw.length > 80) {
    // A long unkeyed line (terms text) is no label: not worth normalising, looking up or keeping.
    // A short label with a long hint after it (`Company English Name (It should be ...)`) is
    // the label before the hint.
    const hint = raw.endsWith(')') ? raw.indexOf('(') : -1;
    return hint > 0 && hint <= 60 ? labelOf(raw.slice(0, hint)) : unlabelled(raw.toLowerCase());
  }
  let facts = factsByRaw.get(raw);
  if (facts === undefined) {
    facts = factsOfKey(normaliseKey(raw));
    if (factsByRaw.size > CACHE_LIMIT) {
      factsByRaw.clear();
    }
    factsByRaw.set(detached(raw), facts);
  }
  return facts;
}
