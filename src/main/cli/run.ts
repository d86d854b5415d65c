/** The headless CLI's commands: validate everything first, then enrich a case or export it. */
import { constants } from 'node:fs';
import { access, mkdir, open as openFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ConfigError,
  CredentialStoreUnavailableError,
  DEFAULT_CONFIG,
  createEngine,
  loadConfigFile,
  openCaseGraph,
  withEnvironmentOverrides,
  type AppConfig,
  type CredentialStore,
  type Logger,
} from '../../engine/index';
import { createKeyringCredentialStore } from '../credentials/keyring-credential-store';
import { resolveDataDir, settingsPath } from '../paths';
import { USAGE, UsageError, parseCommandLine, type EnrichCommand, type ExportCommand } from './args';
import { createProgressPrinter, printError, summaryLines, type OutputStream } from './output';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERRUPTED = 130;

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
}

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** Runs the CLI and returns its exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const command = parseCommandLine(argv);
    switch (command.command) {
      case 'help':
        io.stdout.write(`${USAGE}\n`);
        return EXIT_OK;
      case 'enrich':
        return await runEnrich(command, io);
      case 'export':
        return await runExport(command, io);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      printError(io.stderr, error.message);
      return EXIT_USAGE;
    }
    printError(io.stderr, error instanceof Error ? error.message : String(error));
    return EXIT_FAILURE;
  }
}

async function runEnrich(command: EnrichCommand, io: CliIo): Promise<number> {
  // Everything is checked before the case file is opened, so bad input never creates or touches it.
  const dataDir = resolveDataDir({ flag: command.dataDir, env: io.env });
  const config = await readConfig(command.configPath, dataDir);
  await checkCaseFile(command.casePath, 'open-or-create');
  if (command.exportPath !== undefined) {
    await checkOutputFile(command.exportPath, command.casePath, '--export');
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });

  const printer = createProgressPrinter(io.stderr);
  for (const notice of command.notices) {
    printer.note(`note: ${notice}`);
  }
  const logger = noteLogger((message) => printer.note(message));
  let warnedKeychain = false;
  const credentials = withEnvironmentOverrides(
    tolerateMissingKeychain(createKeyringCredentialStore({ service: keychainService(io.env) }), (message) => {
      if (!warnedKeychain) {
        warnedKeychain = true;
        printer.note(`warning: ${message}`);
      }
    }),
    io.env,
  );
  const engine = createEngine({ config, dataDir, credentials, logger });
  let interrupted = false;
  const onSigint = (): void => {
    if (interrupted) {
      process.exit(EXIT_INTERRUPTED);
    }
    interrupted = true;
    printer.note('cancelling (press Ctrl-C again to quit at once)...');
    for (const session of open.activeSessions()) {
      session.cancel();
    }
  };
  let open: ReturnType<typeof engine.openCase>;
  try {
    open = engine.openCase(command.casePath);
  } catch (error) {
    await engine.close();
    throw new UsageError(`cannot open case file ${command.casePath}: ${messageOf(error)}`);
  }
  process.on('SIGINT', onSigint);
  try {
    const session = open.startSession(
      command.depth === undefined ? { seeds: command.seeds } : { seeds: command.seeds, depth: command.depth },
    );
    session.onProgress((progress) => printer.update(progress));
    const progress = await session.done;
    printer.finish();
    for (const line of summaryLines(progress, open.graph.stats())) {
      io.stderr.write(`${line}\n`);
    }
    if (command.exportPath !== undefined) {
      await writeJsonFile(command.exportPath, open.graph.exportJson());
      io.stderr.write(`exported to ${command.exportPath}\n`);
    }
  } finally {
    process.off('SIGINT', onSigint);
    await engine.close();
  }
  return interrupted ? EXIT_INTERRUPTED : EXIT_OK;
}

async function runExport(command: ExportCommand, io: CliIo): Promise<number> {
  await checkCaseFile(command.casePath, 'existing');
  await checkOutputFile(command.outPath, command.casePath, '--out');
  let graph;
  try {
    graph = openCaseGraph(command.casePath);
  } catch (error) {
    throw new UsageError(`cannot open case file ${command.casePath}: ${messageOf(error)}`);
  }
  try {
    const exported = graph.exportJson();
    await writeJsonFile(command.outPath, exported);
    io.stderr.write(
      `exported ${exported.entities.length} entities and ${exported.edges.length} edges to ${command.outPath}\n`,
    );
  } finally {
    graph.close();
  }
  return EXIT_OK;
}

