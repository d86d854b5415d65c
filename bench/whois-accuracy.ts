/**
 * WHOIS parser accuracy over every recorded reply: fields right / fields expected (the tables in
 * test/fixtures/whois-expected/), for our parser and for the `whoiser` package's parser on the
 * same decoded text, side by side. Run: npx tsx bench/whois-accuracy.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeReply } from '../src/engine/plugins/whois/decode';
import { flattenParsedWhois, normaliseWhoisDate, parseWhoisReply } from '../src/engine/plugins/whois/parse';
import { fixturesDir, repositoryRoot } from '../test/support/fixtures-dir';

type FieldValue = string | boolean | string[];
type Fields = Record<string, FieldValue>;

interface ExpectedReply {
  file: string;
  query: string;
  kind: string;
  fields: Fields;
}

type WhoiserParse = (domain: string, whois: string, ignorePrivacy: boolean) => Record<string, unknown>;
// whoiser exports only its network client; its parser lives at this private path (no types).
const { parseDomainWhois } = createRequire(import.meta.url)('whoiser/src/parsers.js') as {
  parseDomainWhois: WhoiserParse;
};

const CONTACT_PREFIXES: Record<string, string> = {
  Registrant: 'registrant',
  Admin: 'admin',
  Tech: 'technical',
  Billing: 'billing',
};
const CONTACT_FIELDS: Record<string, string> = {
  Name: 'name',
  Organization: 'organization',
  Street: 'street',
  City: 'city',
  'State/Province': 'province',
  'Postal Code': 'postal_code',
  Country: 'country',
  Phone: 'phone',
  Fax: 'fax',
  Email: 'email',
};

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function statusList(values: unknown): string[] {
  if (!Array.isArray(values)) {
    return [];
  }
  return values
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.replace(/\s*\(?https?:\/\/\S*\)?\s*$/i, '').split(/\s*,\s*/))
    .filter((value) => value !== '');
}

/** whoiser's output keys mapped onto our field names, with the same date and status cleaning. */
function whoiserFields(query: string, decoded: string): Fields {
  const data = parseDomainWhois(query, decoded, true);
  const fields: Fields = {};
  const set = (name: string, value: FieldValue | undefined): void => {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) {
      fields[name] = value;
    }
  };
  set('domain', text(data['Domain Name'])?.toLowerCase());
  set('registrar', text(data.Registrar));
  set(
    'whois_server',
    text(data['Registrar WHOIS Server'] ?? data['Whois Server'] ?? data.whois)?.toLowerCase(),
  );
  for (const [name, key] of [
    ['created_date', 'Created Date'],
    ['updated_date', 'Updated Date'],
    ['expiration_date', 'Expiry Date'],
  ] as const) {
    const raw = text(data[key]);
    set(name, raw === undefined ? undefined : (normaliseWhoisDate(raw) ?? raw));
  }
  set('status', [...new Set(statusList(data['Domain Status']))]);
  const servers = Array.isArray(data['Name Server']) ? (data['Name Server'] as unknown[]) : [];
  set('name_servers', [
    ...new Set(
      servers
        .filter((item): item is string => typeof item === 'string')
        .map((item) => item.toLowerCase().replace(/\.$/, '')),
    ),
  ]);
  const dnssec = text(data.DNSSEC)?.toLowerCase();
  set(
    'dnssec',
    dnssec === undefined
      ? undefined
      : /^signed|^yes/.test(dnssec)
        ? true
        : /unsigned|^no/.test(dnssec)
          ? false
          : undefined,
  );
  set('registrar.url', text(data['Registrar URL']));
  set('registrar.id', text(data['Registrar IANA ID']));
  set('registrar.email', text(data['Registrar Abuse Contact Email']));
  set('registrar.phone', text(data['Registrar Abuse Contact Phone']));
  set('registrant.id', text(data['Registry Registrant ID']));
  for (const [prefix, role] of Object.entries(CONTACT_PREFIXES)) {
    for (const [label, field] of Object.entries(CONTACT_FIELDS)) {
      set(`${role}.${field}`, text(data[`${prefix} ${label}`]));
    }
  }
  return fields;
}

