/**
 * WHOIS parser accuracy on a HELD-OUT set: real replies from another project's test data that the
 * parser's rules were not written against, each with that project's stated fields. Nothing of the
 * set is in this repository: the script reads a directory given by WHOIS_HELDOUT_DIR at run time
 * (e.g. the `testdata/noterror` folder of likexian/whois-parser: `<tld>_<domain>` is a reply,
 * `<tld>_<domain>.json` its stated fields). Without it the script says so and measures nothing.
 *
 * Scoring (one rule for us and for whoiser, run in the same process):
 * - facts: domain, registry id, the three dates (same instant, or the same calendar day as
 *   written), statuses and name servers (as sets);
 * - contacts: per role (registrant, admin, technical, billing, registrar) the stated id, name,
 *   organization, street, city, province, postal code, country, phone, fax, e-mail, URL; name and
 *   organization are scored apart (a person read as an organization is wrong);
 * - a stated value that is a placeholder by our own rule (redaction text) is no claim.
 * WHOIS_HELDOUT_CORPUS=1 prints the same per-TLD table for the developer corpus instead
 * (../shared/fixtures/whois-corpus, scored as the conformance tier scores it).
 * WHOIS_HELDOUT_SAVE=<file> writes the per-TLD figures; WHOIS_HELDOUT_BASELINE=<file> prints
 * them beside this run's (before/after of a change).
 * Run: WHOIS_HELDOUT_DIR=/path/to/noterror npx tsx bench/whois-heldout.ts
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeReply } from '../src/engine/plugins/whois/decode';
import {
  isRedacted,
  parseWhoisReply,
  type ParsedWhois,
  type WhoisContact,
  type WhoisRole,
} from '../src/engine/plugins/whois/parse';
import {
  loadCorpusExpected,
  loadCorpusRows,
  sameCorpusDate,
  scoreCorpusReply,
} from '../test/support/whois-corpus';
import { fixturesDir } from '../test/support/fixtures-dir';
import { whoiserParsed } from './support/whoiser';

type Stated = Record<string, Record<string, unknown> | undefined>;

interface Tally {
  replies: number;
  facts: [number, number];
  contacts: [number, number];
}

const squash = (value: string): string =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s,]+/g, ' ')
    .replace(/\.$/, '')
    .trim();

const ROLE_OF: Record<string, WhoisRole> = {
  registrant: 'registrant',
  administrative: 'admin',
  technical: 'technical',
  billing: 'billing',
  registrar: 'registrar',
};

const CONTACT_FIELD: Record<string, keyof WhoisContact> = {
  id: 'id',
  name: 'name',
  organization: 'organization',
  street: 'street',
  city: 'city',
  province: 'province',
  postal_code: 'postalCode',
  country: 'country',
  phone: 'phone',
  fax: 'fax',
  email: 'email',
  referral_url: 'url',
};

function sameDate(stated: Record<string, unknown>, field: string, ours: string | undefined): boolean {
  if (ours === undefined) {
    return false;
  }
  const inTime = stated[`${field}_in_time`];
  if (typeof inTime === 'string' && Date.parse(inTime) === Date.parse(ours)) {
    return true;
  }
  const written = typeof inTime === 'string' ? inTime : String(stated[field]);
  return sameCorpusDate(written.slice(0, 10), ours) || sameCorpusDate(written, ours);
}

function sameSet(stated: unknown, ours: string[]): boolean {
  if (!Array.isArray(stated)) {
    return false;
  }
  const norm = (values: unknown[]): string =>
    JSON.stringify([...new Set(values.map((value) => squash(String(value))))].sort());
  return norm(stated) === norm(ours);
}

/** [right, stated] facts and contacts of one parse against one stated-fields file. */
export function scoreHeldOut(stated: Stated, parsed: ParsedWhois): { facts: number[]; contacts: number[] } {
  const facts = [0, 0];
  const contacts = [0, 0];
  const count = (tally: number[], right: boolean): void => {
    tally[0] = (tally[0] ?? 0) + (right ? 1 : 0);
    tally[1] = (tally[1] ?? 0) + 1;
  };
  const domain = stated.domain ?? {};
  const claim = (value: unknown): value is string =>
    typeof value === 'string' && value.trim() !== '' && !isRedacted(value);
  if (claim(domain.domain)) {
    count(facts, parsed.domain !== undefined && squash(parsed.domain) === squash(domain.domain));
  }
  if (claim(domain.id)) {
    count(facts, parsed.id !== undefined && squash(parsed.id) === squash(domain.id));
  }
  for (const [field, ours] of [
    ['created_date', parsed.createdDate],
    ['updated_date', parsed.updatedDate],
    ['expiration_date', parsed.expirationDate],
  ] as const) {
    if (claim(domain[field])) {
      count(facts, sameDate(domain, field, ours));
    }
  }
  if (Array.isArray(domain.status) && domain.status.length > 0) {
    count(facts, sameSet(domain.status, parsed.status));
  }
  if (Array.isArray(domain.name_servers) && domain.name_servers.length > 0) {
    count(facts, sameSet(domain.name_servers, parsed.nameServers));
  }
  for (const [member, role] of Object.entries(ROLE_OF)) {
    const want = stated[member];
    if (want === undefined) {
      continue;
    }
    const ours = parsed.contacts[role];
    for (const [field, value] of Object.entries(want)) {
      const key = CONTACT_FIELD[field];
      if (key === undefined || !claim(value)) {
        continue;
      }
      // The registrar's name is the record's registrar, whichever field holds it.
      const candidates =
        role === 'registrar' && field === 'name'
          ? [parsed.registrar, ours?.organization, ours?.name]
          : [ours?.[key]];
      count(
        contacts,
        candidates.some((candidate) => candidate !== undefined && squash(candidate) === squash(value)),
      );
    }
  }
  return { facts, contacts };
}

