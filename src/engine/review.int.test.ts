/**
 * The investigator's choice among ranked candidates (docs/resolution.md, "Review with choices"),
 * on a real SQLite case: listed best first, accepting one sets the others aside in the same
 * decision, "none of these" rejects them all, and undo gives every one back as pending.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FindingsBuilder } from './graph/findings';
import { openCaseGraph } from './graph/case-file';
import { decideCandidate, listPendingCandidates, rejectAllCandidates, ReviewRefusedError } from './review';

type Store = ReturnType<typeof openCaseGraph>;
let graph: Store;

const LEIS = ['529900GRZ2BQY5ZM9N49', '5299008URSKZ33TATT80', '529900BMH4WOV2MWXU51'];

async function proposeRanked(store: Store): Promise<string> {
  const builder = new FindingsBuilder();
  const org = builder.entity('Organization', { unique_id: 'puma', name: 'Puma' });
  // Written in an order unlike their rank: the list must follow the rank, not the write order.
  for (const [index, lei] of [...LEIS.entries()].reverse()) {
    const id = builder.entity('Identifier', { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' });
    builder.edge(org, 'id', id, {
      score: 30 - index,
      match_type: 'partial',
      rank: index + 1,
      evidence: index === 0 ? '+ same name; + parent of 2 other candidates' : '· registry name says more',
      review: 'pending',
      candidate_legal_name: `candidate ${index + 1}`,
    });
  }
  await store.apply(builder.build(), { source: { name: 'GLEIF', confidence: 100 } });
  return org;
}

function states(store: Store): string[] {
  return store
    .snapshot()
    .edges.filter((edge) => edge.relation === 'id')
    .map((edge) => `${edge.to.slice(-20).toUpperCase()}=${String(edge.properties.review)}`)
    .sort();
}

beforeEach(() => {
  graph = openCaseGraph(':memory:');
});

afterEach(async () => {
  await graph.close();
});

describe('ranked candidates', () => {
  it('lists an organization’s candidates best rank first, each with its evidence in words', async () => {
    await proposeRanked(graph);
    const listed = listPendingCandidates(graph);
    expect(listed.map((candidate) => [candidate.rank, candidate.lei])).toEqual([
      [1, LEIS[0]],
      [2, LEIS[1]],
      [3, LEIS[2]],
    ]);
    expect(listed[0]?.evidence).toEqual(['+ same name', '+ parent of 2 other candidates']);
  });

  it('accepting one sets the others aside in the same decision, and undo gives all back', async () => {
    await proposeRanked(graph);
    const before = states(graph);
    const second = listPendingCandidates(graph)[1];
    const { session } = await decideCandidate(graph, second?.edgeId ?? '', 'accepted');
    expect(states(graph)).toEqual(
      [`${LEIS[0]}=rejected`, `${LEIS[1]}=accepted`, `${LEIS[2]}=rejected`].sort(),
    );
    expect(listPendingCandidates(graph)).toEqual([]);
    graph.undoSessionNow(session);
    expect(states(graph)).toEqual(before);
  });

  it('"none of these" rejects every candidate in one session that undo takes back', async () => {
    const org = await proposeRanked(graph);
    const { session } = await rejectAllCandidates(graph, org);
    expect(listPendingCandidates(graph)).toEqual([]);
    await expect(rejectAllCandidates(graph, org)).rejects.toBeInstanceOf(ReviewRefusedError);
    graph.undoSessionNow(session);
    expect(listPendingCandidates(graph)).toHaveLength(3);
  });
});
