/**
 * `npm run bench`: runs every benchmark script in this folder, one child process each (so one
 * benchmark's heap and JIT state do not skew the next), and prints their figures. Benchmarks
 * print measurements and ratios against a baseline measured in the same process; they never
 * pass or fail on a machine's speed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const scripts = readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.includes('.test.'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

let failures = 0;
for (const script of scripts) {
  process.stdout.write(`\n## ${script.replace(/\.ts$/, '')}\n\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, script)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) {
    failures += 1;
    process.stdout.write(`(${script} exited with ${result.status ?? result.signal})\n`);
  }
}
process.exit(failures > 0 ? 1 : 0);
