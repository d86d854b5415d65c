/** Full names (WHOIS, RDAP vCards, company-data employees) to OAM Person assets. */
import { parseFullName } from 'parse-full-name';
import type { Person } from '../../shared/model/asset';
import { hasLegalSuffix } from './brand';
import { normalizeSpaces } from '../../shared/util/text';

// Words that mark a role, a department, an organisation or a redaction rather than a person.
const NON_PERSON_WORDS: ReadonlySet<string> = new Set([
  'abuse',
  'account',
  'accounts',
  'admin',
  'administration',
  'administrator',
  'agent',
  'anonymous',
  'billing',
  'bureau',
  'center',
  'centre',
  'company',
  'contact',
  'corp',
  'corporation',
  'customer',
  'data',
  'department',
  'dept',
  'disclosed',
  'dns',
  'domain',
  'domains',
  'foundation',
  'gmbh',
  'group',
  'helpdesk',
  'hidden',
  'holdings',
  'hostmaster',
  'inc',
  'info',
  'information',
  'internet',
  'legal',
  'limited',
  'llc',
  'ltd',
  'management',
  'manager',
  'n/a',
  'network',
  'networks',
  'noc',
  'none',
  'office',
  'operations',
  'org',
  'organisation',
  'organization',
  'postmaster',
  'privacy',
  'private',
  'protected',
  'protection',
  'proxy',
  'redacted',
  'registrant',
  'registrar',
  'registration',
  'registry',
  'role',
  'sales',
  'security',
  'service',
  'services',
  'statutory',
  'support',
  'team',
  'tech',
  'technical',
  'technologies',
  'unknown',
  'webmaster',
  'whois',
  'withheld',
]);

/**
 * Parses a person's full name; undefined unless both a first and a last name are found, and for
 * anything that looks like an organisation, a role or a redaction ("Google LLC", "Domain
 * Administrator", "REDACTED FOR PRIVACY", "NOC") or holds digits or "@".
 * `full_name` is "first [middle] last[, suffix]" after NFKC and space collapsing, with the
 * library's case fixing for all-caps or all-lower input; titles ("Dr.") are left out so that
 * "Dr. Jane Doe" and "Jane Doe" are one Person. `unique_id` is `full_name` lower-cased.
 */
export function fullNameToPerson(name: string): Person | undefined {
  const text = normalizeSpaces(name);
  if (text === '' || text.length > 200 || /[\d@]/u.test(text) || hasLegalSuffix(text)) {
    return undefined;
  }
  const words = text.toLowerCase().split(/[\s,.;:()/&-]+/u);
  if (words.some((word) => NON_PERSON_WORDS.has(word))) {
    return undefined;
  }
  const parsed = parseFullName(text, 'all', -1, 0, 0);
  const first = parsed.first.trim();
  const middle = parsed.middle.trim();
  const last = parsed.last.trim();
  const suffix = parsed.suffix.trim();
  if (first === '' || last === '') {
    return undefined;
  }
  const fullName =
    [first, middle, last].filter((part) => part !== '').join(' ') + (suffix === '' ? '' : `, ${suffix}`);
  const person: Person = {
    unique_id: fullName.toLowerCase(),
    full_name: fullName,
    first_name: first,
    family_name: last,
  };
  if (middle !== '') {
    person.middle_name = middle;
  }
  return person;
}
