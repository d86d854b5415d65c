import { describe, expect, it } from 'vitest';
import { openCaseGraph } from '../case-file';
import type { Findings } from '../findings';

const whois = { name: 'WHOIS', confidence: 80 };

/** Two spellings of one company, each with its own edge, one edge to a shared parent. */
function caseWithTwoSpellings() {
  const graph = openCaseGraph(':memory:');
  const findings: Findings = {
    entities: [
      { type: 'Organization', asset: { unique_id: 'acme-inc', name: 'Acme Inc' } },
      { type: 'Organization', asset: { unique_id: 'acme', name: 'ACME', jurisdiction: 'US' } },
      { type: 'Organization', asset: { unique_id: 'parent', name: 'Parent' } },
      { type: 'Organization', asset: { unique_id: 'child', name: 'Child' } },
    ],
    edges: [
      { from: 'Organization:parent', to: 'Organization:acme-inc', relation: 'subsidiary' },
      { from: 'Organization:parent', to: 'Organization:acme', relation: 'subsidiary' },
      { from: 'Organization:acme', to: 'Organization:child', relation: 'subsidiary' },
    ],
    dispatch: [],
  };
  graph.applyNow(findings, { source: whois, now: 1000 });
  graph.savePositions({ 'Organization:acme': { x: 10, y: 20 } });
  return graph;
}

/** The graph without times: what a merge and its undo must give back exactly. */
function shapeOf(graph: ReturnType<typeof openCaseGraph>) {
  const exported = graph.exportJson();
  return {
    entities: exported.entities.map(({ id, asset, tags }) => ({ id, asset, tags: tags.map((t) => t.value) })),
    edges: exported.edges.map(({ id, sources }) => ({ id, sources: sources.map((s) => s.name) })),
  };
}

describe('manual merge', () => {
  it('folds one entity into the other, attributed to the investigator', () => {
    const graph = caseWithTwoSpellings();
    const { delta } = graph.mergeEntitiesNow('Organization:acme', 'Organization:acme-inc');
    expect(delta.merged).toEqual([{ from: 'Organization:acme', into: 'Organization:acme-inc' }]);
    expect(graph.findEntity('Organization:acme')).toBeUndefined();
    expect(graph.resolveId('Organization:acme')).toBe('Organization:acme-inc');
    const survivor = graph.findEntity('Organization:acme-inc');
    expect(survivor?.asset).toMatchObject({ name: 'Acme Inc', jurisdiction: 'US' });
    expect(survivor?.tags.map((tag) => tag.value)).toContain('Investigator');
    expect(graph.outgoing('Organization:acme-inc').map((n) => n.entity.id)).toEqual(['Organization:child']);
    expect(graph.listSessions().at(-1)?.action).toBe('merge Organization:acme into Organization:acme-inc');
    void graph.close();
  });

  it('is taken back by undoing its session: both entities, their edges, tags and position', () => {
    const graph = caseWithTwoSpellings();
    const before = shapeOf(graph);
    const { session } = graph.mergeEntitiesNow('Organization:acme', 'Organization:acme-inc');
    graph.undoSessionNow(session);
    expect(shapeOf(graph)).toEqual(before);
    expect(graph.resolveId('Organization:acme')).toBe('Organization:acme');
    expect(graph.loadPositions()['Organization:acme']).toEqual({ x: 10, y: 20 });
    expect(graph.listSessions()).toEqual([]);
    void graph.close();
  });

  it('refuses entities of different types and an unknown id, writing nothing', () => {
    const graph = caseWithTwoSpellings();
    graph.applyNow(
      { entities: [{ type: 'FQDN', asset: { name: 'acme.example' } }], edges: [], dispatch: [] },
      { source: whois },
    );
    const seq = graph.currentSeq();
    expect(() => graph.mergeEntitiesNow('FQDN:acme.example', 'Organization:acme')).toThrow(
      /cannot merge a FQDN/,
    );
    expect(() => graph.mergeEntitiesNow('Organization:nobody', 'Organization:acme')).toThrow(/no entity/);
    expect(graph.currentSeq()).toBe(seq);
    void graph.close();
  });
});
