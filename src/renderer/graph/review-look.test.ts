import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { createCyAdapter } from './cy-adapter';
import { buildStylesheet } from './cy-style';
import {
  candidateNodeClass,
  CANDIDATE_NODE,
  drawnCandidateLabels,
  edgeReviewData,
  REJECTED_NODE,
} from './review-look';

const ORG = 'Organization:puma';
const LEI = 'Identifier:lei:529900GRZ2BQY5ZM9N49';

const stamp = { tags: [], createdAt: '', updatedAt: '' };
const organization: Entity = {
  id: ORG,
  type: 'Organization',
  asset: { unique_id: 'puma', name: 'Puma' },
  ...stamp,
};
const identifier: Entity = {
  id: LEI,
  type: 'Identifier',
  asset: { unique_id: 'lei:529900GRZ2BQY5ZM9N49', id: '529900GRZ2BQY5ZM9N49', id_type: 'lei' },
  ...stamp,
};

function idEdge(properties: Edge['properties']): Edge {
  return {
    id: `${ORG}|id|${LEI}`,
    from: ORG,
    to: LEI,
    relation: 'id',
    sources: [{ name: 'GLEIF', confidence: 30, createdAt: '', updatedAt: '' }],
    properties,
    createdAt: '',
    updatedAt: '',
  };
}

const pending = idEdge({ review: 'pending', score: 30.4, match_type: 'partial' });

function drawCandidate() {
  const cy = cytoscape({ headless: true, styleEnabled: true, style: buildStylesheet('light') });
  const adapter = createCyAdapter(cy);
  adapter.reset([organization, identifier], [pending], {});
  return { cy, adapter, edge: () => cy.getElementById(pending.id), node: () => cy.getElementById(LEI) };
}

describe('the look of reviewed matches', () => {
  it('labels a pending candidate "candidate · <score>" with the score rounded', () => {
    expect(edgeReviewData(pending)).toEqual({ review: 'pending', label: 'candidate · 30' });
  });

  it('labels a candidate without a score "candidate"', () => {
    expect(edgeReviewData(idEdge({ review: 'pending' })).label).toBe('candidate');
  });

  it('labels an accepted match and an ordinary edge with their relation', () => {
    expect(edgeReviewData(idEdge({ review: 'accepted', score: 30 }))).toEqual({
      review: 'accepted',
      label: 'id',
    });
    expect(edgeReviewData(idEdge({ score: 100 }))).toEqual({ review: '', label: 'id' });
  });

  it('fades an entity known only as a pending proposal, hides one known only from rejected ones', () => {
    expect(candidateNodeClass(['pending'], false)).toBe(CANDIDATE_NODE);
    expect(candidateNodeClass(['rejected', 'pending'], false)).toBe(CANDIDATE_NODE);
    expect(candidateNodeClass(['rejected'], false)).toBe(REJECTED_NODE);
  });

  it('draws an entity with any other edge, or an accepted match, normally', () => {
    expect(candidateNodeClass(['pending'], true)).toBeUndefined();
    expect(candidateNodeClass(['pending', 'accepted'], false)).toBeUndefined();
    expect(candidateNodeClass([], false)).toBeUndefined();
  });

  it('draws a candidate edge dashed with its score as label and fades the proposed entity', () => {
    const { edge, node, cy } = drawCandidate();
    expect(edge().style('line-style')).toBe('dashed');
    expect(edge().style('label')).toBe('candidate · 30');
    expect(node().hasClass(CANDIDATE_NODE)).toBe(true);
    expect(Number(node().style('opacity'))).toBeLessThan(1);
    // The Organization the candidate was proposed for is drawn normally.
    expect(cy.getElementById(ORG).hasClass(CANDIDATE_NODE)).toBe(false);
  });

  it('turns an accepted candidate into a normal edge when its delta arrives', () => {
    const { adapter, edge, node } = drawCandidate();
    const accepted = idEdge({ review: 'accepted', applied: true, score: 30.4, match_type: 'partial' });
    adapter.applyDeltas([{ seq: 2, entities: [], edges: [accepted], merged: [] }]);
    expect(edge().style('line-style')).toBe('solid');
    expect(edge().style('label')).toBe('id');
    expect(node().hasClass(CANDIDATE_NODE)).toBe(false);
    expect(node().style('display')).toBe('element');
  });

  it('stops drawing a rejected candidate and the entity it proposed', () => {
    const { adapter, edge, node } = drawCandidate();
    adapter.applyDeltas([
      { seq: 2, entities: [], edges: [idEdge({ review: 'rejected', score: 30 })], merged: [] },
    ]);
    expect(edge().style('display')).toBe('none');
    expect(node().style('display')).toBe('none');
  });

  it('draws a faded entity normally once another edge reaches it', () => {
    const { adapter, node } = drawCandidate();
    const parent: Entity = {
      ...organization,
      id: 'Organization:parent',
      asset: { unique_id: 'p', name: 'Parent' },
    };
    const other: Edge = { ...pending, id: `Organization:parent|id|${LEI}`, from: parent.id, properties: {} };
    adapter.applyDeltas([{ seq: 2, entities: [parent], edges: [other], merged: [] }]);
    expect(node().hasClass(CANDIDATE_NODE)).toBe(false);
  });

  it('leaves a rejected candidate out of the search and the re-layout', () => {
    const { adapter } = drawCandidate();
    adapter.applyDeltas([{ seq: 2, entities: [], edges: [idEdge({ review: 'rejected' })], merged: [] }]);
    expect(adapter.findNodes('529900GRZ2BQY5ZM9N49')).toEqual([]);
    const input = adapter.layoutInput('force');
    expect(input.nodes.map((node) => node.id)).toEqual([ORG]);
    expect(input.edges).toEqual([]);
  });

  it('fades the proposed entity when the candidate edge arrived before it', () => {
    const cy = cytoscape({ headless: true, styleEnabled: true, style: buildStylesheet('light') });
    const adapter = createCyAdapter(cy);
    adapter.reset([organization], [], {});
    adapter.applyDeltas([{ seq: 2, entities: [], edges: [pending], merged: [] }]);
    adapter.applyDeltas([{ seq: 3, entities: [identifier], edges: [], merged: [] }]);
    expect(cy.getElementById(pending.id).style('line-style')).toBe('dashed');
    expect(cy.getElementById(LEI).hasClass(CANDIDATE_NODE)).toBe(true);
  });

  it('publishes the labels of the drawn candidates, and none once they are decided', () => {
    const { cy, adapter } = drawCandidate();
    expect(drawnCandidateLabels(cy)).toBe('candidate · 30');
    adapter.applyDeltas([{ seq: 2, entities: [], edges: [idEdge({ review: 'rejected' })], merged: [] }]);
    expect(drawnCandidateLabels(cy)).toBe('');
  });
});
