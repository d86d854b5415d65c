#!/usr/bin/env node
// `npm test`: the whole gate. Format, lint and typecheck, then every test tier (unit, renderer
// (jsdom), integration, conformance, end-to-end), then one closing line with the totals.
//
// The keychain tests need a D-Bus session with an unlocked Secret Service. Where no session bus
// is running (CI, SSH), this script re-runs itself inside `dbus-run-session` with a fresh,
// unlocked gnome-keyring, so the real OS keychain is exercised, never a stand-in.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.artifacts', 'test-reports');
const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

if (!process.env.DBUS_SESSION_BUS_ADDRESS && !process.env.TRACE_GRAPH_IN_DBUS) {
  if (onPath('dbus-run-session') && onPath('gnome-keyring-daemon')) {
    const inner =
      'eval "$(printf trace-graph-test | gnome-keyring-daemon --unlock --components=secrets)" >/dev/null; ' +
      'export TRACE_GRAPH_IN_DBUS=1; exec node scripts/test-all.mjs "$@"';
    // A keyring directory of its own: a login keyring left by another run (with another password)
    // would stay locked and answer every request with a dismissed unlock prompt.
    const keyringHome = mkdtempSync(path.join(os.tmpdir(), 'trace-graph-test-keyring-'));
    const result = spawnSync(
      'dbus-run-session',
      ['--', 'bash', '-c', inner, 'test-all', ...process.argv.slice(2)],
      { cwd: root, stdio: 'inherit', env: { ...process.env, XDG_DATA_HOME: keyringHome } },
    );
    rmSync(keyringHome, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
  const message =
    'no D-Bus session bus and no dbus-run-session/gnome-keyring-daemon: the keychain tests cannot run ' +
    '(install: apt-get install -y dbus-x11 gnome-keyring libsecret-tools)';
  if (process.env.CI === 'true') {
    console.error(`error: ${message}`);
    process.exit(1);
  }
  console.warn(`warning: ${message}`);
}

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const steps = [
  { name: 'format', command: ['npx', 'prettier', '--check', '--log-level', 'warn', '.'] },
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings=0', '.'] },
  { name: 'typecheck (node)', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.node.json'] },
  { name: 'typecheck (web)', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.web.json'] },
  ...['unit', 'renderer', 'integration', 'conformance'].map((project) => ({
    name: `${project} tests`,
    report: path.join(reportDir, `${project}.json`),
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reportDir, `${project}.json`)}`,
    ],
  })),
  {
    // Every benchmark runs on small inputs so none can silently break; figures are printed, never
    // judged (npm run bench gives the real figures).
    name: 'benchmark smoke run',
    command: ['npx', 'tsx', 'bench/index.ts'],
    env: { BENCH_SMALL: '1', BENCH_SMOKE: '1', BENCH_ROUNDS: '1' },
  },
  {
    name: 'end-to-end tests',
    report: path.join(reportDir, 'e2e.json'),
    command: ['node', 'scripts/e2e.mjs'],
  },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const result = spawnSync(step.command[0], step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env, TEST_REPORT_FILE: step.report ?? '' },
  });
  const counts = step.report ? readCounts(step.report) : undefined;
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failedSteps.push(step.name);
    console.log(`=== ${step.name}: FAILED (exit ${result.status ?? result.signal}) in ${seconds}s ===`);
  } else {
    console.log(`=== ${step.name}: ok in ${seconds}s ===`);
  }
}

console.log('');
if (failedSteps.length > 0) {
  console.log(`failed steps: ${failedSteps.join(', ')}`);
  // A failed gate step without test counts still fails the run.
  totals.failed = Math.max(totals.failed, 1);
}
console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);

/** Reads passed/failed/skipped counts from a vitest or Playwright JSON report. */
function readCounts(file) {
  if (!existsSync(file)) {
    return undefined;
  }
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof report.numPassedTests === 'number') {
      return {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      };
    }
    if (report.stats) {
      return {
        passed: (report.stats.expected ?? 0) + (report.stats.flaky ?? 0),
        failed: report.stats.unexpected ?? 0,
        skipped: report.stats.skipped ?? 0,
      };
    }
  } catch {
    return undefined;
  }
  return undefined;
}
