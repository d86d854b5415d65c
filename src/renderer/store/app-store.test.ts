import { describe, expect, it } from 'vitest';
import type { Entity } from '../../shared/model/graph';
import { createAppStore } from './app-store';

function organization(id: string): Entity {
  return {
    id: `Organization:${id}`,
    type: 'Organization',
    asset: { unique_id: id, name: id },
    tags: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

function openStore() {
  const store = createAppStore();
  const summary = { id: 'case-1', name: 'Case', createdAt: '', updatedAt: '', sizeBytes: 0 };
  store.getState().setActiveCase(summary);
  store.getState().resetFromSnapshot({ seq: 4, entities: [organization('a')], edges: [] }, {});
  return store;
}

describe('the graph slice', () => {
  it('applies a batch that continues the sequence', () => {
    const store = openStore();
    const outcome = store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 5,
      delta: { seq: 6, entities: [organization('b')], edges: [], merged: [] },
    });
    expect(outcome).toBe('applied');
    expect(store.getState().lastSeq).toBe(6);
    expect([...store.getState().entitiesById.keys()]).toEqual(['Organization:a', 'Organization:b']);
    expect(store.getState().pendingDeltas).toHaveLength(1);
  });

  it('reports a gap instead of applying a batch that skips sequence numbers', () => {
    const store = openStore();
    const outcome = store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 7,
      delta: { seq: 7, entities: [organization('b')], edges: [], merged: [] },
    });
    expect(outcome).toBe('gap');
    expect(store.getState().entitiesById.has('Organization:b')).toBe(false);
  });

  it('ignores a batch already contained in the snapshot', () => {
    const store = openStore();
    const outcome = store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 3,
      delta: { seq: 4, entities: [organization('z')], edges: [], merged: [] },
    });
    expect(outcome).toBe('stale');
  });

  it('ignores deltas of another case', () => {
    const store = openStore();
    const outcome = store.getState().applyGraphDelta({
      caseId: 'case-2',
      fromSeq: 5,
      delta: { seq: 5, entities: [organization('b')], edges: [], merged: [] },
    });
    expect(outcome).toBe('other-case');
  });

  it('removes an entity merged into another, with its edges', () => {
    const store = openStore();
    store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 5,
      delta: {
        seq: 5,
        entities: [organization('b')],
        edges: [
          {
            id: 'Organization:a|subsidiary|Organization:b',
            from: 'Organization:a',
            to: 'Organization:b',
            relation: 'subsidiary',
            sources: [],
            properties: {},
            createdAt: '',
            updatedAt: '',
          },
        ],
        merged: [],
      },
    });
    store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 6,
      delta: {
        seq: 6,
        entities: [],
        edges: [],
        merged: [{ from: 'Organization:b', into: 'Organization:a' }],
      },
    });
    expect([...store.getState().entitiesById.keys()]).toEqual(['Organization:a']);
    expect(store.getState().edgesById.size).toBe(0);
  });
});
