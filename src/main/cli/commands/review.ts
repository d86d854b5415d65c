/**
 * The CLI's `review` command (docs/resolution.md, "Reviewed matches"): lists the LEI search
 * candidates awaiting the investigator's decision, ranked per Organization, or accepts / rejects
 * one by its edge id, or rejects all of an Organization's ("none of these", `--none <org id>`).
 */
import { parseArgs } from 'node:util';
import {
  decideCandidate,
  listPendingCandidates,
  rejectAllCandidates,
  openCaseGraph,
  type PendingCandidate,
} from '../../../engine/index';
import { UsageError } from '../args';
import { checkCaseFile, messageOf } from '../input-checks';
import { printable, type OutputStream } from '../output';

interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
}

/** Runs `review`; bad input throws UsageError (exit 2) before the case is written. */
export async function runReviewCommand(argv: readonly string[], io: Io): Promise<number> {
  const values = parseOptions(argv.slice(1));
  const casePath = values.case;
  if (casePath === undefined || casePath.trim() === '') {
    throw new UsageError('--case is required');
  }
  const decisions = [values.accept, values.reject, values.none].filter((value) => value !== undefined);
  if (decisions.length > 1) {
    throw new UsageError('give one of --accept, --reject or --none');
  }
  await checkCaseFile(casePath, 'existing');
  let graph;
  try {
    graph = openCaseGraph(casePath);
  } catch (error) {
    throw new UsageError(`cannot open case file ${casePath}: ${messageOf(error)}`);
  }
  try {
    if (values.none !== undefined) {
      const { session } = await rejectAllCandidates(graph, values.none);
      io.stderr.write(`rejected every candidate of ${printable(values.none)} (session ${session})\n`);
      return 0;
    }
    const edgeId = values.accept ?? values.reject;
    if (edgeId === undefined) {
      for (const candidate of listPendingCandidates(graph)) {
        io.stdout.write(`${candidateLine(candidate)}\n`);
      }
      return 0;
    }
    const decision = values.accept === undefined ? 'rejected' : 'accepted';
    const { session } = await decideCandidate(graph, edgeId, decision);
    const next =
      decision === 'accepted'
        ? 'the next enrich applies the record and brings the family'
        : 'not proposed again within the TTL';
    io.stderr.write(`${decision} ${printable(edgeId)} (session ${session}; ${next})\n`);
    return 0;
  } finally {
    await graph.close();
  }
}

/**
 * One line per candidate, an Organization's together and best first, its edge id first and then
 * a tab (edge ids hold spaces, so scripts cut the first tab-separated field):
 * `<edge id>\trank=<n> org="<name>" candidate="<legal name>" lei=<LEI> jurisdiction=<code>
 * city="<city>" status=<status> score=<n> match=<type> evidence="<+ item; - item>"`.
 */
export function candidateLine(candidate: PendingCandidate): string {
  const details =
    `rank=${candidate.rank || '-'} org="${candidate.organizationName}" candidate="${candidate.legalName}" ` +
    `lei=${candidate.lei} jurisdiction=${candidate.jurisdiction || '-'} city="${candidate.city}" ` +
    `status=${candidate.status || '-'} score=${candidate.score ?? '-'} match=${candidate.matchType || '-'} ` +
    `evidence="${candidate.evidence.join('; ')}"`;
  // Source text is escaped field by field, so the one tab left is the separator.
  return `${printable(candidate.edgeId)}\t${printable(details)}`;
}

function parseOptions(argv: string[]): { case?: string; accept?: string; reject?: string; none?: string } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        case: { type: 'string' },
        accept: { type: 'string' },
        reject: { type: 'string' },
        none: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (error) {
    const message = messageOf(error);
    throw new UsageError(message.split(/\r?\n/, 1)[0] ?? message);
  }
}
