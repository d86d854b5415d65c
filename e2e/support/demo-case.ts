/**
 * The README's offline demo case, built as a user builds it: the four fake sources replaying the
 * recorded replies under fixturesDir(), and the CLI's `enrich` writing a case file (so no node has
 * a stored position: the CLI never draws).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from '../../test/support/fixtures-dir';
import { DEMO_SEEDS, startRecordedSources } from '../../test/support/recorded-sources';

export { DEMO_SEEDS };

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
  const sources = await startRecordedSources(workDir, 'fake-key');
  try {
    await runCli(
      [
        'enrich',
        '--case',
        casePath,
        '--config',
        sources.configFile,
        ...DEMO_SEEDS.flatMap((seed) => ['--seed', seed]),
      ],
      {
        HOME: workDir,
        TRACE_GRAPH_DATA_DIR: path.join(workDir, 'cli-data'),
        TRACE_GRAPH_KEYCHAIN_SERVICE: 'trace-graph-e2e-demo',
        COMPANYDATA_API_KEY: 'fake-key',
      },
    );
  } finally {
    await sources.close();
  }
}
