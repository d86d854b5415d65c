import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { createAppStore } from './app-store';
import { selectSourceCounts, selectTypeCounts } from './selectors';

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

function subsidiary(from: string, to: string, source = 'GLEIF'): Edge {
  return {
    id: `Organization:${from}|subsidiary|Organization:${to}`,
    from: `Organization:${from}`,
    to: `Organization:${to}`,
    relation: 'subsidiary',
    sources: [{ name: source, confidence: 100, createdAt: '', updatedAt: '' }],
    properties: {},
    createdAt: '',
    updatedAt: '',
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

  it('keeps the adjacency index and the counts in step after a merge', () => {
    const store = openStore();
    store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 5,
      delta: {
        seq: 5,
        entities: [organization('b'), organization('c'), organization('d')],
        edges: [subsidiary('a', 'b'), subsidiary('b', 'c', 'CompanyData'), subsidiary('a', 'd')],
        merged: [],
      },
    });
    store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 6,
      delta: {
        seq: 6,
        entities: [],
        edges: [subsidiary('a', 'c')],
        merged: [{ from: 'Organization:b', into: 'Organization:a' }],
      },
    });
    const state = store.getState();
    expect(state.edgeIdsByEntity.has('Organization:b')).toBe(false);
    expect([...(state.edgeIdsByEntity.get('Organization:a') ?? [])].sort()).toEqual([
      'Organization:a|subsidiary|Organization:c',
      'Organization:a|subsidiary|Organization:d',
    ]);
    expect([...(state.edgeIdsByEntity.get('Organization:c') ?? [])]).toEqual([
      'Organization:a|subsidiary|Organization:c',
    ]);
    expect(state.typeCounts.get('Organization')).toBe(3);
    expect(state.sourceCounts.has('CompanyData')).toBe(false);
    expect(state.sourceCounts.get('GLEIF')).toBe(2);
  });

  it('bumps the graph version on every applied delta without replacing the maps', () => {
    const store = openStore();
    const before = store.getState();
    store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 5,
      delta: { seq: 5, entities: [organization('b')], edges: [], merged: [] },
    });
    const after = store.getState();
    expect(after.graphVersion).toBe(before.graphVersion + 1);
    expect(after.entitiesById).toBe(before.entitiesById);
  });
});

describe('the filter selectors', () => {
  it('return the same counts until the graph version changes', () => {
    const store = openStore();
    const first = selectTypeCounts(store.getState());
    store.getState().setSearchText('anything');
    expect(selectTypeCounts(store.getState())).toBe(first);
    store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 5,
      delta: { seq: 5, entities: [organization('b')], edges: [subsidiary('a', 'b')], merged: [] },
    });
    expect(selectTypeCounts(store.getState())).toEqual([{ name: 'Organization', count: 2 }]);
    expect(selectSourceCounts(store.getState())).toEqual([{ name: 'GLEIF', count: 1 }]);
  });
});

describe('a team case connection in the store', () => {
  const teamCase = {
    id: 'team-0123456789abcdef',
    name: 'Acme',
    createdAt: '',
    updatedAt: '',
    sizeBytes: 0,
    team: { address: 'postgresql://a@h:5432/d#Acme', readOnly: false, connection: 'connected' as const },
  };

  it('follows the open team case into reconnecting and back', () => {
    const store = createAppStore();
    store.getState().setActiveCase(teamCase);
    store.getState().setTeamConnection(teamCase.id, 'reconnecting');
    expect(store.getState().activeCase?.team?.connection).toBe('reconnecting');
    store.getState().setTeamConnection(teamCase.id, 'connected');
    expect(store.getState().activeCase?.team?.connection).toBe('connected');
  });

  it("ignores another case's connection", () => {
    const store = createAppStore();
    store.getState().setActiveCase(teamCase);
    store.getState().setTeamConnection('team-ffffffffffffffff', 'reconnecting');
    expect(store.getState().activeCase?.team?.connection).toBe('connected');
  });
});
