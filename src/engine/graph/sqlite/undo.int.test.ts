import { describe, expect, it } from 'vitest';
import { openCaseGraph } from '../case-file';
import type { Findings } from '../findings';

const whois = { name: 'WHOIS', confidence: 80 };
const rdap = { name: 'RDAP', confidence: 90 };

function org(uniqueId: string, fields: Record<string, string> = {}): Findings {
  return {
    entities: [{ type: 'Organization', asset: { unique_id: uniqueId, name: uniqueId, ...fields } }],
    edges: [],
    dispatch: [],
  };
}

function openWithSessions() {
  const graph = openCaseGraph(':memory:');
  for (const id of ['a', 'b']) {
    graph.saveSession({ id, startedAt: `2026-01-0${id === 'a' ? 1 : 2}T00:00:00Z`, seeds: [], depth: 0 });
  }
  return graph;
}

describe('undo of one session', () => {
  it('gives a field the session changed its value from before the session', () => {
    const graph = openWithSessions();
    graph.applyNow(org('acme', { jurisdiction: 'US' }), { source: whois, session: 'a', now: 1000 });
    graph.applyNow(org('acme', { jurisdiction: 'GB' }), { source: whois, session: 'b', now: 2000 });
    graph.applyNow(org('acme', { jurisdiction: 'FR' }), { source: whois, session: 'b', now: 2001 });
    graph.undoSessionNow('b');
    expect(graph.findEntity('Organization:acme')?.asset).toMatchObject({ jurisdiction: 'US' });
    void graph.close();
  });

  it('keeps an entity another source also reported and removes the one only the session reported', () => {
    const graph = openWithSessions();
    graph.applyNow(org('shared'), { source: rdap, session: 'a', now: 1000 });
    graph.applyNow(
      { ...org('shared'), entities: [...org('shared').entities, ...org('only-b').entities] },
      { source: whois, session: 'b', now: 2000 },
    );
    const summary = graph.undoSessionNow('b');
    expect(graph.findEntity('Organization:shared')?.tags.map((tag) => tag.value)).toEqual(['RDAP']);
    expect(graph.findEntity('Organization:only-b')).toBeUndefined();
    expect(summary.entitiesRemoved).toBe(1);
    expect(graph.listSessions().map((session) => session.id)).toEqual(['a']);
    void graph.close();
  });

  it('removes an edge the session added and keeps one an earlier session had', () => {
    const graph = openWithSessions();
    const edge = (to: string): Findings => ({
      entities: [...org('parent').entities, ...org(to).entities],
      edges: [{ from: 'Organization:parent', to: `Organization:${to}`, relation: 'subsidiary' }],
      dispatch: [],
    });
    graph.applyNow(edge('first'), { source: whois, session: 'a', now: 1000 });
    graph.applyNow(edge('first'), { source: whois, session: 'b', now: 2000 });
    graph.applyNow(edge('second'), { source: whois, session: 'b', now: 2000 });
    graph.undoSessionNow('b');
    expect(graph.outgoing('Organization:parent').map((n) => n.entity.id)).toEqual(['Organization:first']);
    void graph.close();
  });

  it('refuses a session id the case does not know and changes nothing', () => {
    const graph = openWithSessions();
    graph.applyNow(org('acme'), { source: whois, session: 'a', now: 1000 });
    const seq = graph.currentSeq();
    expect(() => graph.undoSessionNow('nope')).toThrow(/no session nope/);
    expect(graph.currentSeq()).toBe(seq);
    void graph.close();
  });
});
