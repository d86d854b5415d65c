#!/usr/bin/env node
// `npm run test:e2e`: builds the renderer for the web host, finds a Chromium, and runs the
// Playwright specs (extra arguments go to `playwright test`). Prints which host the run used.
// The API-key spec uses the real OS keychain: without a session bus this script re-runs itself
// inside `dbus-run-session` with an unlocked gnome-keyring.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const args = process.argv.slice(2);
// The pinned Node 24 (node_modules/.bin/node) first on PATH: tools started through their `node`
// shebang would otherwise run under the system Node, where better-sqlite3 13 crashes (SIGSEGV).
const pinnedEnv = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};

if (!process.env.DBUS_SESSION_BUS_ADDRESS && !process.env.TRACE_GRAPH_IN_DBUS) {
  if (onPath('dbus-run-session') && onPath('gnome-keyring-daemon')) {
    const inner =
      'eval "$(printf trace-graph-test | gnome-keyring-daemon --unlock --components=secrets)" >/dev/null; ' +
      'export TRACE_GRAPH_IN_DBUS=1; exec node scripts/e2e.mjs "$@"';
    // A keyring directory of its own: a login keyring left by another run (with another password)
    // would stay locked and answer every request with a dismissed unlock prompt.
    const keyringHome = mkdtempSync(path.join(os.tmpdir(), 'trace-graph-e2e-keyring-'));
    const result = spawnSync('dbus-run-session', ['--', 'bash', '-c', inner, 'e2e', ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...pinnedEnv, XDG_DATA_HOME: keyringHome },
    });
    rmSync(keyringHome, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
  console.warn('warning: no D-Bus session bus: the API-key spec will see "no keychain reachable"');
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `error: no Chromium at ${chromium}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH)`,
  );
  process.exit(1);
}

/** The Electron binary when its runtime is installed (checked on disk: requiring it would try a download). */
function electronRuntime() {
  const pathFile = path.join(root, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) {
    return undefined;
  }
  const file = path.join(root, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(file) ? file : undefined;
}
const host = electronRuntime() === undefined ? 'web' : 'electron';
console.log(
  host === 'web'
    ? 'e2e host: web (loopback web host in Chromium; the Electron runtime is not installed here)'
    : 'e2e host: electron runtime found; the specs run against the web host, which shares every line but the Electron adapter',
);

const build = spawnSync(bin('vite'), ['build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: pinnedEnv,
});
if (build.status !== 0) {
  process.exit(build.status ?? 1);
}

if (process.env.TRACE_GRAPH_IN_DBUS) {
  // Warm the fresh keyring up once (creating its default collection) before the app's first
  // keychain call: a first call racing that creation crashed the test worker.
  const probe =
    "const { AsyncEntry } = require('@napi-rs/keyring');" +
    "const e = new AsyncEntry('trace-graph-e2e-probe', 'probe', { linux: { store: 'secret-service' } });" +
    "e.setPassword('probe').then(() => e.deletePassword()).catch((error) => console.warn('keychain probe: ' + error.message));";
  spawnSync(bin('node'), ['-e', probe], { cwd: root, stdio: 'inherit', env: pinnedEnv });
}

const reportFile = process.env.TEST_REPORT_FILE;
const reporter = reportFile ? ['--reporter=list,json'] : [];
const run = spawnSync(bin('playwright'), ['test', ...reporter, ...args], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...pinnedEnv,
    CHROMIUM_PATH: chromium,
    E2E_HOST: host,
    ...(reportFile ? { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile } : {}),
  },
});
process.exit(run.status ?? 1);
