#!/usr/bin/env node
// `npm start`: opens the desktop window (electron-vite build, then Electron). Where the Electron
// runtime cannot be obtained (it is downloaded outside the package registry on first use), says so
// and serves the same app on the loopback web host instead, opening a browser where one exists.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const args = process.argv.slice(2);

/**
 * The Electron binary, or the reason there is none. Looks at the files the electron package writes
 * once its runtime is installed, without requiring the package (which would try to download it).
 */
function findElectron() {
  const packageDir = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      reason: 'the Electron runtime is not installed (node_modules/electron has no downloaded binary)',
    };
  }
  const file = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(file) ? { file } : { reason: `the Electron runtime is missing at ${file}` };
}

function run(command, commandArgs) {
  return spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' }).status ?? 1;
}

const electron = findElectron();
if (electron.file !== undefined && process.env.TRACE_GRAPH_WEB !== '1') {
  if (run(bin('electron-vite'), ['build']) !== 0) {
    process.exit(1);
  }
  const child = spawn(electron.file, [root, ...args], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  if (electron.file === undefined) {
    console.log(`The desktop window cannot open: ${electron.reason}.`);
    console.log(
      'The Electron runtime is downloaded on first use from outside the package registry, which this machine cannot reach.',
    );
    console.log('Serving the same app in your browser instead (loopback only, with a per-launch token).');
  }
  if (run(bin('vite'), ['build', '--config', 'vite.web.config.ts', '--logLevel', 'warn']) !== 0) {
    process.exit(1);
  }
  // The web host's WEB_HOST_NODE_FLAGS (a bounded young generation; launch-flags.test.ts).
  const child = spawn(bin('tsx'), ['--max-semi-space-size=8', 'src/main/web/launch.ts', '--open', ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  const stop = (signal) => child.kill(signal);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}
