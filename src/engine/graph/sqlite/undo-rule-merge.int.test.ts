/**
 * Undo in any order gives back what a declared rule merged during a session (issue 22, the
 * reported bug): a case already holds a company's LEI, its brand is seeded, the brand's candidate
 * is accepted (the same-LEI rule folds the seed into the company) and the record applied; undoing
 * the accept and the expansion, in either order, gives the seed back and the candidate pending.
 */
import { describe, expect, it } from 'vitest';
import { SAME_LEI_RULE } from '../../../../test/contract/case-store-contract';
import type { Findings } from '../findings';
import { openCaseGraph } from '../case-file';

const LEI = 'Identifier:lei:529900grz2bqy5zm9n49';
const lei = { unique_id: 'lei:529900GRZ2BQY5ZM9N49', id: '529900GRZ2BQY5ZM9N49', id_type: 'lei' as const };
const company = { unique_id: 'puma se', name: 'PUMA SE' };
const brand = { unique_id: 'puma', name: 'Puma' };

function write(entities: Findings['entities'], edges: Findings['edges']): Findings {
  return { entities, edges, dispatch: [] };
}

/** The graph as an export compares it: entity ids and fields, edges with properties and sources. */
function picture(graph: ReturnType<typeof openCaseGraph>) {
  const { entities, edges } = graph.snapshot();
  return {
    entities: entities.map((entity) => [entity.id, entity.asset]).sort(),
    edges: edges
      .map((edge) => [edge.id, edge.properties, edge.sources.map((source) => source.name).sort()])
      .sort(),
  };
}

async function caseWithAcceptedBrand() {
  // GLEIF's rule: a candidate awaiting review, or rejected, says nothing about identity.
  const rule = { ...SAME_LEI_RULE, ignoreEdgesWith: { property: 'review', values: ['pending', 'rejected'] } };
  const graph = openCaseGraph(':memory:', { mergeRules: [rule] });
  const gleif = { name: 'GLEIF', confidence: 100 };
  const investigator = { name: 'Investigator', confidence: 100 };
  await graph.apply(
    write(
      [
        { type: 'Organization', asset: company },
        { type: 'Identifier', asset: lei },
      ],
      [{ from: 'Organization:puma se', relation: 'id', to: LEI }],
    ),
    { source: gleif, session: 'held', now: 1000 },
  );
  await graph.apply(write([{ type: 'Organization', asset: brand }], []), {
    source: investigator,
    session: 'seed',
    now: 2000,
  });
  await graph.apply(
    write(
      [{ type: 'Identifier', asset: lei }],
      [{ from: 'Organization:puma', relation: 'id', to: LEI, properties: { review: 'pending', score: 30 } }],
    ),
    { source: gleif, session: 'proposal', now: 3000 },
  );
  const before = picture(graph);
  // The accept: the edge now holds the LEI, so the same-LEI rule folds the seed into the company.
  await graph.apply(
    write([], [{ from: 'Organization:puma', relation: 'id', to: LEI, properties: { review: 'accepted' } }]),
    { source: investigator, session: 'accept', now: 4000 },
  );
  expect(graph.findEntity('Organization:puma')).toBeUndefined();
  // The expansion: the record applied to the Organization the seed now resolves to.
  await graph.apply(
    write(
      [{ type: 'Organization', asset: { ...brand, legal_name: 'puma se', jurisdiction: 'DE' } }],
      [
        {
          from: 'Organization:puma',
          relation: 'id',
          to: LEI,
          properties: { review: 'accepted', applied: true },
        },
      ],
    ),
    { source: gleif, session: 'expansion', now: 5000 },
  );
  return { graph, before };
}

describe('undo of a session that a rule merged in', () => {
  it('gives the seed and its pending candidate back, the graph as before, undone newest first', async () => {
    const { graph, before } = await caseWithAcceptedBrand();
    graph.undoSessionNow('expansion');
    graph.undoSessionNow('accept');
    expect(graph.findEntity('Organization:puma')).toBeDefined();
    expect(picture(graph)).toEqual(before);
    await graph.close();
  });

  it('gives the seed and its pending candidate back when the accept is undone first', async () => {
    const { graph } = await caseWithAcceptedBrand();
    graph.undoSessionNow('accept');
    graph.undoSessionNow('expansion');
    expect(graph.findEntity('Organization:puma')).toBeDefined();
    const candidate = graph.outgoing('Organization:puma', { relations: ['id'] });
    expect(candidate.map(({ edge }) => edge.properties.review)).toEqual(['pending']);
    await graph.close();
  });
});
