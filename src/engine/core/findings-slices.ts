/**
 * A handler run's findings written in slices. The write path is synchronous per call (one SQLite
 * transaction), and a run's 4,000 entities written at once kept the thread that also serves the
 * UI busy for seconds (issue 24: a second client's `cases:create` waited 4.9 s). Slices of
 * WRITE_SLICE_ENTITIES entities, with a turn of the event loop between them, keep every block
 * short; a cancelled session stops between slices.
 *
 * Each slice carries its entities, the edges whose later end (in the findings' order) it holds,
 * and the replies (linked to its entities, as one write links them to all). The monitored mark
 * goes with the last slice only, so a run stopped part-way is asked again next time.
 */
import type { GraphDelta } from '../../shared/model/graph';
import { entityIdOf, type EntityId } from '../../shared/model/asset';
import type { Findings } from '../graph/findings';
import { yieldToEventLoop } from '../util/pace';

/** Entities per write: a tenth of a second of work on a quiet machine, well under a second on a loaded one. */
export const WRITE_SLICE_ENTITIES = 200;

/** The findings cut into slices (one slice when they are small); dispatch is left to the caller. */
export function sliceFindings(findings: Findings, size = WRITE_SLICE_ENTITIES): Findings[] {
  if (findings.entities.length <= size) {
    return [{ ...findings, dispatch: [] }];
  }
  const sliceOf = new Map<EntityId, number>();
  const slices: Findings[] = [];
  findings.entities.forEach((item, index) => {
    const slice = Math.floor(index / size);
    const id = entityIdOf(item.type, item.asset as never);
    if (!sliceOf.has(id)) {
      sliceOf.set(id, slice);
    }
    if (slices[slice] === undefined) {
      slices[slice] = {
        entities: [],
        edges: [],
        dispatch: [],
        ...(findings.replies === undefined ? {} : { replies: findings.replies }),
      };
    }
    slices[slice].entities.push(item);
  });
  for (const edge of findings.edges) {
    // An end the findings do not hold is stored already: any slice may link to it.
    const slice = Math.max(sliceOf.get(edge.from) ?? 0, sliceOf.get(edge.to) ?? 0);
    slices[slice]?.edges.push(edge);
  }
  return slices;
}

/**
 * Writes the slices in order, each in a turn of its own (the first too: the handler's mapping
 * and the text cleaning before it are work of the same reply, and a block is their sum); stops
 * early when `signal` aborts.
 */
export async function applyInSlices(
  findings: Findings,
  apply: (slice: Findings, last: boolean) => GraphDelta | Promise<GraphDelta>,
  signal: AbortSignal,
): Promise<GraphDelta['merged']> {
  const slices = sliceFindings(findings);
  const merged: GraphDelta['merged'] = [];
  for (const [index, slice] of slices.entries()) {
    await yieldToEventLoop();
    if (signal.aborted) {
      break;
    }
    const delta = await apply(slice, index === slices.length - 1);
    merged.push(...delta.merged);
  }
  return merged;
}
