/**
 * The WHOIS developer corpus (../shared/fixtures/whois-corpus, from weppos/whois-parser): loading
 * its rows and scoring one parse against the fields the peer states. Shared by the conformance
 * tier (which reports the figure and holds the floor) and the accuracy bench.
 *
 * How a stated field is compared (the corpus README's rules):
 * - host names lower case without a trailing dot, as sets; statuses case-insensitive as sets;
 * - dates: a date-only value against our date; a value with `Z` as an instant; a zone-less
 *   value against the first 19 characters (the wall-clock time written in the reply);
 * - contact strings with white space and commas collapsed, case-insensitive;
 * - the peer's `name` and `organization` are one "label" in many of its parsers (it states the
 *   same text in both), so either of ours may hold it; a registrar `id` may be our id or name;
 * - `null` is "no claim" and is not counted; neither is a value that is a placeholder by our
 *   own rule (`Not Disclosed - Visit www.internet.ee`, `Hidden upon user request`): the app
 *   decided that placeholders never become data, where the peer returns them as values.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isRedacted, type ParsedWhois, type WhoisContact } from '../../src/engine/plugins/whois/parse';

export interface CorpusRow {
  reply: string;
  expected: string;
  server: string;
  domain: string | null;
  class: string;
}

export type CorpusExpected = Record<string, unknown> & { domain: string | null };

export interface FieldScore {
  field: string;
  right: boolean;
  expected: unknown;
  actual: unknown;
}

export function loadCorpusRows(root: string): CorpusRow[] {
  const index = JSON.parse(readFileSync(path.join(root, 'index.json'), 'utf8')) as { entries: CorpusRow[] };
  return index.entries;
}

export function loadCorpusExpected(root: string, row: CorpusRow): CorpusExpected {
  return JSON.parse(readFileSync(path.join(root, row.expected), 'utf8')) as CorpusExpected;
}

const squash = (value: string): string =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s,]+/g, ' ')
    .trim();
const host = (value: string): string => value.toLowerCase().replace(/\.$/, '');
const statusOf = (value: string): string =>
  value
    .replace(/\s*\(?https?:\/\/\S*\)?\s*$/i, '')
    .trim()
    .toLowerCase();

function sameSet(expected: string[], actual: string[], normalise: (value: string) => string): boolean {
  const left = [...new Set(expected.map(normalise))].sort();
  const right = [...new Set(actual.map(normalise))].sort();
  return JSON.stringify(left) === JSON.stringify(right);
}

/** Compares a corpus date (see the corpus README) with ours (RFC 3339 UTC or raw text). */
export function sameCorpusDate(expected: string, actual: string | undefined): boolean {
  if (actual === undefined) {
    return false;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(expected)) {
    return actual.slice(0, 10) === expected;
  }
  if (expected.endsWith('Z')) {
    return actual === expected;
  }
  return actual.slice(0, 19) === expected.slice(0, 19);
}

const CONTACT_FIELDS: Record<string, (keyof WhoisContact)[]> = {
  id: ['id'],
  address: ['street'],
  city: ['city'],
  zip: ['postalCode'],
  state: ['province'],
  country: ['country'],
  country_code: ['country'],
  phone: ['phone'],
  fax: ['fax'],
  email: ['email'],
  url: ['url'],
};

function contactScores(
  role: string,
  expected: Record<string, unknown>,
  ours: WhoisContact | undefined,
): FieldScore[] {
  const scores: FieldScore[] = [];
  const label = [ours?.name, ours?.organization].filter((value): value is string => value !== undefined);
  for (const [field, value] of Object.entries(expected)) {
    if (
      typeof value !== 'string' ||
      value === '' ||
      isRedacted(value) ||
      field === 'type' ||
      field === 'created' ||
      field === 'updated'
    ) {
      continue;
    }
    let candidates: string[];
    if (field === 'name' || field === 'organization') {
      candidates = label;
    } else {
      const keys = CONTACT_FIELDS[field];
      if (keys === undefined) {
        continue;
      }
      candidates = keys.map((key) => ours?.[key]).filter((item): item is string => item !== undefined);
    }
    const right = candidates.some((candidate) => squash(candidate) === squash(value));
    scores.push({ field: `${role}.${field}`, right, expected: value, actual: candidates });
  }
  return scores;
}

/** Every stated field of one corpus reply, right or wrong, for our parse of it. */
export function scoreCorpusReply(expected: CorpusExpected, parsed: ParsedWhois): FieldScore[] {
  const scores: FieldScore[] = [];
  const add = (field: string, right: boolean, want: unknown, actual: unknown): void => {
    scores.push({ field, right, expected: want, actual });
  };
  if (expected.available === true) {
    add('available', parsed.kind === 'not_found', 'not_found', parsed.kind);
  } else if (expected.registered === true) {
    add('registered', parsed.kind === 'record', 'record', parsed.kind);
  }
  if (expected.response_throttled === true) {
    add('throttled', parsed.kind === 'throttled', 'throttled', parsed.kind);
  }
  if (typeof expected.domain_name === 'string') {
    add('domain', parsed.domain === expected.domain_name, expected.domain_name, parsed.domain);
  }
  for (const [field, ours] of [
    ['created', parsed.createdDate],
    ['updated', parsed.updatedDate],
    ['expires', parsed.expirationDate],
  ] as const) {
    const want = expected[field];
    if (typeof want === 'string') {
      add(field, sameCorpusDate(want, ours), want, ours);
    }
  }
  if (Array.isArray(expected.nameservers) && expected.nameservers.length > 0) {
    const want = expected.nameservers as string[];
    add('nameservers', sameSet(want, parsed.nameServers, host), want, parsed.nameServers);
  }
  if (Array.isArray(expected.status) && expected.status.length > 0) {
    const want = expected.status as string[];
    add('status', sameSet(want, parsed.status, statusOf), want, parsed.status);
  }
  const registrar = expected.registrar;
  if (registrar !== null && typeof registrar === 'object') {
    const ours = parsed.contacts.registrar;
    const names = [parsed.registrar, ours?.organization, ours?.name, ours?.id].filter(
      (value): value is string => value !== undefined,
    );
    for (const [field, value] of Object.entries(registrar as Record<string, unknown>)) {
      if (typeof value !== 'string' || value === '') {
        continue;
      }
      const candidates = field === 'url' ? [ours?.url].filter((item) => item !== undefined) : names;
      const right = candidates.some(
        (candidate) => squash(candidate).replace(/\/$/, '') === squash(value).replace(/\/$/, ''),
      );
      add(`registrar.${field}`, right, value, candidates);
    }
  }
  for (const [role, ours] of [
    ['registrant', parsed.contacts.registrant],
    ['admin', parsed.contacts.admin],
    ['technical', parsed.contacts.technical],
  ] as const) {
    const want = expected[role];
    if (want !== null && typeof want === 'object') {
      scores.push(...contactScores(role, want as Record<string, unknown>, ours));
    }
  }
  return scores;
}
