/**
 * `npm run demo`: the app against the fake sources, in one command. Starts the four fake sources
 * on loopback (replaying the recordings under $FIXTURES_DIR, default ../shared/fixtures), gives a
 * demo data directory (default .demo/ in the repository; --data-dir DIR) settings pointing at
 * them, builds the README's demo case there with the CLI the first time, and starts the web host
 * over that directory with --open. Runs until interrupted; stops the fake sources with it.
 * Test support only: never imported by src/.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fixturesDir, haveFixtures, repositoryRoot } from '../test/support/fixtures-dir';
import { WEB_HOST_NODE_FLAGS } from '../src/main/web/launch';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string', default: path.join(repositoryRoot, '.demo') } },
});
const dataDir = path.resolve(values['data-dir']);

if (!haveFixtures()) {
  process.stderr.write(
    `error: the recorded replies were not found at ${fixturesDir()}; set FIXTURES_DIR to the recordings folder\n`,
  );
  process.exit(2);
}

const tsx = path.join(repositoryRoot, 'node_modules', '.bin', 'tsx');
const children: ReturnType<typeof spawn>[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    children.forEach((child) => child.kill(signal));
    process.exit(0);
  });
}

function run(args: string[], environment: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, args, {
      cwd: repositoryRoot,
      stdio: 'inherit',
      env: { ...process.env, ...environment },
    });
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

mkdirSync(path.join(dataDir, 'cases'), { recursive: true });
const configPath = path.join(dataDir, 'fake-sources.json');
const sources = spawn(tsx, ['scripts/fake-sources.ts', '--config', configPath, '--fast'], {
  cwd: repositoryRoot,
  stdio: ['ignore', 'pipe', 'inherit'],
});
children.push(sources);
await new Promise<void>((resolve) => {
  sources.stdout?.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (chunk.toString().includes('configuration written')) {
      resolve();
    }
  });
});

// The app reads its sources from the data directory's settings.
const config = JSON.parse(readFileSync(configPath, 'utf8')) as { sources: unknown };
const settingsPath = path.join(dataDir, 'settings.json');
const settings = existsSync(settingsPath) ? (JSON.parse(readFileSync(settingsPath, 'utf8')) as object) : {};
writeFileSync(settingsPath, `${JSON.stringify({ ...settings, sources: config.sources }, null, 2)}\n`);

const demoCase = path.join(dataDir, 'cases', 'demo.sqlite');
if (!existsSync(demoCase)) {
  await run(
    [
      'src/main/cli/index.ts',
      'enrich',
      '--case',
      demoCase,
      '--config',
      configPath,
      '--seed',
      'Organization=Microsoft Corporation',
      '--seed',
      'AutonomousSystem=2914',
      '--seed',
      'DomainRecord=google.com',
    ],
    { COMPANYDATA_API_KEY: 'fake-key' },
  );
}
await run([...WEB_HOST_NODE_FLAGS, 'src/main/web/launch.ts', '--data-dir', dataDir, '--open'], {
  COMPANYDATA_API_KEY: 'fake-key',
});
