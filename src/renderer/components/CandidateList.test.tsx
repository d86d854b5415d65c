import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import type { ReviewCandidate } from '../../shared/model/review';
import { allCandidates, CandidateTable, candidatesOf, reviewNoticeText } from './CandidateList';

const stamp = { tags: [], createdAt: '', updatedAt: '' };
const ORG = 'Organization:puma';

function lei(code: string, status = 'ISSUED'): Entity {
  return {
    id: `Identifier:lei:${code}`,
    type: 'Identifier',
    asset: { unique_id: `lei:${code}`, id: code, id_type: 'lei', status },
    ...stamp,
  };
}

function idEdge(to: Entity, properties: Edge['properties']): Edge {
  return {
    id: `${ORG}|id|${to.id}`,
    from: ORG,
    to: to.id,
    relation: 'id',
    sources: [{ name: 'GLEIF', confidence: 30, createdAt: '', updatedAt: '' }],
    properties,
    ...stamp,
  };
}

const organization: Entity = {
  id: ORG,
  type: 'Organization',
  asset: { unique_id: 'puma', name: 'Puma' },
  ...stamp,
};
const europe = lei('529900BMH4WOV2MWXU51');
const se = lei('529900GRZ2BQY5ZM9N49', 'LAPSED');
const held = lei('5299000000000000HELD');

/** The store's maps for a graph of these entities and edges. */
function graphOf(entities: Entity[], edges: Edge[]) {
  const edgeIdsByEntity = new Map<string, Set<string>>();
  for (const edge of edges) {
    for (const end of [edge.from, edge.to]) {
      edgeIdsByEntity.set(end, (edgeIdsByEntity.get(end) ?? new Set()).add(edge.id));
    }
  }
  return {
    entitiesById: new Map(entities.map((entity) => [entity.id, entity])),
    edgesById: new Map(edges.map((edge) => [edge.id, edge])),
    edgeIdsByEntity,
  };
}

const graph = graphOf(
  [organization, europe, se, held],
  [
    idEdge(europe, {
      review: 'pending',
      score: 30,
      match_type: 'partial',
      candidate_legal_name: 'PUMA EUROPE GmbH',
    }),
    idEdge(se, {
      review: 'pending',
      score: 60.2,
      match_type: 'partial',
      candidate_legal_name: 'PUMA SE',
      candidate_jurisdiction: 'DE',
      candidate_city: 'Herzogenaurach',
    }),
    idEdge(held, { review: 'rejected', score: 40, candidate_legal_name: 'PUMA REJECTED' }),
  ],
);

function render(candidates: ReviewCandidate[], busy: string[] = [], error?: string): string {
  return renderToStaticMarkup(
    <CandidateTable
      candidates={candidates}
      busy={new Set(busy)}
      error={error}
      onAccept={() => undefined}
      onReject={() => undefined}
    />,
  );
}

describe('the candidate list', () => {
  it('lists the pending candidates of the selected Organization, best score first', () => {
    expect(candidatesOf(ORG, graph).map((candidate) => candidate.legalName)).toEqual([
      'PUMA SE',
      'PUMA EUROPE GmbH',
    ]);
  });

  it('lists the candidate when its proposed Identifier is selected', () => {
    expect(candidatesOf(se.id, graph).map((candidate) => candidate.lei)).toEqual(['529900GRZ2BQY5ZM9N49']);
  });

  it('leaves out rejected candidates and entities without candidates', () => {
    expect(candidatesOf(held.id, graph)).toEqual([]);
    expect(candidatesOf('Organization:nobody', graph)).toEqual([]);
  });

  it('shows name, LEI, jurisdiction, city, status and the rounded score of each candidate', () => {
    const html = render(candidatesOf(ORG, graph));
    for (const text of [
      'PUMA SE',
      '529900GRZ2BQY5ZM9N49',
      'DE',
      'Herzogenaurach',
      'LAPSED',
      '60 (partial match)',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('offers Accept and Reject for each candidate, named after it', () => {
    const html = render(candidatesOf(ORG, graph));
    expect(html).toContain('aria-label="Accept PUMA SE"');
    expect(html).toContain('aria-label="Reject PUMA EUROPE GmbH"');
  });

  it('disables the buttons of a candidate whose decision is on its way', () => {
    const [first] = candidatesOf(ORG, graph);
    const html = render(first === undefined ? [] : [first], [first?.edgeId ?? '']);
    expect(html.match(/disabled=""/g)).toHaveLength(2);
  });

  it('escapes the registry text it shows', () => {
    const hostile = graphOf(
      [organization, europe],
      [
        idEdge(europe, {
          review: 'pending',
          score: 30,
          candidate_legal_name: '<img src=x onerror=alert(1)>',
        }),
      ],
    );
    expect(render(candidatesOf(ORG, hostile))).not.toContain('<img');
  });

  it('shows nothing when no candidate awaits a decision', () => {
    expect(render([])).toBe('');
  });

  it('shows a refused decision as an alert', () => {
    expect(render([], [], 'edge x is not a pending candidate')).toContain('role="alert"');
  });

  it('counts every pending candidate of the case for the canvas notice, best first', () => {
    expect(allCandidates(graph).map((candidate) => candidate.legalName)).toEqual([
      'PUMA SE',
      'PUMA EUROPE GmbH',
    ]);
    expect(reviewNoticeText(2)).toBe('Candidate matches for 2 organizations await your review.');
    expect(reviewNoticeText(1)).toBe('Candidate matches for 1 organization await your review.');
    expect(reviewNoticeText(0)).toBeUndefined();
  });
});
