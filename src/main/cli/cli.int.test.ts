import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../../test/fakes/http-server';
import { repositoryRoot } from '../../../test/support/fixtures-dir';
import { openCaseGraph } from '../../engine/index';

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

let dir: string;
let closedPort: number;

/** Runs the CLI as a child process under the same Node as the tests. */
function runCli(args: string[], options: { onStart?: (child: ChildProcess) => void } = {}) {
  return new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', ...args], {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        TRACE_GRAPH_DATA_DIR: path.join(dir, 'data'),
        TRACE_GRAPH_KEYCHAIN_SERVICE: `trace-graph-cli-test-${process.pid}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    options.onStart?.(child);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function fingerprint(file: string): Promise<string> {
  const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
  return `${createHash('sha256').update(bytes).digest('hex')} ${info.mtimeMs}`;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function unreachableConfig(gleifUrl = `http://127.0.0.1:${closedPort}`) {
  const closed = `127.0.0.1:${closedPort}`;
  const fast = { requests: 50, intervalMs: 100 };
  return {
    sources: {
      gleif: { baseUrl: gleifUrl, rateLimit: fast },
      companydata: { baseUrl: `http://${closed}`, rateLimit: fast },
      rdap: { bootstrapUrl: `http://${closed}/`, rateLimit: fast },
      whois: { ianaServer: closed, rateLimit: fast },
    },
    http: { timeoutMs: 5000, maxRetries: 0 },
  };
}

