/** Entry point of the headless CLI (`npm run -s cli -- enrich|export ...`). */
import { runCli } from './run';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
