/**
 * The README's offline demo case, built as a user builds it: the four fake sources replaying the
 * recorded replies under fixturesDir(), and the CLI's `enrich` writing a case file (so no node has
 * a stored position: the CLI never draws).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadRecordedDataset, startFakeCompanyDataServer } from '../../test/fakes/companydata-server';
import { startFakeGleifServer } from '../../test/fakes/gleif-server';
import { startFakeRdapServer } from '../../test/fakes/rdap-server';
import { startFakeWhoisServers } from '../../test/fakes/whois-server';
import { fixturePath, fixturesDir, repositoryRoot } from '../../test/support/fixtures-dir';

/** The README's seeds. */
export const DEMO_SEEDS = [
  'Organization=Microsoft Corporation',
  'AutonomousSystem=2914',
  'DomainRecord=google.com',
];

function runCli(args: string[], environment: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', ...args], {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH ?? '', ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`cli ${args[0] ?? ''} exited ${code}: ${output}`)),
    );
  });
}

/** Writes the demo case to `casePath` (a file under the app's `cases/`), in a home of `workDir`. */
export async function buildDemoCase(workDir: string, casePath: string): Promise<void> {
  const gleif = await startFakeGleifServer({ fixturesDir: fixturesDir() });
  const rdap = await startFakeRdapServer({ root: fixturePath('rdap') });
  const whois = await startFakeWhoisServers({ directory: fixturePath('whois') });
  const { dataset, employeesPageSize } = loadRecordedDataset(
    fixturePath('companydata', 'aviato', 'synthetic'),
  );
  const companydata = await startFakeCompanyDataServer({
    apiKey: 'fake-key',
    dataset,
    maxPageSize: employeesPageSize,
  });
  try {
    const fast = { rateLimit: { requests: 50, intervalMs: 1000 } };
    const config = path.join(workDir, 'fake-sources.json');
    await writeFile(
      config,
      JSON.stringify({
        sources: {
          gleif: { baseUrl: gleif.url, ...fast },
          companydata: { baseUrl: companydata.url, ...fast },
          rdap: { bootstrapUrl: rdap.bootstrapUrl, ...fast },
          whois: { ianaServer: whois.ianaAddress, servers: whois.servers, ...fast },
        },
      }),
    );
    await runCli(
      ['enrich', '--case', casePath, '--config', config, ...DEMO_SEEDS.flatMap((seed) => ['--seed', seed])],
      {
        HOME: workDir,
        TRACE_GRAPH_DATA_DIR: path.join(workDir, 'cli-data'),
        TRACE_GRAPH_KEYCHAIN_SERVICE: 'trace-graph-e2e-demo',
        COMPANYDATA_API_KEY: 'fake-key',
      },
    );
  } finally {
    await Promise.all([gleif.close(), rdap.close(), whois.close(), companydata.close()]);
  }
}
