/** The headless CLI's commands: validate everything first, then enrich a case, export or copy it. */
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import {
  copyCaseFile,
  DEFAULT_CONFIG,
  loadConfigFile,
  isTeamCaseUrl,
  refreshSession,
  openCaseGraph,
  type AppConfig,
  type Engine,
  type Logger,
  type OpenCase,
} from '../../engine/index';
import { composeEngine } from '../app-services/compose';
import { resolveDataDir, settingsPath } from '../paths';
import {
  USAGE,
  UsageError,
  parseCommandLine,
  type CopyCommand,
  type EnrichCommand,
  type ExportCommand,
} from './args';
import { checkCaseFile, checkDataDir, checkOutputFile, isCorruptDatabase, messageOf } from './input-checks';
import { cliErrorOf } from '../error-replies';
import { createProgressPrinter, printError, printable, summaryLines, type OutputStream } from './output';
import { openTeamCaseForCli, openTeamCaseToEnrich } from './team-case';
import { isProvenanceCommand, runProvenanceCommand } from './commands/provenance';
import { isAnnotateCommand, runAnnotateCommand } from './commands/annotate';
import { runReviewCommand } from './commands/review';
import { readSeedsFile } from './seeds-file';
import { runReportCommand } from './commands/report';
import { runDiffCommand } from './commands/diff';

export const EXIT_OK = 0;
/** Nothing succeeded: handler runs failed and none completed. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERRUPTED = 130;

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
}

/** Runs the CLI and returns its exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    if (isProvenanceCommand(argv[0])) {
      return await runProvenanceCommand(argv, io);
    }
    if (argv[0] === 'review') {
      return await runReviewCommand(argv, io);
    }
    if (isAnnotateCommand(argv[0])) {
      return await runAnnotateCommand(argv, io);
    }
    if (argv[0] === 'report') {
      return await runReportCommand(argv, io);
    }
    if (argv[0] === 'diff') {
      return await runDiffCommand(argv, io);
    }
    const command = parseCommandLine(argv);
    switch (command.command) {
      case 'help':
        io.stdout.write(`${USAGE}\n`);
        return EXIT_OK;
      case 'enrich':
        return await runEnrich(command, io);
      case 'export':
        return await runExport(command, io);
      case 'copy':
        return await runCopy(command, io);
    }
  } catch (error) {
    const { exit, message } = cliErrorOf(error);
    printError(io.stderr, message);
    return exit === 'usage' ? EXIT_USAGE : EXIT_FAILURE;
  }
}

async function runEnrich(command: EnrichCommand, io: CliIo): Promise<number> {
  // Everything is checked before the case file is opened, so bad input never creates or touches it.
  if (command.seedsFile !== undefined) {
    const list = await readSeedsFile(command.seedsFile, command.seeds.length, io.stderr);
    command.seeds.push(...list.seeds);
    command.notices.push(...list.notices);
  }
  const dataDir = resolveDataDir({ flag: command.dataDir, env: io.env });
  await checkDataDir(dataDir);
  const config = await readConfig(command.configPath, dataDir);
  const team = isTeamCaseUrl(command.casePath);
  if (!team) {
    await checkCaseFile(command.casePath, command.refresh === undefined ? 'open-or-create' : 'existing');
  }
  if (command.exportPath !== undefined) {
    await checkOutputFile(command.exportPath, command.casePath, '--export');
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });

  const printer = createProgressPrinter(io.stderr);
  for (const notice of command.notices) {
    printer.note(`note: ${notice}`);
  }
  let warnedKeychain = false;
  // The same composition root as the desktop app and the web host.
  const logger = noteLogger((message) => printer.note(message));
  const composed = composeEngine({
    dataDirFlag: dataDir,
    environment: io.env,
    logger,
    onKeychainUnavailable: (message) => {
      if (!warnedKeychain) {
        warnedKeychain = true;
        printer.note(`warning: ${message}`);
      }
    },
  });
  // A team case (postgresql://...) is opened first: its failures exit 2 before any write.
  const { open, close } = team
    ? await openTeamCaseToEnrich(command.casePath, {
        env: io.env,
        credentials: composed.credentials.store,
        logger,
        createEngine: (extra) => composed.createEngine(config, extra),
      })
    : await openCaseFileToEnrich(command.casePath, composed.createEngine(config, {}));
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
  process.on('SIGINT', onSigint);
  try {
    const session = open.startSession(sessionOptionsOf(command, open));
    session.onProgress((progress) => printer.update(progress));
    const progress = await session.done;
    printer.finish();
    for (const line of summaryLines(progress, open.graph.stats())) {
      io.stderr.write(`${line}\n`);
    }
    if (command.exportPath !== undefined) {
      await writeJsonFile(command.exportPath, open.graph.exportJson());
      io.stderr.write(`exported to ${printable(command.exportPath)}\n`);
    }
    if (interrupted) {
      return EXIT_INTERRUPTED;
    }
    return progress.failed > 0 && progress.done === 0 ? EXIT_FAILURE : EXIT_OK;
  } finally {
    process.off('SIGINT', onSigint);
    await close();
  }
}

/** A case file opened on the engine; a damaged file is refused before a session writes to it. */
async function openCaseFileToEnrich(
  casePath: string,
  engine: Engine,
): Promise<{ open: OpenCase; close: () => Promise<void> }> {
  try {
    const open = engine.openCase(casePath);
    // Reads every table once: a damaged file is refused here, before a session writes to it.
    open.graph.stats();
    return { open, close: () => engine.close() };
  } catch (error) {
    await engine.close();
    throw new UsageError(
      isCorruptDatabase(error)
        ? `case file ${casePath} is damaged (${messageOf(error)})`
        : `cannot open case file ${casePath}: ${messageOf(error)}`,
    );
  }
}

