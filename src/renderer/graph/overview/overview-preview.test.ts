import { describe, expect, it } from 'vitest';
import { FLAG_COLOURS } from '../../../shared/model/annotation';
import type { Edge, Entity } from '../../../shared/model/graph';
import { previewFacts } from './overview-preview';

const organization = (id: string, more: Pick<Entity, 'flag'> = {}): Entity => ({
  id: `Organization:${id}`,
  type: 'Organization',
  asset: { unique_id: id, name: id },
  tags: [],
  createdAt: '',
  updatedAt: '',
  ...more,
});

const match = (from: string, to: string, review?: string, score?: number): Edge => ({
  id: `${from}|id|${to}`,
  from: `Organization:${from}`,
  to: `Organization:${to}`,
  relation: 'id',
  sources: [],
  properties: { ...(review === undefined ? {} : { review }), ...(score === undefined ? {} : { score }) },
  createdAt: '',
  updatedAt: '',
});

describe("the overview's preview of a case being drawn", () => {
  it('gives each entity with a position one unmarked node at that position', () => {
    const { nodes } = previewFacts([organization('a'), organization('b')], [], {
      'Organization:a': { x: 3, y: 4 },
    });
    expect(nodes).toEqual([
      expect.objectContaining({
        id: 'Organization:a',
        x: 3,
        y: 4,
        type: 'Organization',
        selected: false,
        hidden: false,
      }),
    ]);
  });

  it("rings a flagged entity in its flag's colour", () => {
    const flagged = organization('a', { flag: { name: 'purple', author: 'me', createdAt: '' } });
    const { nodes } = previewFacts([flagged], [], { 'Organization:a': { x: 0, y: 0 } });
    expect(nodes[0]?.flagColour).toBe(FLAG_COLOURS.purple);
  });

  it('hides a rejected match and dashes a pending one with its score', () => {
    const { edges } = previewFacts([], [match('a', 'b', 'rejected'), match('a', 'c', 'pending', 81.6)], {});
    expect(edges.map(({ hidden, pending, label }) => ({ hidden, pending, label }))).toEqual([
      { hidden: true, pending: false, label: undefined },
      { hidden: false, pending: true, label: 'candidate · 82' },
    ]);
  });
});
