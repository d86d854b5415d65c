import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveFixtures } from '../../../test/support/fixtures-dir';
import { havePostgres, startPostgres, type PostgresServer } from '../../../test/support/postgres';
import { comparableExport, runCliProcess, type CliRun } from '../../../test/support/postgres-cli';
import { startRecordedSources, type RecordedSources } from '../../../test/support/recorded-sources';

const API_KEY = 'fake-conformance-key';
const SEED = 'Organization=Microsoft Corporation';

let dir: string;
let server: PostgresServer;
let database: string;
let sources: RecordedSources;

function sourceRequests(): number {
  const { gleif, rdap, whois, companydata } = sources;
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
    sources = await startRecordedSources(dir, API_KEY);
  }, 60_000);

  afterAll(async () => {
    await sources.close();
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
      sources.configFile,
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
