/** Entry point of the headless CLI (`npm run -s cli -- enrich|export ...`). */
import { unsupportedRuntime } from '../runtime-check';

// Checked before the engine (and its native SQLite module) is loaded: see runtime-check.ts.
const unsupported = unsupportedRuntime(process.versions.node);
if (unsupported === undefined) {
  const { runCli } = await import('./run');
  process.exitCode = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  });
} else {
  process.stderr.write(`error: ${unsupported}\n`);
  process.exitCode = 1;
}