function sameValue(expected: FieldValue, actual: FieldValue | undefined): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && JSON.stringify([...actual].sort()) === JSON.stringify([...expected].sort())
    );
  }
  return actual === expected;
}

function categoryOf(field: string): string {
  if (field.includes('.')) {
    return 'contacts';
  }
  return field.endsWith('_date') ? 'dates' : field;
}

interface Tally {
  right: number;
  expected: number;
}

function main(): void {
  const expectedRoot = path.join(repositoryRoot, 'test', 'fixtures', 'whois-expected');
  if (!existsSync(path.join(fixturesDir(), 'manifest.json'))) {
    console.log(`whois-accuracy: recorded fixtures not found at ${fixturesDir()}; nothing measured`);
    return;
  }
  const replies = readdirSync(expectedRoot).flatMap((server) =>
    readdirSync(path.join(expectedRoot, server)).map(
      (file) => JSON.parse(readFileSync(path.join(expectedRoot, server, file), 'utf8')) as ExpectedReply,
    ),
  );
  const ours = new Map<string, Tally>();
  const theirs = new Map<string, Tally>();
  let kindsRight = 0;
  const count = (tallies: Map<string, Tally>, category: string, right: boolean): void => {
    for (const key of [category, 'all fields']) {
      const tally = tallies.get(key) ?? { right: 0, expected: 0 };
      tally.expected += 1;
      tally.right += right ? 1 : 0;
      tallies.set(key, tally);
    }
  };
  const started = performance.now();
  let ourMs = 0;
  let theirMs = 0;
  for (const reply of replies) {
    const decoded = decodeReply(readFileSync(path.join(fixturesDir(), reply.file))).text;
    let at = performance.now();
    const parsed = parseWhoisReply(decoded, reply.query);
    ourMs += performance.now() - at;
    const ourFields = flattenParsedWhois(parsed);
    at = performance.now();
    const theirFields = whoiserFields(reply.query, decoded);
    theirMs += performance.now() - at;
    kindsRight += parsed.kind === reply.kind ? 1 : 0;
    for (const [field, value] of Object.entries(reply.fields)) {
      count(ours, categoryOf(field), sameValue(value, ourFields[field]));
      count(theirs, categoryOf(field), sameValue(value, theirFields[field]));
    }
  }
  const percent = (tally: Tally | undefined): string =>
    tally === undefined
      ? '-'
      : `${tally.right}/${tally.expected} (${((100 * tally.right) / tally.expected).toFixed(1)}%)`;
  const rows = [...ours.keys()].filter((key) => key !== 'all fields').sort();
  rows.push('all fields');
  console.log(
    `WHOIS parser accuracy over ${replies.length} recorded replies (fields right / fields expected)`,
  );
  console.log(`${'field'.padEnd(14)} ${'ours'.padEnd(22)} whoiser`);
  for (const row of rows) {
    console.log(`${row.padEnd(14)} ${percent(ours.get(row)).padEnd(22)} ${percent(theirs.get(row))}`);
  }
  console.log(
    `${'reply kind'.padEnd(14)} ${`${kindsRight}/${replies.length}`.padEnd(22)} n/a (no such output)`,
  );
  const ratio = (ours.get('all fields')?.right ?? 0) / Math.max(1, theirs.get('all fields')?.right ?? 0);
  console.log(`ours / whoiser (fields right): ${ratio.toFixed(2)}x`);
  console.log(
    `parse time for all replies: ours ${ourMs.toFixed(1)} ms, whoiser ${theirMs.toFixed(1)} ms (total ${(performance.now() - started).toFixed(0)} ms)`,
  );
}

main();
