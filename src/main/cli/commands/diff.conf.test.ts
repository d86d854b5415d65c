/**
 * Refresh and diff against the recorded sources (issue 26, "Done when"): the demo case is enriched,
 * then the sources serve replies derived from the real recordings, one change at a time, and each
 * forced refresh is followed by `diff --json`, which must list exactly what changed: a child
 * removed from Microsoft's GLEIF family (gone), google.co's WHOIS registrant replaced (changed),
 * a name server of google.com's RDAP reply replaced (changed). On a case file and on a team case.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseChange } from '../../../shared/model/changes';
import type { GraphExport } from '../../../shared/model/graph';
import { fixturePath, haveFixtures } from '../../../../test/support/fixtures-dir';
import { havePostgres, startPostgres, type PostgresServer } from '../../../../test/support/postgres';
import { runCliProcess } from '../../../../test/support/postgres-cli';
import { startRecordedSources, type RecordedSources } from '../../../../test/support/recorded-sources';

const API_KEY = 'diff-test-key';
const SEEDS = ['Organization=Microsoft Corporation', 'DomainRecord=google.com', 'DomainRecord=google.co'];
const MICROSOFT_LEI = 'INR2EJN1ERAN0W5ZP974';
const NEW_REGISTRANT = 'Alphabet Holdings Inc.';
const NEW_NAME_SERVER = 'ns9.example-dns.net';

interface Store {
  name: string;
  setUp(dir: string): Promise<{ target: string; password: string; stop(): Promise<void> }>;
}

const stores: Store[] = [
  {
    name: 'a case file',
    setUp: (dir) =>
      Promise.resolve({ target: path.join(dir, 'demo.sqlite'), password: '', stop: () => Promise.resolve() }),
  },
  {
    name: 'a team case',
    setUp: async () => {
      const server: PostgresServer = await startPostgres();
      const database = new URL(await server.createDatabase()).pathname.slice(1);
      return {
        target: `postgresql://${server.user}@${server.host}:${server.port}/${database}#demo`,
        password: server.password,
        stop: () => server.stop(),
      };
    },
  },
];

/** Microsoft's direct children as recorded, without the last one (which leaves the family). */
async function childrenWithoutLast(origin: string): Promise<{ body: string; removedLei: string }> {
  const file = fixturePath('gleif', 'microsoft', `lei-records_${MICROSOFT_LEI}_direct-children.json`);
  const reply = JSON.parse(await readFile(file, 'utf8')) as {
    data: { attributes: { lei: string } }[];
    meta: { pagination: { total: number; lastPage: number } };
  };
  const removed = reply.data.pop();
  reply.meta.pagination.total -= 1;
  const body = JSON.stringify(reply).replaceAll('https://api.gleif.org', origin);
  return { body, removedLei: removed?.attributes.lei ?? '' };
}

