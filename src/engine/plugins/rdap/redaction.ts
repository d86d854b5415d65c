/**
 * RFC 9537 redaction: a reply's `redacted` member says which values were removed, emptied,
 * shortened or replaced. A redacted jCard property never becomes an entity (an emptied name, a
 * partial phone, a web form standing in for an e-mail), and the record lists what was redacted.
 */
import { isObject } from '../../util/is-object';
import type { RdapObject } from './wire';

/** jCard property per field word of a redaction name (ICANN RDAP Response Profile names). */
const FIELD_PROPERTIES: readonly [RegExp, string][] = [
  [/\bname\b/i, 'fn'],
  [/\borgani[sz]ation\b/i, 'org'],
  [/\b(?:street|city|state|province|postal|country)\b/i, 'adr'],
  [/\b(?:phone|fax)\b/i, 'tel'],
  [/\be-?mail\b/i, 'email'],
];

/** Entity role per leading word of a redaction name ("Registrant Email", "Tech Name"). */
const ROLE_WORDS: readonly [RegExp, string][] = [
  [/^registrant\b/i, 'registrant'],
  [/^admin(?:istrative)?\b/i, 'administrative'],
  [/^tech(?:nical)?\b/i, 'technical'],
  [/^billing\b/i, 'billing'],
  [/^registrar\b/i, 'registrar'],
];

export interface Redactions {
  /** What was redacted, as the server names it ("Registrant Email"), in reply order. */
  names: string[];
  /** `<role>:<jCard property>` pairs whose values must not become entities. */
  hidden: Set<string>;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The role and property a JSONPath names, in the forms servers write: `@.roles[0]=='x'`, `@[0]=='fn'`. */
function fromPath(path: string): { role?: string; property?: string } {
  const role = /roles[^'"]*['"]([\w-]+)['"]/i.exec(path)?.[1]?.toLowerCase();
  const property = /@\[0\]\s*==\s*['"]([\w-]+)['"]/.exec(path)?.[1]?.toLowerCase();
  return { ...(role === undefined ? {} : { role }), ...(property === undefined ? {} : { property }) };
}

function fromName(name: string): { role?: string; property?: string } {
  const role = ROLE_WORDS.find(([pattern]) => pattern.test(name))?.[1];
  const property = FIELD_PROPERTIES.find(([pattern]) => pattern.test(name))?.[1];
  return { ...(role === undefined ? {} : { role }), ...(property === undefined ? {} : { property }) };
}

/** The redactions one reply declares. */
export function readRedactions(object: RdapObject): Redactions {
  const result: Redactions = { names: [], hidden: new Set() };
  const items = Array.isArray(object.redacted) ? (object.redacted as unknown[]) : [];
  for (const item of items) {
    if (!isObject(item)) {
      continue;
    }
    const nameObject = isObject(item.name) ? item.name : {};
    const name = stringOf(nameObject.type) ?? stringOf(nameObject.description);
    if (name !== undefined && !result.names.includes(name)) {
      result.names.push(name);
    }
    const path = stringOf(item.prePath) ?? stringOf(item.postPath) ?? '';
    const byPath = fromPath(path);
    const byName = name === undefined ? {} : fromName(name);
    const role = byPath.role ?? byName.role;
    const property = byPath.property ?? byName.property;
    if (role !== undefined && property !== undefined) {
      result.hidden.add(`${role}:${property}`);
    }
  }
  return result;
}

/** The jCard without the properties redacted for any of the entity's roles. */
export function withoutRedacted(
  vcardArray: unknown,
  roles: readonly string[],
  redactions: Redactions,
): unknown {
  if (redactions.hidden.size === 0 || !Array.isArray(vcardArray) || !Array.isArray(vcardArray[1])) {
    return vcardArray;
  }
  const properties = (vcardArray[1] as unknown[]).filter((property) => {
    const name = Array.isArray(property) && typeof property[0] === 'string' ? property[0].toLowerCase() : '';
    return !roles.some((role) => redactions.hidden.has(`${role}:${name}`));
  });
  return [vcardArray[0] as unknown, properties, ...(vcardArray.slice(2) as unknown[])];
}
