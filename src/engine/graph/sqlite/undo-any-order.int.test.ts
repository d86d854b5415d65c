/**
 * Undo in any order (issue 22, part 4): the bugs the randomised undo test found
 * (src/engine/undo-random.int.test.ts), each as the smallest sequence that showed it.
 */
import { describe, expect, it } from 'vitest';
import { openCaseGraph } from '../case-file';
import type { Findings } from '../findings';

const gleif = { name: 'GLEIF', confidence: 100 };
type Graph = ReturnType<typeof openCaseGraph>;

function orgs(ids: string[], edges: Findings['edges'] = []): Findings {
  return {
    entities: ids.map((id) => ({ type: 'Organization', asset: { unique_id: id, name: id } })),
    edges,
    dispatch: [],
  };
}

function openWithSessions(ids: string[]): Graph {
  const graph = openCaseGraph(':memory:');
  ids.forEach((id, index) =>
    graph.saveSession({ id, startedAt: `2026-01-0${index + 1}T00:00:00Z`, seeds: [], depth: 0 }),
  );
  return graph;
}

function entityIds(graph: Graph): string[] {
  return graph
    .snapshot()
    .entities.map((entity) => entity.id)
    .sort();
}

describe('undo in any order', () => {
  it('removes an entity when the session that stated it again is undone before the one that created it', () => {
    const graph = openWithSessions(['created', 'restated']);
    graph.applyNow(orgs(['acme']), { source: gleif, session: 'created', now: 1000 });
    graph.applyNow(orgs(['acme']), { source: gleif, session: 'restated', now: 2000 });
    graph.undoSessionNow('restated');
    graph.undoSessionNow('created');
    expect(entityIds(graph)).toEqual([]);
    void graph.close();
  });

  it('keeps an entity while a session that stated it again is in the case, and removes it with that session', () => {
    const graph = openWithSessions(['created', 'restated']);
    graph.applyNow(orgs(['acme']), { source: gleif, session: 'created', now: 1000 });
    graph.applyNow(orgs(['acme']), { source: gleif, session: 'restated', now: 2000 });
    graph.undoSessionNow('created');
    expect(entityIds(graph)).toEqual(['Organization:acme']);
    graph.undoSessionNow('restated');
    expect(entityIds(graph)).toEqual([]);
    void graph.close();
  });

  it('undoes a merge after the session that created a neighbour of the folded entity was undone, leaving that edge out', () => {
    const graph = openWithSessions(['a', 'b', 'neighbour']);
    graph.applyNow(orgs(['a']), { source: gleif, session: 'a', now: 1000 });
    graph.applyNow(orgs(['b']), { source: gleif, session: 'b', now: 1001 });
    graph.applyNow(
      orgs(['a', 'z'], [{ from: 'Organization:a', relation: 'subsidiary', to: 'Organization:z' }]),
      { source: gleif, session: 'neighbour', now: 1002 },
    );
    const { session } = graph.mergeEntitiesNow('Organization:a', 'Organization:b');
    graph.undoSessionNow('neighbour');
    graph.undoSessionNow(session);
    expect(entityIds(graph)).toEqual(['Organization:a', 'Organization:b']);
    expect(graph.snapshot().edges).toEqual([]);
    void graph.close();
  });

  it('undoes a merge after the session that created the folded entity was undone, without bringing it back', () => {
    const graph = openWithSessions(['a', 'b']);
    graph.applyNow(orgs(['a']), { source: gleif, session: 'a', now: 1000 });
    graph.applyNow(orgs(['b']), { source: gleif, session: 'b', now: 1001 });
    const { session } = graph.mergeEntitiesNow('Organization:a', 'Organization:b');
    graph.undoSessionNow('a');
    graph.undoSessionNow(session);
    expect(entityIds(graph)).toEqual(['Organization:b']);
    graph.undoSessionNow('b');
    expect(entityIds(graph)).toEqual([]);
    void graph.close();
  });
});

describe('undo in any order, the survivor of a merge', () => {
  it('removes the survivor when the session that created it was undone before the merge', () => {
    const graph = openWithSessions(['a', 'b']);
    graph.applyNow(orgs(['a']), { source: gleif, session: 'a', now: 1000 });
    graph.applyNow(orgs(['b']), { source: gleif, session: 'b', now: 1001 });
    const { session } = graph.mergeEntitiesNow('Organization:a', 'Organization:b');
    graph.undoSessionNow('b');
    graph.undoSessionNow(session);
    expect(entityIds(graph)).toEqual(['Organization:a']);
    void graph.close();
  });
});