function replyFiles(dir: string): { tld: string; reply: string; stated: string; domain: string }[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json') && existsSync(path.join(dir, file.slice(0, -5))))
    .sort()
    .map((file) => {
      const name = file.slice(0, -5);
      const cut = name.indexOf('_');
      return {
        tld: name.slice(0, cut),
        reply: path.join(dir, name),
        stated: path.join(dir, file),
        domain: name.slice(cut + 1),
      };
    });
}

type Parser = (text: string, domain: string) => ParsedWhois;

function measure(dir: string, parse: Parser): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const file of replyFiles(dir)) {
    const text = decodeReply(readFileSync(file.reply)).text;
    const stated = JSON.parse(readFileSync(file.stated, 'utf8')) as Stated;
    const domain = typeof stated.domain?.domain === 'string' ? stated.domain.domain : file.domain;
    const { facts, contacts } = scoreHeldOut(stated, parse(text, domain));
    for (const key of [file.tld, 'ALL']) {
      const tally = tallies.get(key) ?? { replies: 0, facts: [0, 0], contacts: [0, 0] };
      tally.replies += 1;
      tally.facts[0] += facts[0] ?? 0;
      tally.facts[1] += facts[1] ?? 0;
      tally.contacts[0] += contacts[0] ?? 0;
      tally.contacts[1] += contacts[1] ?? 0;
      tallies.set(key, tally);
    }
  }
  return tallies;
}

const share = ([right, stated]: [number, number]): string =>
  stated === 0 ? '-' : `${right}/${stated} ${((100 * right) / stated).toFixed(1)}%`;

/** The developer corpus per TLD, facts and contacts apart, by the conformance tier's scoring. */
function measureCorpus(root: string, parse: Parser): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const row of loadCorpusRows(root)) {
    const expected = loadCorpusExpected(root, row);
    const text = decodeReply(readFileSync(path.join(root, row.reply))).text;
    const parsed = parse(text, expected.domain ?? `unknown.${row.server}`);
    const tld = (row as { tld?: string }).tld ?? row.server;
    for (const key of [tld, 'ALL']) {
      const tally = tallies.get(key) ?? { replies: 0, facts: [0, 0], contacts: [0, 0] };
      tally.replies += 1;
      for (const score of scoreCorpusReply(expected, parsed)) {
        const side = /^(?:registrar|registrant|admin|technical)\./.test(score.field)
          ? tally.contacts
          : tally.facts;
        side[0] += score.right ? 1 : 0;
        side[1] += 1;
      }
      tallies.set(key, tally);
    }
  }
  return tallies;
}

function main(): void {
  const corpus = process.env.WHOIS_HELDOUT_CORPUS === '1';
  const dir = corpus ? path.join(fixturesDir(), 'whois-corpus') : process.env.WHOIS_HELDOUT_DIR;
  if (dir === undefined || !existsSync(dir)) {
    console.log('whois-heldout: WHOIS_HELDOUT_DIR not set or missing; nothing measured');
    return;
  }
  const run = corpus ? measureCorpus : measure;
  const ours = run(dir, (text, domain) => parseWhoisReply(text, domain));
  const theirs = run(dir, (text, domain) => whoiserParsed(domain, text));
  const baselineFile = process.env.WHOIS_HELDOUT_BASELINE;
  const before =
    baselineFile !== undefined && existsSync(baselineFile)
      ? new Map(Object.entries(JSON.parse(readFileSync(baselineFile, 'utf8')) as Record<string, Tally>))
      : undefined;
  const columns = before === undefined ? ['ours', 'whoiser'] : ['before', 'ours', 'whoiser'];
  console.log(`WHOIS held-out set ${dir}: right/stated facts | contacts`);
  console.log(
    ['tld'.padEnd(12), 'n'.padStart(3), ...columns.map((name) => `${name} facts`.padEnd(18))]
      .concat(columns.map((name) => `${name} contacts`.padEnd(18)))
      .join(' '),
  );
  const keys = [...ours.keys()].filter((key) => key !== 'ALL').sort();
  keys.push('ALL');
  for (const key of keys) {
    const row = [ours.get(key), theirs.get(key)];
    if (before !== undefined) {
      row.unshift(before.get(key));
    }
    const tally = ours.get(key);
    console.log(
      [key.padEnd(12), String(tally?.replies ?? 0).padStart(3)]
        .concat(row.map((item) => (item === undefined ? '-' : share(item.facts)).padEnd(18)))
        .concat(row.map((item) => (item === undefined ? '-' : share(item.contacts)).padEnd(18)))
        .join(' '),
    );
  }
  const saveFile = process.env.WHOIS_HELDOUT_SAVE;
  if (saveFile !== undefined) {
    writeFileSync(saveFile, JSON.stringify(Object.fromEntries(ours), null, 1));
  }
}

main();
