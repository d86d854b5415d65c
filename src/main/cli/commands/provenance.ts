/**
 * The CLI's provenance commands (docs/resolution.md): `sessions` lists the runs recorded in a
 * case, `undo` takes back what one run contributed, `merge` says "these two are the same" (a
 * session of its own, so `undo` takes it back too).
 */
import { parseArgs } from 'node:util';
import {
  isTeamCaseUrl,
  mergeNeedsConfirmation,
  openCaseGraph,
  type CaseGraph,
  type SessionRecord,
} from '../../../engine/index';
import { UsageError } from '../args';
import { checkCaseFile, messageOf } from '../input-checks';
import { printable, type OutputStream } from '../output';
import { composeEngine } from '../../app-services/compose';
import { openTeamCaseForCli } from '../team-case';
import { openCaseForReading } from './case-reading';

export const PROVENANCE_COMMANDS = ['sessions', 'undo', 'merge'] as const;
type ProvenanceCommand = (typeof PROVENANCE_COMMANDS)[number];

export const PROVENANCE_USAGE = [
  '  cli sessions --case <file.sqlite>',
  '  cli undo --case <file.sqlite> --session <id>',
  '  cli merge --case <file.sqlite> --from <entity id> --into <entity id> [--force]',
].join('\n');

export function isProvenanceCommand(command: string | undefined): command is ProvenanceCommand {
  return (PROVENANCE_COMMANDS as readonly (string | undefined)[]).includes(command);
}

interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  env?: Record<string, string | undefined>;
}

/** Runs `sessions` or `undo`; bad input throws UsageError (exit 2) before the case is written. */
export async function runProvenanceCommand(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  const names = { sessions: ['case'], undo: ['case', 'session'], merge: ['case', 'from', 'into'] };
  const values = parseOptions(
    rest,
    names[command as ProvenanceCommand],
    command === 'merge' ? ['force'] : [],
  );
  const casePath = requiredOption(values, 'case');
  const session = command === 'undo' ? requiredOption(values, 'session') : undefined;
  const merge =
    command === 'merge'
      ? { from: requiredOption(values, 'from'), into: requiredOption(values, 'into') }
      : undefined;
  if (command === 'sessions') {
    // Reading only: a case file or a team case (through its replica).
    const opened = await openCaseForReading(casePath, io.env ?? {});
    try {
      for (const record of opened.graph.listSessions()) {
        io.stdout.write(`${printable(sessionLine(record))}\n`);
      }
      return 0;
    } finally {
      await opened.close();
    }
  }
  const opened = await openCaseToChange(command as ProvenanceCommand, casePath, io.env ?? {});
  const graph = opened.graph;
  try {
    if (merge !== undefined) {
      const reason = mergeNeedsConfirmation(graph, merge.from, merge.into);
      if (reason !== undefined && values.force !== true) {
        throw new UsageError(`not merged: ${printable(reason)} (give --force to merge anyway)`);
      }
      const { session: mergeSession } = await graph.mergeEntities(merge.from, merge.into);
      io.stdout.write(`${mergeSession}\n`);
      io.stderr.write(
        `merged ${printable(merge.from)} into ${printable(merge.into)} (session ${mergeSession}; undo takes it back)\n`,
      );
      return 0;
    }
    const summary = await graph.undoSession(session ?? '');
    io.stderr.write(
      `undid session ${printable(session ?? '')}: removed ${summary.entitiesRemoved} entities and ` +
        `${summary.edgesRemoved} edges, restored the fields of ${summary.fieldsRestored} entities\n`,
    );
    return 0;
  } finally {
    await opened.close();
  }
}

/**
 * The case `undo` or `merge` writes: a case file, or a team case (its log: every member's replica
 * takes the same undo or merge). A read-only role is refused before anything is written.
 */
async function openCaseToChange(
  command: ProvenanceCommand,
  address: string,
  env: Record<string, string | undefined>,
): Promise<{ graph: CaseGraph; close(): Promise<void> }> {
  if (!isTeamCaseUrl(address)) {
    await checkCaseFile(address, 'existing');
    try {
      const graph = openCaseGraph(address);
      return { graph, close: () => graph.close() };
    } catch (error) {
      throw new UsageError(`cannot open case file ${address}: ${messageOf(error)}`);
    }
  }
  const quiet = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  };
  const { credentials } = composeEngine({ environment: env, logger: quiet });
  const team = await openTeamCaseForCli(address, {
    env,
    credentials: credentials.store,
    logger: quiet,
    purpose: 'export',
  });
  if (team.store.readOnly) {
    await team.close();
    throw new UsageError(
      `${team.store.address} is read-only for PostgreSQL user ${team.store.target.user}: you can open and export it, not ${command} in it`,
    );
  }
  return { graph: team.store, close: () => team.close() };
}

/**
 * One line per session, its id first so scripts can cut it:
 * `<id> seeds=<ids> started=<time> finished=<time|unfinished> done=N failed=N cached=N`.
 */
export function sessionLine(record: SessionRecord): string {
  const summary = record.summary;
  const counts =
    summary === undefined ? '' : ` done=${summary.done} failed=${summary.failed} cached=${summary.cacheHits}`;
  const action = record.action === undefined ? '' : ` action="${record.action}"`;
  return (
    `${record.id} seeds=${record.seeds.join(',')} started=${record.startedAt} ` +
    `finished=${record.finishedAt ?? 'unfinished'}${counts}${action}`
  );
}

function parseOptions(
  argv: string[],
  names: readonly string[],
  flags: readonly string[] = [],
): Record<string, string | boolean | undefined> {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  names.forEach((name) => (options[name] = { type: 'string' }));
  flags.forEach((name) => (options[name] = { type: 'boolean' }));
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return values;
  } catch (error) {
    const message = messageOf(error);
    throw new UsageError(message.split(/\r?\n/, 1)[0] ?? message);
  }
}

function requiredOption(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new UsageError(`--${name} is required`);
  }
  return value;
}
