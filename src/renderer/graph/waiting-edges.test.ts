import { describe, expect, it } from 'vitest';
import type { Edge } from '../../shared/model/graph';
import { createWaitingEdges } from './waiting-edges';

function edge(from: string, to: string): Edge {
  return {
    id: `${from}>${to}`,
    from,
    to,
    relation: 'subsidiary',
    sources: [],
    properties: {},
    createdAt: '',
    updatedAt: '',
  };
}

describe('edges waiting for an endpoint', () => {
  it('finds a waiting edge from either of its ends', () => {
    const waiting = createWaitingEdges();
    waiting.wait(edge('a', 'b'));
    expect(waiting.touching(['a']).map((found) => found.id)).toEqual(['a>b']);
    expect(waiting.touching(['b']).map((found) => found.id)).toEqual(['a>b']);
    expect(waiting.otherEnds('b')).toEqual(['a']);
  });

  it('lists an edge touching two of the given ids once', () => {
    const waiting = createWaitingEdges();
    waiting.wait(edge('a', 'b'));
    expect(waiting.touching(['a', 'b'])).toHaveLength(1);
  });

  it('forgets an edge once it is drawn', () => {
    const waiting = createWaitingEdges();
    const link = edge('a', 'b');
    waiting.wait(link);
    waiting.stopWaiting(link);
    expect(waiting.size).toBe(0);
    expect(waiting.touching(['a', 'b'])).toEqual([]);
  });
});
