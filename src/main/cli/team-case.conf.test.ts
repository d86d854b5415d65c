import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadRecordedDataset,
  startFakeCompanyDataServer,
  type FakeCompanyDataServer,
} from '../../../test/fakes/companydata-server';
import { startFakeGleifServer, type FakeGleifServer } from '../../../test/fakes/gleif-server';
import { startFakeRdapServer, type FakeRdapServer } from '../../../test/fakes/rdap-server';
import { startFakeWhoisServers, type FakeWhoisServers } from '../../../test/fakes/whois-server';
import { fixturePath, fixturesDir, haveFixtures } from '../../../test/support/fixtures-dir';
import { havePostgres, startPostgres, type PostgresServer } from '../../../test/support/postgres';
import { comparableExport, runCliProcess, type CliRun } from '../../../test/support/postgres-cli';

const API_KEY = 'fake-conformance-key';
const SEED = 'Organization=Microsoft Corporation';

let dir: string;
let server: PostgresServer;
let database: string;
let configFile: string;
let gleif: FakeGleifServer;
let rdap: FakeRdapServer;
let whois: FakeWhoisServers;
let companydata: FakeCompanyDataServer;

function sourceRequests(): number {
  return gleif.requests.length + rdap.requests.length + whois.queries.length + companydata.requests.length;
}

function runCli(args: string[]): Promise<CliRun> {
  return runCliProcess(args, { dir, password: server.password, env: { COMPANYDATA_API_KEY: API_KEY } });
}

describe.skipIf(!haveFixtures() || !havePostgres())('the recorded Microsoft case in a team case', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'team-conf-'));
    server = await startPostgres();
    database = new URL(await server.createDatabase()).pathname.slice(1);
    gleif = await startFakeGleifServer({ fixturesDir: fixturesDir() });
    rdap = await startFakeRdapServer({ root: fixturePath('rdap') });
    whois = await startFakeWhoisServers({ directory: fixturePath('whois') });
    const { dataset, employeesPageSize } = loadRecordedDataset(
      fixturePath('companydata', 'aviato', 'synthetic'),
    );
    companydata = await startFakeCompanyDataServer({
      apiKey: API_KEY,
      dataset,
      maxPageSize: employeesPageSize,
    });
    const fast = { rateLimit: { requests: 50, intervalMs: 1000 } };
    configFile = path.join(dir, 'config.json');
    await writeFile(
      configFile,
      JSON.stringify({
        sources: {
          gleif: { baseUrl: gleif.url, ...fast },
          companydata: { baseUrl: companydata.url, ...fast },
          rdap: { bootstrapUrl: rdap.bootstrapUrl, ...fast },
          whois: { ianaServer: whois.ianaAddress, servers: whois.servers, ...fast },
        },
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all([gleif.close(), rdap.close(), whois.close(), companydata.close()]);
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('exports what a case file exports (times aside), and a second run asks no source', async () => {
    const teamCase = `postgresql://${server.user}@${server.host}:${server.port}/${database}#microsoft`;
    const enrich = (target: string, exportTo?: string): string[] => [
      'enrich',
      '--case',
      target,
      '--seed',
      SEED,
      '--config',
      configFile,
      ...(exportTo === undefined ? [] : ['--export', exportTo]),
    ];
    const fileExport = path.join(dir, 'file.json');
    const teamExport = path.join(dir, 'team.json');
    const solo = await runCli(enrich(path.join(dir, 'microsoft.sqlite'), fileExport));
    expect(solo.code, solo.stderr).toBe(0);
    const team = await runCli(enrich(teamCase, teamExport));
    expect(team.code, team.stderr).toBe(0);
    const expected = comparableExport(await readFile(fileExport, 'utf8')) as { entities: unknown[] };
    expect(expected.entities.length).toBeGreaterThan(10);
    expect(comparableExport(await readFile(teamExport, 'utf8'))).toEqual(expected);

    const before = sourceRequests();
    const again = await runCli(enrich(teamCase));
    expect(again.code, again.stderr).toBe(0);
    expect(sourceRequests()).toBe(before);
  }, 300_000);
});
