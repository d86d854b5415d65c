import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn, type CliResult } from '../../../test/support/cli-child';

let dir: string;
let configFile: string;

/** `cli enrich --case <casePath> --seeds-file <seedsFile> ...more`, in the test's home. */
function enrichFromFile(casePath: string, seedsFile: string, ...more: string[]): Promise<CliResult> {
  return runCliIn(dir, 'trace-graph-test-seeds-file', [
    'enrich',
    '--case',
    casePath,
    '--seeds-file',
    seedsFile,
    ...more,
  ]);
}

/** Against the sources that refuse at once, seeds only (depth 0): the run is short. */
function offline(): string[] {
  return ['--config', configFile, '--depth', '0'];
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-seeds-'));
  const closed = `127.0.0.1:${await closedPort()}`;
  // Every source refuses at once and its limiter lets requests through quickly: the run is short.
  const fast = { requests: 1000, intervalMs: 1 };
  configFile = path.join(dir, 'config.json');
  await writeFile(
    configFile,
    JSON.stringify({
      sources: {
        gleif: { baseUrl: `http://${closed}`, rateLimit: fast },
        companydata: { baseUrl: `http://${closed}`, rateLimit: fast },
        rdap: { bootstrapUrl: `http://${closed}/`, rateLimit: fast },
        whois: { ianaServer: closed, rateLimit: fast },
      },
      http: { timeoutMs: 5000, maxRetries: 0 },
    }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('cli enrich --seeds-file', () => {
  it('queues the 997 good seeds of a 1,000-line file and reports the three bad lines by number', async () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `AutonomousSystem=${64_512 + index}`);
    lines[9] = 'Netblock=10.0.0.0/33';
    lines[499] = 'Planet=Mars';
    lines[997] = 'Identifier=lei:NOTALEI';
    const seedsFile = path.join(dir, 'vendors.txt');
    await writeFile(seedsFile, `${lines.join('\n')}\n`);
    const casePath = path.join(dir, 'list.sqlite');
    const exported = path.join(dir, 'list.json');
    const result = await enrichFromFile(casePath, seedsFile, ...offline(), '--export', exported);
    const reported = result.stderr.split('\n').filter((line) => /^line \d+: /.test(line));
    expect(reported.map((line) => line.split(':')[0])).toEqual(['line 10', 'line 500', 'line 998']);
    expect(result.stderr).toMatch(/997 seeds queued from .*vendors\.txt; 3 bad lines skipped/);
    const json = JSON.parse(await readFile(exported, 'utf8')) as { entities: { type: string }[] };
    expect(json.entities.filter((entity) => entity.type === 'AutonomousSystem')).toHaveLength(997);
  }, 120_000);

  it('exits 2 with one line when the file cannot be read, creating no case', async () => {
    const casePath = path.join(dir, 'unread.sqlite');
    const result = await enrichFromFile(casePath, path.join(dir, 'missing.txt'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: cannot read seeds file .*missing\.txt: .*\n$/);
    expect(existsSync(casePath)).toBe(false);
  });

  it('exits 2 when no line is a valid seed, listing every bad line, creating no case', async () => {
    const seedsFile = path.join(dir, 'bad.txt');
    await writeFile(seedsFile, '# only mistakes\nexample.com\n\nNetblock=nope\n');
    const casePath = path.join(dir, 'bad.sqlite');
    const result = await enrichFromFile(casePath, seedsFile);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^line 2: no seed type/),
      expect.stringMatching(/^line 4: not a CIDR netblock/),
      expect.stringMatching(/^error: no valid seed in .*bad\.txt$/),
    ]);
    expect(existsSync(casePath)).toBe(false);
  });

  it('reads a CSV column with the type given for the whole list', async () => {
    const seedsFile = path.join(dir, 'domains.csv');
    await writeFile(seedsFile, 'company,website\nAcme,acme.example\nGlobex,not a domain!\n');
    const casePath = path.join(dir, 'csv.sqlite');
    const result = await enrichFromFile(
      casePath,
      seedsFile,
      '--seeds-column',
      'website',
      '--seeds-type',
      'DomainRecord',
      ...offline(),
    );
    expect(result.stderr).toMatch(/^line 3: /m);
    expect(result.stderr).toMatch(/1 seeds queued from/);
  }, 60_000);
});
