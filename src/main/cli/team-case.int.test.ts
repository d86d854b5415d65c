import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGleifServer, type FakeGleifServer } from '../../../test/fakes/gleif-server';
import { repositoryRoot } from '../../../test/support/fixtures-dir';
import { havePostgres, startPostgres, type PostgresServer } from '../../../test/support/postgres';
import { comparableExport, runCliProcess, type CliRun } from '../../../test/support/postgres-cli';

const GLEIF_INTERVAL_MS = 150;
let dir: string;
let server: PostgresServer;
let gleif: FakeGleifServer;
let configFile: string;
let database: string;

function runCli(
  args: string[],
  options: { password?: string; onStart?: (child: ChildProcess) => void } = {},
): Promise<CliRun> {
  return runCliProcess(args, {
    dir,
    password: options.password ?? server.password,
    ...(options.onStart === undefined ? {} : { onStart: options.onStart }),
  });
}

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
    database,
  });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

function teamCase(name: string): string {
  return `postgresql://${server.user}@${server.host}:${server.port}/${database}#${name}`;
}

function enrich(caseAddress: string, seed: string, extra: string[] = []): string[] {
  return ['enrich', '--case', caseAddress, '--seed', seed, '--config', configFile, '--depth', '1', ...extra];
}

describe.skipIf(!havePostgres())('cli on a team case', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cli-team-'));
    server = await startPostgres();
    database = new URL(await server.createDatabase()).pathname.slice(1);
    gleif = await startFakeGleifServer({
      fixturesDir: path.join(repositoryRoot, 'test', 'fixtures', 'gleif'),
    });
    const closed = `127.0.0.1:${await closedPort()}`;
    const fast = { requests: 50, intervalMs: 100 };
    configFile = path.join(dir, 'config.json');
    await writeFile(
      configFile,
      JSON.stringify({
        sources: {
          gleif: { baseUrl: gleif.url, rateLimit: { requests: 1, intervalMs: GLEIF_INTERVAL_MS } },
          companydata: { baseUrl: `http://${closed}`, rateLimit: fast },
          rdap: { bootstrapUrl: `http://${closed}/`, rateLimit: fast },
          whois: { ianaServer: closed, rateLimit: fast },
        },
        http: { timeoutMs: 5000, maxRetries: 0 },
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await gleif.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  describe('refuses bad input with exit 2 within seconds, writing nothing', () => {
    const cases: [string, () => string, (string | undefined)?][] = [
      [
        'a password in the address',
        () => `postgresql://${server.user}:pw@${server.host}:${server.port}/${database}#x`,
      ],
      [
        'an address without a case name',
        () => `postgresql://${server.user}@${server.host}:${server.port}/${database}`,
      ],
      ['an unreachable server', () => `postgresql://trace@127.0.0.1:1/${database}#unreachable`],
      ['a wrong password', () => teamCase('wrong-password'), 'not-the-password'],
      [
        'a database that does not exist',
        () => `postgresql://${server.user}@${server.host}:${server.port}/nope#x`,
      ],
    ];
    it.each(cases)('%s', async (_what, address, password) => {
      const result = await runCli(
        enrich(address(), 'Organization=Acme'),
        password === undefined ? {} : { password },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^error: [^\n]+\n$/);
      expect(result.stderr).not.toContain(server.password);
      expect(result.ms).toBeLessThan(20_000);
      const written = await query<{ n: string }>(
        `SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'trace_graph_writes'`,
      );
      if (Number(written[0]?.n) > 0) {
        expect(
          await query(
            `SELECT 1 FROM trace_graph_writes w JOIN trace_graph_cases c ON c.name = w.case_name WHERE c.name IN ('unreachable', 'wrong-password', 'x')`,
          ),
        ).toEqual([]);
      }
    });
  });

  it('answers merge on a read-only team case with the read-only message, not "does not exist"', async () => {
    const address = teamCase('read-only-merge');
    expect((await runCli(enrich(address, 'Organization=Northwind Traders'))).code).toBe(0);
    await query(`DROP ROLE IF EXISTS merger; CREATE ROLE merger LOGIN PASSWORD 'merger-pw'`);
    await query('GRANT SELECT ON ALL TABLES IN SCHEMA public TO merger');
    const asReader = address.replace(`${server.user}@`, 'merger@');
    const result = await runCli(
      ['merge', '--case', asReader, '--from', 'Organization:a', '--into', 'Organization:b'],
      { password: 'merger-pw' },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /is read-only for PostgreSQL user merger: you can open and export it, not merge in it\n$/,
    );
  }, 60_000);

  it('merges and undoes in a team case from the CLI: merge is a session undo takes back, and undoing every run leaves the case empty', async () => {
    const address = teamCase('cli-undo-merge');
    expect((await runCli(enrich(address, 'Organization=Northwind Traders'))).code).toBe(0);
    expect((await runCli(enrich(address, 'Organization=Acme'))).code).toBe(0);
    const exportNow = async (name: string): Promise<{ entities: { id: string }[] }> => {
      const out = path.join(dir, `${name}.json`);
      expect((await runCli(['export', '--case', address, '--out', out])).code).toBe(0);
      return JSON.parse(await readFile(out, 'utf8')) as { entities: { id: string }[] };
    };
    const before = await exportNow('undo-merge-before');
    const [from, into] = ['Organization:acme', 'Organization:northwind traders'];
    expect(before.entities.map((entity) => entity.id)).toEqual(expect.arrayContaining([from, into]));
    const merged = await runCli(['merge', '--case', address, '--from', from, '--into', into]);
    expect(merged.code).toBe(0);
    expect((await exportNow('undo-merge-merged')).entities.map((entity) => entity.id)).not.toContain(from);
    const mergeSession = merged.stdout.trim();
    expect((await runCli(['undo', '--case', address, '--session', mergeSession])).code).toBe(0);
    expect(comparableExport(JSON.stringify(await exportNow('undo-merge-undone')))).toEqual(
      comparableExport(JSON.stringify(before)),
    );
    const sessions = (await runCli(['sessions', '--case', address])).stdout.trim().split('\n');
    expect(sessions).toHaveLength(2);
    for (const line of sessions.reverse()) {
      const session = line.split(' ')[0] ?? '';
      expect((await runCli(['undo', '--case', address, '--session', session])).code).toBe(0);
    }
    expect((await exportNow('undo-merge-empty')).entities).toEqual([]);
  }, 120_000);

  it('exports the same graph from a team case as from a case file, and a second run asks no source', async () => {
    const file = path.join(dir, 'solo.sqlite');
    const fileExport = path.join(dir, 'solo.json');
    const teamExport = path.join(dir, 'team.json');
    const seed = 'Organization=Northwind Traders';
    expect((await runCli(enrich(file, seed, ['--export', fileExport]))).code).toBe(0);
    const before = gleif.apiRequests().length;
    const first = await runCli(enrich(teamCase('northwind'), seed, ['--export', teamExport]));
    expect(first.code).toBe(0);
    expect(gleif.apiRequests().length).toBeGreaterThan(before);
    expect(comparableExport(await readFile(teamExport, 'utf8'))).toEqual(
      comparableExport(await readFile(fileExport, 'utf8')),
    );

    const afterFirst = gleif.apiRequests().length;
    const second = await runCli(enrich(teamCase('northwind'), seed));
    expect(second.code).toBe(0);
    expect(gleif.apiRequests().length).toBe(afterFirst);

    const exported = path.join(dir, 'team-cli-export.json');
    const exportRun = await runCli(['export', '--case', teamCase('northwind'), '--out', exported]);
    expect(exportRun.code).toBe(0);
    expect(comparableExport(await readFile(exported, 'utf8'))).toEqual(
      comparableExport(await readFile(teamExport, 'utf8')),
    );
  }, 120_000);

  it('runs two CLI processes with different seeds on one team case: both succeed, the graph equals running them one after the other, and their GLEIF requests arrive no closer than the interval', async () => {
    const seeds = ['Organization=Northwind Traders', 'Organization=Bare Minimum'] as const;
    const start = gleif.apiRequests().length;
    const together = await Promise.all(seeds.map((seed) => runCli(enrich(teamCase('together'), seed))));
    expect(together.map((result) => result.code)).toEqual([0, 0]);
    const arrivals = gleif
      .apiRequests()
      .slice(start)
      .map((request) => request.at)
      .sort((a, b) => a - b);
    const gaps = arrivals.slice(1).map((at, index) => at - (arrivals[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(GLEIF_INTERVAL_MS);

    for (const seed of seeds) {
      expect((await runCli(enrich(teamCase('one-after-the-other'), seed))).code).toBe(0);
    }
    const [both, sequential] = [path.join(dir, 'both.json'), path.join(dir, 'sequential.json')];
    expect((await runCli(['export', '--case', teamCase('together'), '--out', both])).code).toBe(0);
    expect(
      (await runCli(['export', '--case', teamCase('one-after-the-other'), '--out', sequential])).code,
    ).toBe(0);
    expect(comparableExport(await readFile(both, 'utf8'))).toEqual(
      comparableExport(await readFile(sequential, 'utf8')),
    );
  }, 180_000);

  it('keeps every committed write of a writer killed with SIGKILL mid-run, and the case opens', async () => {
    const result = await runCli(enrich(teamCase('killed'), 'Organization=Northwind Traders'), {
      onStart: (child) => {
        const timer = setInterval(() => {
          void query<{ n: string }>(`SELECT count(*) AS n FROM trace_graph_writes WHERE case_name = 'killed'`)
            .then((rows) => {
              if (Number(rows[0]?.n) >= 2) {
                clearInterval(timer);
                child.kill('SIGKILL');
              }
            })
            .catch(() => undefined);
        }, 30);
        child.on('close', () => clearInterval(timer));
      },
    });
    expect(result.signal).toBe('SIGKILL');
    const committed = await query<{ n: string; seq: string }>(
      `SELECT count(*) AS n, max(seq) AS seq FROM trace_graph_writes WHERE case_name = 'killed'`,
    );
    const out = path.join(dir, 'killed.json');
    const exportRun = await runCli(['export', '--case', teamCase('killed'), '--out', out]);
    expect(exportRun.code).toBe(0);
    const exported = JSON.parse(await readFile(out, 'utf8')) as { entities: unknown[] };
    expect(Number(committed[0]?.n)).toBeGreaterThanOrEqual(2);
    expect(exported.entities.length).toBeGreaterThan(0);
    // The killed writer's committed writes are all there: a new run continues the sequence.
    const resumed = await runCli(enrich(teamCase('killed'), 'Organization=Bare Minimum'));
    expect(resumed.code).toBe(0);
  }, 120_000);
});
