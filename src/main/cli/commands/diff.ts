/**
 * `cli diff --case F [--since SESSION] [--json]`: what changed since a run (by default the one
 * before the last), one line per change, or with `--json` one JSON array of
 * `{change, entity|edge, field?, before?, after?, source?}` (`[]` when nothing changed).
 */
import { parseArgs } from 'node:util';
import { caseDiff } from '../../report/report-changes';
import { UsageError } from '../args';
import { messageOf } from '../input-checks';
import { printable, type OutputStream } from '../output';
import type { CaseChange } from '../../../shared/model/changes';
import { openCaseForReading } from './case-reading';

export const DIFF_USAGE = '  cli diff --case <file.sqlite> [--since <session id>] [--json]';

interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
}

export async function runDiffCommand(argv: readonly string[], io: Io): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv.slice(1),
      options: { case: { type: 'string' }, since: { type: 'string' }, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
  const casePath = values.case;
  if (casePath === undefined || casePath.trim() === '') throw new UsageError('--case is required');
  const opened = await openCaseForReading(casePath, io.env);
  try {
    const diff = caseDiff(opened.graph, values.since);
    if (values.json === true) {
      io.stdout.write(`${JSON.stringify(diff.lines)}\n`);
    } else {
      for (const line of diff.lines) {
        io.stdout.write(`${printable(diffLine(line))}\n`);
      }
      io.stderr.write(
        `${diff.lines.length} change${diff.lines.length === 1 ? '' : 's'} ` +
          `${diff.since === undefined ? 'in all runs' : `since run ${diff.since.id} (${diff.since.startedAt})`}\n`,
      );
    }
    return 0;
  } finally {
    await opened.close();
  }
}

/** `changed <entity> <field>: <before> -> <after> (<source>)`, `gone <edge> (<source>)`, `added <id>`. */
export function diffLine(line: CaseChange): string {
  const subject = line.entity ?? line.edge ?? '';
  const source = line.source === undefined ? '' : ` (${line.source})`;
  if (line.change !== 'changed') {
    return `${line.change} ${line.entity === undefined ? 'edge' : 'entity'} ${subject}${source}`;
  }
  const value = (v: unknown): string =>
    v === undefined ? '(none)' : typeof v === 'string' ? v : JSON.stringify(v);
  return `changed ${line.entity === undefined ? 'edge' : 'entity'} ${subject} ${line.field ?? ''}: ${value(line.before)} -> ${value(line.after)}${source}`;
}
