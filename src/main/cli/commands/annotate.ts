/**
 * The CLI's `note` and `flag` commands (docs/notes-and-flags.md): a note added to, or the flag
 * set on, an entity or an edge of a case, by its id as the JSON export writes it.
 */
import { parseArgs } from 'node:util';
import { annotate, isTeamCaseUrl, openCaseGraph, type AnnotateRequest } from '../../../engine/index';
import { composeEngine } from '../../app-services/compose';
import { authorOf } from '../../author';
import { UsageError } from '../args';
import { checkCaseFile, messageOf } from '../input-checks';
import { printable, type OutputStream } from '../output';
import { openTeamCaseForCli } from '../team-case';

interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
}

export function isAnnotateCommand(command: string | undefined): command is 'note' | 'flag' {
  return command === 'note' || command === 'flag';
}

/** Runs `note` or `flag`; bad input and an unknown id throw UsageError (exit 2), nothing written. */
export async function runAnnotateCommand(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  const values = parseOptions(rest, command === 'note' ? 'text' : 'flag');
  const casePath = required(values.case, '--case');
  const request: AnnotateRequest = { target: required(values.id, '--id'), author: authorOf(io.env) };
  if (command === 'note') {
    request.note = required(values.text, '--text');
  } else {
    request.flag = required(values.flag, '--flag');
  }
  const graph = await openGraph(casePath, io.env);
  try {
    const { session } = await annotate(graph, request);
    const what = command === 'note' ? 'note added to' : `flag ${request.flag} set on`;
    io.stderr.write(`${what} ${printable(request.target)} (session ${session}; undo takes it back)\n`);
    return 0;
  } finally {
    await graph.close();
  }
}

async function openGraph(casePath: string, env: Record<string, string | undefined>) {
  if (isTeamCaseUrl(casePath)) {
    const silent = {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    };
    const { credentials } = composeEngine({ environment: env, logger: silent });
    const team = await openTeamCaseForCli(casePath, {
      env,
      credentials: credentials.store,
      logger: silent,
      purpose: 'export',
    });
    if (team.store.readOnly) {
      await team.close();
      throw new UsageError(
        `${team.store.address} is read-only for this PostgreSQL user: notes and flags cannot be written`,
      );
    }
    return {
      apply: team.store.apply.bind(team.store),
      saveSession: (record: Parameters<typeof team.store.saveSession>[0]) =>
        void team.store.saveSession(record),
      close: () => team.close(),
    };
  }
  await checkCaseFile(casePath, 'existing');
  try {
    return openCaseGraph(casePath);
  } catch (error) {
    throw new UsageError(`cannot open case file ${casePath}: ${messageOf(error)}`);
  }
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') {
    throw new UsageError(`${flag} is required`);
  }
  return value;
}

function parseOptions(
  argv: string[],
  valueOption: 'text' | 'flag',
): { case?: string; id?: string; text?: string; flag?: string } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { case: { type: 'string' }, id: { type: 'string' }, [valueOption]: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (error) {
    const message = messageOf(error);
    throw new UsageError(message.split(/\r?\n/, 1)[0] ?? message);
  }
}