/** An enrich's seeds, or a refresh's: every entity a source answered for (docs/changes.md). */
function sessionOptionsOf(command: EnrichCommand, open: OpenCase): Parameters<OpenCase['startSession']>[0] {
  if (command.refresh !== undefined) {
    const options = refreshSession(open.graph, command.refresh);
    const unknown = command.refresh.only?.find(
      (id) => open.graph.findEntity(open.graph.resolveId(id)) === undefined,
    );
    if (unknown !== undefined) {
      throw new UsageError(`the case has no entity ${unknown}`);
    }
    return options;
  }
  return command.depth === undefined
    ? { seeds: command.seeds }
    : { seeds: command.seeds, depth: command.depth };
}

async function runExport(command: ExportCommand, io: CliIo): Promise<number> {
  if (isTeamCaseUrl(command.casePath)) {
    await checkOutputFile(command.outPath, command.casePath, '--out');
    // The team case's password may be in the keychain; the composition root knows where.
    const { credentials } = composeEngine({ environment: io.env, logger: noteLogger(() => undefined) });
    const teamCase = await openTeamCaseForCli(command.casePath, {
      env: io.env,
      credentials: credentials.store,
      logger: noteLogger(() => undefined),
      purpose: 'export',
    });
    try {
      const exported = teamCase.store.exportJson();
      await writeJsonFile(command.outPath, exported);
      io.stderr.write(
        `exported ${exported.entities.length} entities and ${exported.edges.length} edges to ${command.outPath}\n`,
      );
    } finally {
      await teamCase.close();
    }
    return EXIT_OK;
  }
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
      `exported ${exported.entities.length} entities and ${exported.edges.length} edges to ${printable(command.outPath)}\n`,
    );
  } finally {
    await graph.close();
  }
  return EXIT_OK;
}

/**
 * A complete copy (SQLite `VACUUM INTO`: what the case's write-ahead log holds included), owner
 * only; the case may be open in the app or another CLI run meanwhile, and is not written to.
 */
async function runCopy(command: CopyCommand, io: CliIo): Promise<number> {
  await checkCaseFile(command.casePath, 'existing');
  await checkOutputFile(command.outPath, command.casePath, '--out');
  try {
    copyCaseFile(command.casePath, command.outPath);
  } catch (error) {
    throw new UsageError(`cannot copy case file ${command.casePath}: ${messageOf(error)}`);
  }
  io.stderr.write(`copied ${printable(command.casePath)} to ${printable(command.outPath)}\n`);
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

async function writeJsonFile(file: string, value: unknown): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`);
  await rename(temporary, file);
}

function noteLogger(note: (message: string) => void): Logger {
  const line = (level: string) => (message: string) => note(`${level}: ${message}`);
  return { debug: () => undefined, info: () => undefined, warn: line('warning'), error: line('error') };
}