describe.each(stores)('refresh and diff on $name against changed recordings', (store) => {
  const skip = !haveFixtures() || (store.name === 'a team case' && !havePostgres());
  let dir: string;
  let sources: RecordedSources;
  let target: string;
  let password: string;
  let stop: () => Promise<void>;
  let firstRun: string;
  let before: GraphExport;

  const cli = (args: string[]) =>
    runCliProcess(args, { dir, password, env: { COMPANYDATA_API_KEY: API_KEY } });
  const refresh = async (): Promise<void> => {
    const run = await cli(['refresh', '--case', target, '--force', '--config', sources.configFile]);
    expect(run.code, run.stderr).toBe(0);
  };
  const diff = async (since?: string): Promise<CaseChange[]> => {
    const run = await cli([
      'diff',
      '--case',
      target,
      '--json',
      ...(since === undefined ? [] : ['--since', since]),
    ]);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as CaseChange[];
  };
  const organizationOf = (exported: GraphExport, contact: string): string | undefined =>
    exported.edges.find((edge) => edge.from === contact && edge.relation === 'organization')?.to;

  beforeAll(async () => {
    if (skip) return;
    dir = await mkdtemp(path.join(os.tmpdir(), 'diff-conf-'));
    sources = await startRecordedSources(dir, API_KEY, { copies: true });
    const opened = await store.setUp(dir);
    ({ target, password } = opened);
    stop = () => opened.stop();
    const enrich = await cli([
      'enrich',
      '--case',
      target,
      '--config',
      sources.configFile,
      ...SEEDS.flatMap((seed) => ['--seed', seed]),
    ]);
    expect(enrich.code, enrich.stderr).toBe(0);
    const sessions = await cli(['sessions', '--case', target]);
    expect(sessions.code, sessions.stderr).toBe(0);
    firstRun = sessions.stdout.split(' ', 1)[0] ?? '';
    const exported = await cli(['export', '--case', target, '--out', path.join(dir, 'before.json')]);
    expect(exported.code, exported.stderr).toBe(0);
    before = JSON.parse(await readFile(path.join(dir, 'before.json'), 'utf8')) as GraphExport;
  }, 240_000);

  afterAll(async () => {
    if (skip) return;
    await sources.close();
    await stop();
    await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(skip)(
    'lists a child removed from a GLEIF family as its one gone subsidiary edge',
    async () => {
      const { body, removedLei } = await childrenWithoutLast(sources.gleif.url);
      sources.gleif.setOverride((request) =>
        request.path === `/api/v1/lei-records/${MICROSOFT_LEI}/direct-children`
          ? { status: 200, headers: { 'content-type': 'application/vnd.api+json' }, body }
          : undefined,
      );
      const child = before.edges.find(
        (edge) => edge.relation === 'id' && edge.to === `Identifier:lei:${removedLei.toLowerCase()}`,
      )?.from;
      const parent = before.edges.find(
        (edge) => edge.relation === 'id' && edge.to === `Identifier:lei:${MICROSOFT_LEI.toLowerCase()}`,
      )?.from;
      expect(child).toBeDefined();
      await refresh();
      expect(await diff()).toEqual([
        { change: 'gone', edge: `${parent}|subsidiary|${child}`, source: 'GLEIF' },
      ]);
    },
    120_000,
  );

  it.skipIf(skip)(
    'lists a WHOIS registrant replaced as one changed registrant organization',
    async () => {
      const file = path.join(dir, 'whois', 'whois.nic.co', 'google.co.txt');
      const recorded = await readFile(file, 'utf8');
      expect(recorded).toContain('Registrant Organization: Google Inc.');
      await writeFile(
        file,
        recorded.replace(
          'Registrant Organization: Google Inc.',
          `Registrant Organization: ${NEW_REGISTRANT}`,
        ),
      );
      await refresh();
      const contact = 'ContactRecord:whois://whois.nic.co/google.co#registrant';
      const lines = await diff();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        change: 'changed',
        entity: contact,
        field: 'organization',
        before: organizationOf(before, contact),
        source: 'WHOIS',
      });
      expect(String(lines[0]?.after)).toMatch(/^Organization:alphabet holdings/);
    },
    120_000,
  );

  it.skipIf(skip)(
    'lists a name server replaced in an RDAP domain reply as one changed name_server',
    async () => {
      for (const host of ['rdap.verisign.com', 'rdap.markmonitor.com']) {
        const file = path.join(dir, 'rdap', 'responses', 'domain', `${host}_google.com.json`);
        const recorded = await readFile(file, 'utf8');
        await writeFile(file, recorded.replace(/"ns4\.google\.com"/i, `"${NEW_NAME_SERVER}"`));
      }
      await refresh();
      expect(await diff()).toEqual([
        {
          change: 'changed',
          entity: 'DomainRecord:google.com',
          field: 'name_server',
          before: 'FQDN:ns4.google.com',
          after: `FQDN:${NEW_NAME_SERVER}`,
          source: 'RDAP',
        },
      ]);
    },
    120_000,
  );

  it.skipIf(skip)(
    'lists exactly those three changes since the first run, and nothing else',
    async () => {
      const lines = await diff(firstRun);
      expect(
        lines.map((line) => `${line.change} ${line.entity ?? line.edge} ${line.field ?? ''}`).sort(),
      ).toEqual([
        'changed ContactRecord:whois://whois.nic.co/google.co#registrant organization',
        'changed DomainRecord:google.com name_server',
        expect.stringMatching(/^gone Organization:[^|]+\|subsidiary\|Organization:.+ $/),
      ]);
      const text = await cli(['diff', '--case', target, '--since', firstRun]);
      expect(text.stdout.trim().split('\n')).toHaveLength(3);
      const now = await diff();
      expect(now).toHaveLength(1);
    },
    60_000,
  );
});
