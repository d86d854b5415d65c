/**
 * The CLI run as a child process, as an investigator runs it, for the command tests: its own home,
 * data directory and keychain service, so no test touches another's state.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from './fixtures-dir';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `cli <args>` with `dir` as home and data directory. */
export function runCliIn(dir: string, keychainService: string, args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', ...args], {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        TRACE_GRAPH_DATA_DIR: path.join(dir, 'data'),
        TRACE_GRAPH_KEYCHAIN_SERVICE: keychainService,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
