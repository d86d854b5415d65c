/**
 * `cli report --case F --out FILE.html [--since SESSION] [--entity ID ...]`: the evidence report
 * (docs/changes.md): one self-contained HTML file, secrets masked, written atomically.
 */
import { rename, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { collectReport } from '../../report/report-data';
import { renderReport } from '../../report/report-html';
import { caseDiff } from '../../report/report-changes';
import { UsageError } from '../args';
import { checkOutputFile, messageOf } from '../input-checks';
import { printable, type OutputStream } from '../output';
import { knownSecrets, openCaseForReading, scrubSecrets } from './case-reading';

export const REPORT_USAGE =
  '  cli report --case <file.sqlite> --out <report.html> [--since <session id>] [--entity <id> ...]';

interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
}

export async function runReportCommand(argv: readonly string[], io: Io): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv.slice(1),
      options: {
        case: { type: 'string' },
        out: { type: 'string' },
        since: { type: 'string' },
        entity: { type: 'string', multiple: true },
        'data-dir': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
  const casePath = values.case;
  const outPath = values.out;
  if (casePath === undefined || casePath.trim() === '') throw new UsageError('--case is required');
  if (outPath === undefined || outPath.trim() === '') throw new UsageError('--out is required');
  await checkOutputFile(outPath, casePath, '--out');
  const env =
    values['data-dir'] === undefined ? io.env : { ...io.env, TRACE_GRAPH_DATA_DIR: values['data-dir'] };
  const opened = await openCaseForReading(casePath, env);
  try {
    const diff = caseDiff(opened.graph, values.since);
    const changes = diff.since === undefined ? { list: diff.lines } : { since: diff.since, list: diff.lines };
    const selected = values.entity;
    if (selected !== undefined) {
      const known = new Set(opened.graph.snapshot().entities.map((entity) => entity.id));
      const unknown = selected.find((id) => !known.has(id));
      if (unknown !== undefined) throw new UsageError(`the case has no entity ${unknown}`);
    }
    const data = collectReport(opened.graph, {
      location: opened.location,
      secrets: await knownSecrets(env),
      scrub: scrubSecrets,
      ...(selected === undefined ? {} : { only: selected }),
      changes,
    });
    const html = renderReport(data);
    const temporary = `${outPath}.${process.pid}.tmp`;
    await writeFile(temporary, html, { mode: 0o600 });
    await rename(temporary, outPath);
    io.stderr.write(
      `wrote the report of ${data.entities.length} entities, ${data.edges.length} edges and ` +
        `${data.replies.length} raw replies to ${printable(outPath)}\n`,
    );
    return 0;
  } finally {
    await opened.close();
  }
}
