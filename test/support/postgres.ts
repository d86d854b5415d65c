/**
 * A throw-away PostgreSQL cluster for the team-case tests and the benchmark: `initdb` into a
 * temporary directory, `postgres` on a free 127.0.0.1 port with password (SCRAM) authentication,
 * stopped and deleted when the caller is done.
 *
 * initdb refuses to run as root, so under root the cluster belongs to the unprivileged `postgres`
 * system user that Debian's `postgresql` package creates (CI installs that package, see .ci/run).
 * `TRACE_GRAPH_PG_URL` (+ PGPASSWORD) points the tests at an existing server instead.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PostgresServer {
  /** `postgresql://USER@127.0.0.1:PORT/postgres` (no password: that is in `password`). */
  url: string;
  host: string;
  port: number;
  user: string;
  password: string;
  /** Creates a fresh database and returns its URL (same user and server). */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

const SUPERUSER = 'trace';
const SYSTEM_USER = 'postgres';

/** The newest installed server's bin directory (Debian layout), or PG_BIN when set. */
export function findPostgresBin(): string | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv !== undefined && existsSync(path.join(fromEnv, 'initdb'))) {
    return fromEnv;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) {
    return undefined;
  }
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], 'bin');
}

/**
 * True when a PostgreSQL server can be used (an existing one from TRACE_GRAPH_PG_URL, or
 * binaries to start one). When not: throws under CI, else prints why once and returns false
 * (use with `describe.skipIf`).
 */
export function havePostgres(): boolean {
  if (process.env.TRACE_GRAPH_PG_URL !== undefined || findPostgresBin() !== undefined) {
    return true;
  }
  const message =
    'PostgreSQL not found (no /usr/lib/postgresql/*/bin/initdb, PG_BIN or TRACE_GRAPH_PG_URL): ' +
    'team-case tests skipped (apt-get install -y postgresql)';
  if (process.env.CI === 'true') {
    throw new Error(message);
  }
  if (!warned) {
    warned = true;
    console.warn(message);
  }
  return false;
}
let warned = false;

/** Starts a throw-away cluster, or wraps the server TRACE_GRAPH_PG_URL names. */
export async function startPostgres(): Promise<PostgresServer> {
  const existing = process.env.TRACE_GRAPH_PG_URL;
  if (existing !== undefined) {
    const url = new URL(existing);
    return serverAt(
      url.hostname,
      Number(url.port || 5432),
      decodeURIComponent(url.username),
      process.env.PGPASSWORD ?? '',
      () => Promise.resolve(),
    );
  }
  const bin = findPostgresBin();
  if (bin === undefined) {
    throw new Error('no PostgreSQL server binaries found (apt-get install -y postgresql)');
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'trace-graph-pg-'));
  const dataDir = path.join(dir, 'data');
  const password = randomBytes(12).toString('hex');
  const pwFile = path.join(dir, 'pw');
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', SYSTEM_USER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', SYSTEM_USER]).toString().trim());
    chownSync(dir, uid, gid);
    chownSync(pwFile, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (command: string, args: string[]): string[] =>
    // setpriv execs in place (no intermediate process), so signals reach postgres itself.
    asRoot
      ? ['setpriv', `--reuid=${SYSTEM_USER}`, `--regid=${SYSTEM_USER}`, '--init-groups', command, ...args]
      : [command, ...args];

  const [initCommand = '', ...initArgs] = run(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    SUPERUSER,
    `--pwfile=${pwFile}`,
    '--auth-host=scram-sha-256',
    '--auth-local=scram-sha-256',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  execFileSync(initCommand, initArgs, { stdio: 'pipe' });
  rmSync(pwFile);

  const port = await freePort();
  const [serverCommand = '', ...serverArgs] = run(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=60',
    '-c',
    'shared_buffers=32MB',
  ]);
  const child = spawn(serverCommand, serverArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const stop = async (): Promise<void> => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return serverAt('127.0.0.1', port, SUPERUSER, password, stop);
}

function serverAt(
  host: string,
  port: number,
  user: string,
  password: string,
  stop: () => Promise<void>,
): PostgresServer {
  const url = `postgresql://${encodeURIComponent(user)}@${host}:${port}/postgres`;
  let counter = 0;
  return {
    url,
    host,
    port,
    user,
    password,
    createDatabase: async (name) => {
      counter += 1;
      const database = name ?? `t_${process.pid}_${Date.now().toString(36)}_${counter}`;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ host, port, user, password, database: 'postgres' });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
      return `postgresql://${encodeURIComponent(user)}@${host}:${port}/${database}`;
    },
    stop,
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once the server accepts TCP connections; rejects with its log if it exits first. */
async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`postgres exited with ${child.exitCode}: ${log()}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    // The port opens before the server accepts logins; "ready" is in the log then.
    if (open && /ready to accept connections/.test(log())) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`postgres did not start on port ${port} within 30 s: ${log()}`);
}

/** Fast shutdown (SIGINT), escalating to SIGKILL. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