let validCase: string;
let configFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-int-'));
  closedPort = await freePort();
  validCase = path.join(dir, 'existing.sqlite');
  const graph = openCaseGraph(validCase);
  graph.applyNow(
    {
      entities: [{ type: 'Organization', asset: { unique_id: 'acme', name: 'Acme' } }],
      edges: [],
      dispatch: [],
    },
    { source: { name: 'Investigator', confidence: 100 } },
  );
  void graph.close();
  configFile = path.join(dir, 'config.json');
  await writeFile(configFile, JSON.stringify(unreachableConfig()));
  await writeFile(path.join(dir, 'not-json.json'), '{ "depth": ');
  await writeFile(path.join(dir, 'bad-value.json'), JSON.stringify({ depth: 'deep' }));
  await writeFile(
    path.join(dir, 'huge-timeout.json'),
    JSON.stringify({ http: { timeoutMs: 3_000_000_000 } }),
  );
  await writeFile(
    path.join(dir, 'bad-port.json'),
    `\uFEFF${JSON.stringify({ sources: { whois: { ianaServer: 'whois.example:99999' } } })}`,
  );
  await writeFile(path.join(dir, 'text.sqlite'), 'these are notes, not a database\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('cli bad input', () => {
  const cases: [string, () => string[]][] = [
    ['an unknown asset type', () => ['enrich', '--case', validCase, '--seed', 'Spaceship=enterprise']],
    ['an invalid seed value', () => ['enrich', '--case', validCase, '--seed', 'Identifier=lei:short']],
    ['a seed without a type', () => ['enrich', '--case', validCase, '--seed', 'Acme']],
    ['no seed', () => ['enrich', '--case', validCase]],
    [
      'an unknown option',
      () => ['enrich', '--case', validCase, '--seed', 'Organization=Acme', '--frobnicate'],
    ],
    [
      'a depth that is not a number',
      () => ['enrich', '--case', validCase, '--seed', 'Organization=A', '--depth', 'x'],
    ],
    [
      'a missing config file',
      () => [
        'enrich',
        '--case',
        validCase,
        '--seed',
        'Organization=A',
        '--config',
        path.join(dir, 'nope.json'),
      ],
    ],
    [
      'a config file that is not JSON',
      () => [
        'enrich',
        '--case',
        validCase,
        '--seed',
        'Organization=A',
        '--config',
        path.join(dir, 'not-json.json'),
      ],
    ],
    [
      'a config file with an invalid value',
      () => [
        'enrich',
        '--case',
        validCase,
        '--seed',
        'Organization=A',
        '--config',
        path.join(dir, 'bad-value.json'),
      ],
    ],
    [
      'an organization name of punctuation only',
      () => ['enrich', '--case', validCase, '--seed', 'Organization=!!!'],
    ],
    [
      'an organization name of zero-width characters only',
      () => ['enrich', '--case', validCase, '--seed', 'Organization=\u200b\u200b'],
    ],
    [
      'an --export path in a missing directory',
      () => [
        'enrich',
        '--case',
        validCase,
        '--seed',
        'Organization=Acme',
        '--config',
        configFile,
        '--export',
        path.join(dir, 'no-such-dir', 'out.json'),
      ],
    ],
    [
      'a --data-dir that is a file',
      () => ['enrich', '--case', validCase, '--seed', 'Organization=Acme', '--data-dir', configFile],
    ],
    [
      'a config file with a timeout longer than a timer can wait',
      () => [
        'enrich',
        '--case',
        validCase,
        '--seed',
        'Organization=A',
        '--config',
        path.join(dir, 'huge-timeout.json'),
      ],
    ],
    [
      'a config file (with a byte order mark) naming port 99999',
      () => [
        'enrich',
        '--case',
        validCase,
        '--seed',
        'Organization=A',
        '--config',
        path.join(dir, 'bad-port.json'),
      ],
    ],
    ['an unknown command', () => ['enlarge', '--case', validCase]],
    ['export without --out', () => ['export', '--case', validCase]],
  ];

  it.each(cases)(
    'exits 2 with one error line and leaves the case file intact for %s',
    async (_name, args) => {
      const before = await fingerprint(validCase);
      const result = await runCli(args());
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^error: [^\n]+\n$/);
      expect(await fingerprint(validCase)).toBe(before);
      expect(existsSync(`${validCase}-wal`)).toBe(false);
    },
  );

  it('refuses a case file that is not an SQLite database and leaves it as it was', async () => {
    const file = path.join(dir, 'text.sqlite');
    const before = await fingerprint(file);
    const result = await runCli(['enrich', '--case', file, '--seed', 'Organization=Acme']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: .*not an SQLite database\)\n$/);
    expect(await fingerprint(file)).toBe(before);
  });

  it.skipIf(process.getuid?.() === 0)('refuses an unreadable case file', async () => {
    const file = path.join(dir, 'locked.sqlite');
    await writeFile(file, '');
    await chmod(file, 0o000);
    const result = await runCli(['enrich', '--case', file, '--seed', 'Organization=Acme']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: .*permission denied\n$/);
  });

  it('refuses an SQLite database of another application and leaves it as it was', async () => {
    const file = path.join(dir, 'foreign.sqlite');
    const foreign = new Database(file);
    foreign.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')");
    foreign.close();
    const before = await fingerprint(file);
    const result = await runCli(['export', '--case', file, '--out', path.join(dir, 'foreign.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: .*without a case schema\)\n$/);
    expect(await fingerprint(file)).toBe(before);
  });

  it('refuses a damaged case file before any source is asked', async () => {
    const file = path.join(dir, 'damaged.sqlite');
    const graph = openCaseGraph(file);
    graph.applyNow(
      {
        entities: Array.from({ length: 300 }, (_, index) => ({
          type: 'Organization' as const,
          asset: { unique_id: `org ${index}`, name: `Org ${index} ${'x'.repeat(200)}` },
        })),
        edges: [],
        dispatch: [],
      },
      { source: { name: 'Investigator', confidence: 100 } },
    );
    void graph.close();
    // Keep the header (a case file by its first page) and overwrite the pages after it.
    const bytes = await readFile(file);
    bytes.fill(0xa5, 4096);
    await writeFile(file, bytes);
    const result = await runCli([
      'enrich',
      '--case',
      file,
      '--seed',
      'Organization=Acme',
      '--config',
      configFile,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: case file .* is damaged \(.*\)\n$/);
  });

  it('escapes terminal controls of its input in the error line', async () => {
    const result = await runCli(['enrich', '--case', validCase, '--seed', 'Identifier=\u001b]0;x\u0007']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('\\x1B]0;x\\x07');
    expect(result.stderr).not.toContain('\u001b');
  });

  it('creates no case file when the arguments are invalid', async () => {
    const file = path.join(dir, 'never.sqlite');
    const result = await runCli(['enrich', '--case', file, '--seed', 'Nope=1']);
    expect(result.code).toBe(2);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses to export a case file that does not exist instead of creating it', async () => {
    const file = path.join(dir, 'missing.sqlite');
    const result = await runCli(['export', '--case', file, '--out', path.join(dir, 'missing.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: .*does not exist\n$/);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.join(dir, 'missing.json'))).toBe(false);
  });
});

describe('cli enrich and export', () => {
  it('completes with no reachable source, reports the failures and exports the documented JSON', async () => {
    const file = path.join(dir, 'run.sqlite');
    const exported = path.join(dir, 'run-export.json');
    const result = await runCli([
      'enrich',
      '--case',
      file,
      '--seed',
      'Organization=Acme Widgets',
      '--seed',
      'AutonomousSystem=64500',
      '--config',
      configFile,
      '--depth',
      '1',
      '--export',
      exported,
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/session done/);
    expect(result.stderr).toMatch(/entities: 2 \(AutonomousSystem 1, Organization 1\)/);
    expect(result.stderr).toMatch(/Organization:acme widgets {2}GLEIF {2}network: /);
    expect(result.stderr).toMatch(/AutonomousSystem:64500 {2}RDAP {2}network: /);
    expect(result.stderr).toMatch(/sources needing an API key: CompanyData/);

    const json = JSON.parse(await readFile(exported, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(['edges', 'entities']);
    expect(json.edges).toEqual([]);
    expect(json.entities).toEqual(
      expect.arrayContaining([
        {
          id: 'Organization:acme widgets',
          type: 'Organization',
          asset: { unique_id: 'acme widgets', name: 'Acme Widgets' },
          tags: expect.arrayContaining([expect.objectContaining({ name: 'source', value: 'Investigator' })]),
        },
        expect.objectContaining({
          id: 'AutonomousSystem:64500',
          type: 'AutonomousSystem',
          asset: { number: 64500 },
        }),
      ]),
    );

    const out = path.join(dir, 'export.json');
    const exportResult = await runCli(['export', '--case', file, '--out', out]);
    expect(exportResult.code).toBe(0);
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual(json);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('exits 1 when every handler run failed', async () => {
    const result = await runCli([
      'enrich',
      '--case',
      path.join(dir, 'all-failed.sqlite'),
      '--seed',
      'AutonomousSystem=64501',
      '--config',
      configFile,
      '--depth',
      '0',
    ]);
    expect(result.stderr).toMatch(/handler runs: 0 done, [1-9]\d* failed/);
    expect(result.code).toBe(1);
  });

  it('cancels cleanly on SIGINT and exits 130', async () => {
    const hanging = await startFakeHttpServer(() => ({ delayMs: 20_000, body: { data: [] } }));
    try {
      const config = path.join(dir, 'hanging.json');
      await writeFile(config, JSON.stringify(unreachableConfig(hanging.url)));
      let sent = false;
      const running = runCli(
        [
          'enrich',
          '--case',
          path.join(dir, 'interrupted.sqlite'),
          '--seed',
          'Organization=Acme',
          '--config',
          config,
        ],
        {
          onStart: (child) => {
            const timer = setInterval(() => {
              if (hanging.requests.length > 0) {
                clearInterval(timer);
                sent = true;
                child.kill('SIGINT');
              }
            }, 20);
            child.on('close', () => clearInterval(timer));
          },
        },
      );
      const result = await running;
      expect(sent).toBe(true);
      expect(result.code).toBe(130);
      expect(result.stderr).toMatch(/session cancelled/);
    } finally {
      await hanging.close();
    }
  });
});

describe('cli runtime', () => {
  // The system Node of the CI image is 20, under which the native SQLite module crashes.
  const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => existsSync(file));
  const systemMajor =
    systemNode === undefined
      ? undefined
      : Number(
          spawnSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.split('.')[0],
        );
  it.skipIf(systemNode === undefined || systemMajor === undefined || systemMajor >= 22)(
    'refuses an unsupported Node with a clear message instead of crashing',
    () => {
      const result = spawnSync(
        systemNode as string,
        [
          '--import',
          'tsx',
          'src/main/cli/index.ts',
          'export',
          '--case',
          validCase,
          '--out',
          path.join(dir, 'x.json'),
        ],
        { cwd: repositoryRoot, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir } },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        /^error: Trace Graph needs Node\.js 22\.12 or newer; this is Node\.js 20\./,
      );
    },
  );
});

describe('cli copy', () => {
  it('copies a case another process has open, its unsaved log included, readable by the owner only', async () => {
    const file = path.join(dir, 'copied-live.sqlite');
    const copy = path.join(dir, 'copied-live-copy.sqlite');
    const writer = openCaseGraph(file);
    try {
      for (let index = 0; index < 30; index += 1) {
        writer.applyNow(
          { entities: [{ type: 'FQDN', asset: { name: `h${index}.example` } }], edges: [], dispatch: [] },
          { source: { name: 'WHOIS', confidence: 80 } },
        );
      }
      expect((await stat(`${file}-wal`)).size).toBeGreaterThan(0);
      const result = await runCli(['copy', '--case', file, '--out', copy]);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('copied');
      expect((await stat(copy)).mode & 0o777).toBe(0o600);
      const copied = openCaseGraph(copy);
      try {
        expect(copied.exportJson()).toEqual(writer.exportJson());
      } finally {
        void copied.close();
      }
    } finally {
      void writer.close();
    }
  });

  it('refuses to copy a case onto itself with exit 2', async () => {
    const file = path.join(dir, 'copied-self.sqlite');
    void openCaseGraph(file).close();
    const result = await runCli(['copy', '--case', file, '--out', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--out must not be the case file');
  });
});