/** `--config`, else the settings file of the data directory when there is one, else the defaults. */
async function readConfig(configPath: string | undefined, dataDir: string): Promise<AppConfig> {
  if (configPath !== undefined) {
    return loadConfigFile(configPath);
  }
  const settings = settingsPath(dataDir);
  const exists = await stat(settings).then(
    () => true,
    () => false,
  );
  return exists ? loadConfigFile(settings) : DEFAULT_CONFIG;
}

/** Refuses anything that is not an SQLite file we may read and write (or, for enrich, a new file). */
async function checkCaseFile(file: string, mode: 'open-or-create' | 'existing'): Promise<void> {
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') {
      throw new UsageError(`cannot read case file ${file}: ${messageOf(error)}`);
    }
    if (mode === 'existing') {
      throw new UsageError(`case file ${file} does not exist`);
    }
    await checkWritableDirectory(path.dirname(path.resolve(file)), `cannot create case file ${file}`);
    return;
  }
  if (!info.isFile()) {
    throw new UsageError(`case file ${file} is not a regular file`);
  }
  try {
    await access(file, mode === 'existing' ? constants.R_OK : constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new UsageError(
      `cannot ${mode === 'existing' ? 'read' : 'open'} case file ${file}: ${messageOf(error)}`,
    );
  }
  if (info.size === 0) {
    if (mode === 'existing') {
      throw new UsageError(`case file ${file} is empty`);
    }
    return;
  }
  const handle = await openFile(file, 'r');
  let header: Buffer;
  try {
    header = Buffer.alloc(64);
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    if (bytesRead < header.length || header.toString('latin1', 0, SQLITE_HEADER.length) !== SQLITE_HEADER) {
      throw new UsageError(`${file} is not a case file (not an SQLite database)`);
    }
  } finally {
    await handle.close();
  }
  // Every case file has a schema version (PRAGMA user_version, bytes 60-63 of the header) from its
  // first write; version 0 means another application's database, which opening would alter. A
  // write-ahead log may hold a newer header, so the check only applies without one.
  const walSize = await stat(`${file}-wal`).then(
    (wal) => wal.size,
    () => 0,
  );
  if (header.readUInt32BE(60) === 0 && walSize === 0) {
    throw new UsageError(`${file} is not a case file (an SQLite database without a case schema)`);
  }
}

async function checkOutputFile(file: string, casePath: string, flag: string): Promise<void> {
  if (path.resolve(file) === path.resolve(casePath)) {
    throw new UsageError(`${flag} must not be the case file`);
  }
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory() === true) {
    throw new UsageError(`${flag} ${file} is a directory`);
  }
  await checkWritableDirectory(path.dirname(path.resolve(file)), `cannot write ${file}`);
}

async function checkWritableDirectory(dir: string, what: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined) {
    throw new UsageError(`${what}: directory ${dir} does not exist`);
  }
  if (!info.isDirectory()) {
    throw new UsageError(`${what}: ${dir} is not a directory`);
  }
  try {
    await access(dir, constants.W_OK);
  } catch {
    throw new UsageError(`${what}: directory ${dir} is not writable`);
  }
}

async function writeJsonFile(file: string, value: unknown): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`);
  await rename(temporary, file);
}

/** A keychain that cannot be reached means "no key" for this run (with one warning), not a failure per request. */
function tolerateMissingKeychain(store: CredentialStore, warn: (message: string) => void): CredentialStore {
  return {
    ...store,
    get: async (source) => {
      try {
        return await store.get(source);
      } catch (error) {
        if (error instanceof CredentialStoreUnavailableError) {
          warn(error.message);
          return undefined;
        }
        throw error;
      }
    },
  };
}

function keychainService(env: Record<string, string | undefined>): string {
  return env.TRACE_GRAPH_KEYCHAIN_SERVICE ?? 'trace-graph';
}

function noteLogger(note: (message: string) => void): Logger {
  const line = (level: string) => (message: string) => note(`${level}: ${message}`);
  return { debug: () => undefined, info: () => undefined, warn: line('warning'), error: line('error') };
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

function messageOf(error: unknown): string {
  const code = codeOf(error);
  if (code === 'EACCES' || code === 'EPERM') {
    return 'permission denied';
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split(/\r?\n/, 1)[0] ?? message;
}
