/** Helpers for the team-case CLI tests: run the CLI as a child process, compare exports without times. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from './fixtures-dir';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface CliRunOptions {
  /** Home and data directory of the child. */
  dir: string;
  /** PGPASSWORD of the child. */
  password: string;
  env?: Record<string, string>;
  onStart?: (child: ChildProcess) => void;
}

/** Runs the CLI under the tests' Node with its own data directory and keychain service. */
export function runCliProcess(args: string[], options: CliRunOptions): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/index.ts', ...args], {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH,
        HOME: options.dir,
        TRACE_GRAPH_DATA_DIR: path.join(options.dir, 'data'),
        TRACE_GRAPH_KEYCHAIN_SERVICE: `trace-graph-team-test-${process.pid}`,
        PGPASSWORD: options.password,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    options.onStart?.(child);
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - started }));
  });
}

/** A value with every time field removed (write times differ between runs). */
export function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(withoutTimes);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !/(At|_at|time|Time)$/.test(key))
        .map(([key, item]) => [key, withoutTimes(item)]),
    );
  }
  return value;
}

/** An export file's graph, sorted by id and without times, for comparing two runs. */
export function comparableExport(text: string): unknown {
  const parsed = JSON.parse(text) as { entities: { id: string }[]; edges: { id: string }[] };
  parsed.entities.sort((a, b) => a.id.localeCompare(b.id));
  parsed.edges.sort((a, b) => a.id.localeCompare(b.id));
  return withoutTimes(parsed);
}
