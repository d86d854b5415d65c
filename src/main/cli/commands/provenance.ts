/**
 * The CLI's provenance commands (docs/resolution.md): `sessions` lists the runs recorded in a
 * case, `undo` takes back what one run contributed.
 */
import { parseArgs } from 'node:util';
import { openCaseGraph, UnknownSessionError, type SessionRecord } from '../../../engine/index';
import { UsageError } from '../args';
import { checkCaseFile, messageOf } from '../input-checks';
import { printable, type OutputStream } from '../output';

export const PROVENANCE_COMMANDS = ['sessions', 'undo'] as const;
type ProvenanceCommand = (typeof PROVENANCE_COMMANDS)[number];

export const PROVENANCE_USAGE = [
  '  cli sessions --case <file.sqlite>',
  '  cli undo --case <file.sqlite> --session <id>',
].join('\n');

export function isProvenanceCommand(command: string | undefined): command is ProvenanceCommand {
  return (PROVENANCE_COMMANDS as readonly (string | undefined)[]).includes(command);
}

interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
}

/** Runs `sessions` or `undo`; bad input throws UsageError (exit 2) before the case is written. */
export async function runProvenanceCommand(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  const values = parseOptions(rest, command === 'undo' ? ['case', 'session'] : ['case']);
  const casePath = requiredOption(values, 'case');
  await checkCaseFile(casePath, 'existing');
  const session = command === 'undo' ? requiredOption(values, 'session') : undefined;
  let graph;
  try {
    graph = openCaseGraph(casePath);
  } catch (error) {
    throw new UsageError(`cannot open case file ${casePath}: ${messageOf(error)}`);
  }
  try {
    if (session === undefined) {
      for (const record of graph.listSessions()) {
        io.stdout.write(`${printable(sessionLine(record))}\n`);
      }
      return 0;
    }
    const summary = graph.undoSession(session);
    io.stderr.write(
      `undid session ${printable(session)}: removed ${summary.entitiesRemoved} entities and ` +
        `${summary.edgesRemoved} edges, restored the fields of ${summary.fieldsRestored} entities\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof UnknownSessionError) {
      throw new UsageError(error.message);
    }
    throw error;
  } finally {
    graph.close();
  }
}

/**
 * One line per session, its id first so scripts can cut it:
 * `<id> seeds=<ids> started=<time> finished=<time|unfinished> done=N failed=N cached=N`.
 */
export function sessionLine(record: SessionRecord): string {
  const summary = record.summary;
  const counts =
    summary === undefined ? '' : ` done=${summary.done} failed=${summary.failed} cached=${summary.cacheHits}`;
  return (
    `${record.id} seeds=${record.seeds.join(',')} started=${record.startedAt} ` +
    `finished=${record.finishedAt ?? 'unfinished'}${counts}`
  );
}

function parseOptions(argv: string[], names: readonly string[]): Record<string, string | undefined> {
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return values;
  } catch (error) {
    const message = messageOf(error);
    throw new UsageError(message.split(/\r?\n/, 1)[0] ?? message);
  }
}

function requiredOption(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (value === undefined || value.trim() === '') {
    throw new UsageError(`--${name} is required`);
  }
  return value;
}
