import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphDelta } from '../../shared/model/graph';
import { FindingsBuilder, type Findings } from './findings';
import type { Clock } from '../util/clock';
import { openCaseGraph } from './case-graph';
import { CaseFileVersionError, SCHEMA_VERSION } from './migrations';
import { InvalidRelationError, type CaseGraph, type WriteOptions } from './types';

const GLEIF = { name: 'GLEIF', confidence: 100 };
const RDAP = { name: 'RDAP', confidence: 90 };
const write: WriteOptions = { source: GLEIF, handler: 'gleif/lei-records' };

function createFakeClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    sleep: () => Promise.resolve(),
    advance: (ms) => {
      now += ms;
    },
  };
}

const opened: CaseGraph[] = [];
const tempDirs: string[] = [];

function openMemoryGraph(clock = createFakeClock()): CaseGraph {
  const graph = openCaseGraph(':memory:', { clock });
  opened.push(graph);
  return graph;
}

function createTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'case-graph-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const graph of opened.splice(0)) {
    graph.close();
  }
  for (const dir of tempDirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** An organization with its LEI identifier and the `id` edge between them. */
function organizationWithLei(name: string, lei: string, extra: Record<string, string> = {}): Findings {
  const builder = new FindingsBuilder();
  const org = builder.entity('Organization', { unique_id: name.toLowerCase(), name, ...extra });
  const id = builder.entity('Identifier', { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' });
  builder.edge(org, 'id', id);
  return builder.build();
}

describe('openCaseGraph apply', () => {
  it('upserts the same findings twice into one entity and one edge', () => {
    const graph = openMemoryGraph();
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    expect(graph.stats()).toMatchObject({ entities: 2, edges: 1 });
  });

  it('keeps stored fields that a later write leaves out and replaces those it sets', () => {
    const graph = openMemoryGraph();
    graph.apply(organizationWithLei('Acme', 'LEI1', { jurisdiction: 'US', legal_name: 'Acme Inc' }), write);
    const builder = new FindingsBuilder();
    builder.entity('Organization', { unique_id: 'acme', name: 'Acme', jurisdiction: 'DE' });
    graph.apply(builder.build(), write);
    expect(graph.findEntity('Organization:acme')?.asset).toEqual({
      unique_id: 'acme',
      name: 'Acme',
      jurisdiction: 'DE',
      legal_name: 'Acme Inc',
    });
  });

  it('rejects a relation outside the taxonomy, naming the triple, and writes nothing', () => {
    const graph = openMemoryGraph();
    const builder = new FindingsBuilder();
    const org = builder.entity('Organization', { unique_id: 'acme', name: 'Acme' });
    const fqdn = builder.entity('FQDN', { name: 'acme.example' });
    builder.edge(org, 'name_server', fqdn);
    expect(() => graph.apply(builder.build(), write)).toThrow(InvalidRelationError);
    expect(() => graph.apply(builder.build(), write)).toThrow(/Organization -name_server-> FQDN/);
    expect(graph.stats()).toMatchObject({ entities: 0, edges: 0 });
    expect(graph.snapshot().seq).toBe(0);
  });

  it('rejects an edge whose endpoint is neither written nor stored', () => {
    const graph = openMemoryGraph();
    const builder = new FindingsBuilder();
    const org = builder.entity('Organization', { unique_id: 'acme', name: 'Acme' });
    builder.edge(org, 'id', 'Identifier:lei:missing');
    expect(() => graph.apply(builder.build(), write)).toThrow(/Identifier:lei:missing does not exist/);
    expect(graph.findEntity(org)).toBeUndefined();
  });

  it('accepts an edge to an entity stored by an earlier write', () => {
    const graph = openMemoryGraph();
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    const builder = new FindingsBuilder();
    const location = builder.entity('Location', { address: '1 Main St', city: 'Springfield' });
    builder.edge('Organization:acme', 'legal_address', location);
    graph.apply(builder.build(), write);
    expect(graph.outgoing('Organization:acme', { relations: ['legal_address'] })).toHaveLength(1);
  });

  it('rejects an asset without its key field', () => {
    const graph = openMemoryGraph();
    const findings: Findings = {
      entities: [{ type: 'FQDN', asset: { name: '' } }],
      edges: [],
      dispatch: [],
    };
    expect(() => graph.apply(findings, write)).toThrow(/FQDN asset has no name/);
  });

  it('keeps both sources on an edge reported by two sources', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    clock.advance(1000);
    graph.apply(organizationWithLei('Acme', 'LEI1'), { source: RDAP });
    const [neighbour] = graph.outgoing('Organization:acme');
    expect(neighbour?.edge.sources.map(({ name, confidence }) => ({ name, confidence }))).toEqual([
      GLEIF,
      RDAP,
    ]);
  });

  it('records the source of each written entity as a source tag with the handler', () => {
    const graph = openMemoryGraph();
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    expect(graph.findEntity('Organization:acme')?.tags).toEqual([
      expect.objectContaining({ name: 'source', value: 'GLEIF', handler: 'gleif/lei-records' }),
    ]);
  });

  it('filters edges by the time a given source last confirmed them', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    const start = clock.now();
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    clock.advance(10_000);
    graph.apply(organizationWithLei('Acme', 'LEI1'), { source: RDAP });
    const later = start + 5_000;
    expect(graph.outgoing('Organization:acme', { since: later })).toHaveLength(1);
    expect(graph.outgoing('Organization:acme', { source: 'GLEIF', since: later })).toHaveLength(0);
    expect(graph.outgoing('Organization:acme', { source: 'RDAP', since: later })).toHaveLength(1);
    expect(graph.outgoing('Organization:acme', { source: 'GLEIF' })).toHaveLength(1);
    expect(graph.incoming('Identifier:lei:lei1', { since: start + 20_000 })).toHaveLength(0);
  });

  it('refreshes an edge when its source confirms it again', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    clock.advance(10_000);
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    expect(graph.outgoing('Organization:acme', { source: 'GLEIF', since: clock.now() })).toHaveLength(1);
  });

  it('sends an edge again with the revised confidence when its source revises it', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    clock.advance(1000);
    const delta = graph.apply(organizationWithLei('Acme', 'LEI1'), {
      ...write,
      source: { name: 'GLEIF', confidence: 70 },
    });
    expect(
      delta.edges.map((edge) => edge.sources.map(({ name, confidence }) => ({ name, confidence }))),
    ).toEqual([[{ name: 'GLEIF', confidence: 70 }]]);
    expect(delta.edges[0]?.sources[0]?.updatedAt).toBe(new Date(clock.now()).toISOString());
  });

  it('merges the properties of an edge listed twice in one write', () => {
    const graph = openMemoryGraph();
    const findings = new FindingsBuilder();
    const org = findings.entity('Organization', { unique_id: 'acme', name: 'Acme' });
    const id = findings.entity('Identifier', { unique_id: 'lei:LEI1', id: 'LEI1', id_type: 'lei' });
    findings.edge(org, 'id', id, { role: 'primary', since: 2001 });
    findings.edge(org, 'id', id, { role: 'legal' });
    const delta = graph.apply(findings.build(), write);
    expect(delta.edges.map((edge) => edge.properties)).toEqual([{ role: 'legal', since: 2001 }]);
    expect(graph.outgoing(org)[0]?.edge.properties).toEqual({ role: 'legal', since: 2001 });
  });

  it('merges new properties into a stored edge and sends it with all of them', () => {
    const graph = openMemoryGraph();
    const first = new FindingsBuilder();
    const org = first.entity('Organization', { unique_id: 'acme', name: 'Acme' });
    const id = first.entity('Identifier', { unique_id: 'lei:LEI1', id: 'LEI1', id_type: 'lei' });
    first.edge(org, 'id', id, { role: 'primary', since: 2001 });
    graph.apply(first.build(), write);
    const delta = graph.apply(
      {
        entities: [],
        edges: [{ from: org, relation: 'id', to: id, properties: { role: 'legal' } }],
        dispatch: [],
      },
      write,
    );
    expect(delta.edges.map((edge) => edge.properties)).toEqual([{ role: 'legal', since: 2001 }]);
  });

  it('refreshes the source tag of a known entity written again without sending it', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    clock.advance(5000);
    const delta = graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    expect(delta.entities).toEqual([]);
    const [tag] = graph.findEntity('Organization:acme')?.tags ?? [];
    expect(tag?.updatedAt).toBe(new Date(clock.now()).toISOString());
    expect(tag?.createdAt).toBe(new Date(clock.now() - 5000).toISOString());
  });

  it('sends a known entity when a new source tags it', () => {
    const graph = openMemoryGraph();
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    const delta = graph.apply(organizationWithLei('Acme', 'LEI1'), { source: RDAP });
    expect(
      delta.entities.find((entity) => entity.id === 'Organization:acme')?.tags.map((tag) => tag.value),
    ).toEqual(['GLEIF', 'RDAP']);
  });

  it('answers isMonitoredSince per source, handler and time', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    const start = clock.now();
    graph.apply(organizationWithLei('Acme', 'LEI1'), { ...write, markMonitored: 'Organization:acme' });
    expect(graph.isMonitoredSince('Organization:acme', 'GLEIF', 'gleif/lei-records', start)).toBe(true);
    expect(graph.isMonitoredSince('Organization:acme', 'GLEIF', 'gleif/other', start)).toBe(false);
    expect(graph.isMonitoredSince('Organization:acme', 'RDAP', 'gleif/lei-records', start)).toBe(false);
    expect(graph.isMonitoredSince('Organization:acme', 'GLEIF', 'gleif/lei-records', start + 1)).toBe(false);
    clock.advance(60_000);
    graph.apply({ entities: [], edges: [], dispatch: [] }, { ...write, markMonitored: 'Organization:acme' });
    expect(graph.isMonitoredSince('Organization:acme', 'GLEIF', 'gleif/lei-records', clock.now())).toBe(true);
  });

  it('rejects marking an entity that does not exist as monitored', () => {
    const graph = openMemoryGraph();
    expect(() =>
      graph.apply({ entities: [], edges: [], dispatch: [] }, { ...write, markMonitored: 'FQDN:nowhere' }),
    ).toThrow(/FQDN:nowhere/);
  });
});

describe('openCaseGraph deltas', () => {
  it('returns the written entities and edges with the next sequence number', () => {
    const graph = openMemoryGraph();
    const first = graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    const second = graph.apply(organizationWithLei('Beta', 'LEI2'), write);
    expect(first.seq).toBe(1);
    expect(second.seq).toBe(2);
    expect(second.entities.map((entity) => entity.id).sort()).toEqual([
      'Identifier:lei:lei2',
      'Organization:beta',
    ]);
    expect(second.edges).toEqual([
      expect.objectContaining({
        id: 'Organization:beta|id|Identifier:lei:lei2',
        sources: [expect.objectContaining(GLEIF)],
      }),
    ]);
  });

  it('sends an updated entity whole, with its stored fields and tags', () => {
    const graph = openMemoryGraph();
    graph.apply(organizationWithLei('Acme', 'LEI1', { jurisdiction: 'US' }), write);
    const builder = new FindingsBuilder();
    builder.entity('Organization', { unique_id: 'acme', name: 'Acme', headcount: 5 });
    const delta = graph.apply(builder.build(), { source: RDAP });
    expect(delta.entities).toEqual([
      expect.objectContaining({
        id: 'Organization:acme',
        asset: { unique_id: 'acme', name: 'Acme', jurisdiction: 'US', headcount: 5 },
        tags: [expect.objectContaining({ value: 'GLEIF' }), expect.objectContaining({ value: 'RDAP' })],
      }),
    ]);
  });

  it('returns an empty delta with the current sequence and notifies nobody when nothing changed', () => {
    const graph = openMemoryGraph();
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    const deltas: GraphDelta[] = [];
    graph.onDelta((delta) => deltas.push(delta));
    const delta = graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    expect(delta).toEqual({ seq: 1, entities: [], edges: [], merged: [] });
    expect(deltas).toEqual([]);
  });

  it('notifies listeners after the write even when one of them throws', () => {
    const graph = openMemoryGraph();
    const seen: number[] = [];
    graph.onDelta(() => {
      throw new Error('listener bug');
    });
    graph.onDelta((delta) => seen.push(delta.seq));
    const delta = graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    expect(seen).toEqual([1]);
    expect(graph.findEntity('Organization:acme')).toBeDefined();
    expect(delta.seq).toBe(1);
  });

  it('stops notifying a listener after it unsubscribes', () => {
    const graph = openMemoryGraph();
    const seen: number[] = [];
    const unsubscribe = graph.onDelta((delta) => seen.push(delta.seq));
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    unsubscribe();
    graph.apply(organizationWithLei('Beta', 'LEI2'), write);
    expect(seen).toEqual([1]);
  });

  it('continues the sequence after the case file is reopened', () => {
    const path = join(createTempDir(), 'case.sqlite');
    const first = openCaseGraph(path, { clock: createFakeClock() });
    first.apply(organizationWithLei('Acme', 'LEI1'), write);
    first.apply(organizationWithLei('Beta', 'LEI2'), write);
    first.close();
    const reopened = openCaseGraph(path, { clock: createFakeClock() });
    opened.push(reopened);
    expect(reopened.snapshot().seq).toBe(2);
    expect(reopened.apply(organizationWithLei('Gamma', 'LEI3'), write).seq).toBe(3);
  });

  it('does not advance the sequence when a write is rejected', () => {
    const graph = openMemoryGraph();
    const builder = new FindingsBuilder();
    builder.edge('Organization:ghost', 'id', 'Identifier:lei:ghost');
    expect(() => graph.apply(builder.build(), write)).toThrow(InvalidRelationError);
    expect(graph.apply(organizationWithLei('Acme', 'LEI1'), write).seq).toBe(1);
  });
});

describe('openCaseGraph organization merge', () => {
  function twoOrganizationsSharingLei(graph: CaseGraph, clock: ReturnType<typeof createFakeClock>) {
    graph.apply(organizationWithLei('Acme Corporation', 'LEI1', { jurisdiction: 'US' }), write);
    const builder = new FindingsBuilder();
    const location = builder.entity('Location', { address: '1 Main St', city: 'Springfield' });
    builder.edge('Organization:acme corporation', 'hq_address', location);
    graph.apply(builder.build(), write);
    clock.advance(1000);
    const newer = organizationWithLei('Acme', 'LEI1', { legal_name: 'Acme Corp Ltd' });
    newer.entities.push({
      type: 'URL',
      asset: { url: 'https://acme.example/', scheme: 'https', host: 'acme.example', path: '/' },
    });
    newer.edges.push({ from: 'Organization:acme', relation: 'website', to: 'URL:https://acme.example/' });
    return graph.apply(newer, { source: RDAP, handler: 'rdap/entity' });
  }

  it('folds the newer organization into the older one and lists the merge in the delta', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    const delta = twoOrganizationsSharingLei(graph, clock);
    expect(delta.merged).toEqual([{ from: 'Organization:acme', into: 'Organization:acme corporation' }]);
    expect(graph.findEntity('Organization:acme')).toBeUndefined();
    expect(delta.entities.map((entity) => entity.id)).not.toContain('Organization:acme');
    expect(delta.edges.every((edge) => edge.from !== 'Organization:acme')).toBe(true);
  });

  it('repoints the merged organization edges and unions their sources', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    twoOrganizationsSharingLei(graph, clock);
    const edges = graph.outgoing('Organization:acme corporation');
    expect(edges.map((neighbour) => neighbour.edge.relation).sort()).toEqual(['hq_address', 'id', 'website']);
    const idEdge = edges.find((neighbour) => neighbour.edge.relation === 'id');
    expect(idEdge?.edge.sources.map((source) => source.name)).toEqual(['GLEIF', 'RDAP']);
    expect(graph.incoming('Identifier:lei:lei1')).toHaveLength(1);
  });

  it('fills the older organization missing fields and unions tags from the merged one', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    twoOrganizationsSharingLei(graph, clock);
    const survivor = graph.findEntity('Organization:acme corporation');
    expect(survivor?.asset).toEqual({
      unique_id: 'acme corporation',
      name: 'Acme Corporation',
      jurisdiction: 'US',
      legal_name: 'Acme Corp Ltd',
    });
    expect(survivor?.tags.map((tag) => tag.value)).toEqual(['GLEIF', 'RDAP']);
  });

  it('resolves the merged-away id to the survivor, also after reopening', () => {
    const path = join(createTempDir(), 'case.sqlite');
    const clock = createFakeClock();
    const graph = openCaseGraph(path, { clock });
    twoOrganizationsSharingLei(graph, clock);
    expect(graph.resolveId('Organization:acme')).toBe('Organization:acme corporation');
    graph.close();
    const reopened = openCaseGraph(path, { clock });
    opened.push(reopened);
    expect(reopened.resolveId('Organization:acme')).toBe('Organization:acme corporation');
    expect(reopened.resolveId('Organization:other')).toBe('Organization:other');
  });

  it('writes a merged-away asset seen again into the survivor without recreating it', () => {
    const clock = createFakeClock();
    const graph = openMemoryGraph(clock);
    twoOrganizationsSharingLei(graph, clock);
    const builder = new FindingsBuilder();
    builder.entity('Organization', { unique_id: 'acme', name: 'Acme', industry: 'Widgets' });
    graph.apply(builder.build(), write);
    expect(graph.findEntity('Organization:acme')).toBeUndefined();
    expect(graph.findEntity('Organization:acme corporation')?.asset).toMatchObject({
      name: 'Acme Corporation',
      industry: 'Widgets',
    });
  });

  it('leaves organizations sharing a non-LEI identifier apart', () => {
    const graph = openMemoryGraph();
    for (const name of ['Acme', 'Beta']) {
      const builder = new FindingsBuilder();
      const org = builder.entity('Organization', { unique_id: name.toLowerCase(), name });
      const id = builder.entity('Identifier', { unique_id: 'bic:ABCDEF', id: 'ABCDEF', id_type: 'bic' });
      builder.edge(org, 'id', id);
      expect(graph.apply(builder.build(), write).merged).toEqual([]);
    }
    expect(graph.stats().entitiesByType.Organization).toBe(2);
  });
});

describe('openCaseGraph reads and case data', () => {
  it('exports entities with asset and tags and edges with their sources and properties', () => {
    const graph = openMemoryGraph();
    const builder = new FindingsBuilder();
    const org = builder.entity('Organization', { unique_id: 'acme', name: 'Acme' });
    const parent = builder.entity('Organization', { unique_id: 'acme holding', name: 'Acme Holding' });
    builder.edge(parent, 'subsidiary', org, { match_type: 'direct', score: 1 });
    graph.apply(builder.build(), write);
    const exported = graph.exportJson();
    expect(exported.entities).toEqual([
      {
        id: 'Organization:acme',
        type: 'Organization',
        asset: { unique_id: 'acme', name: 'Acme' },
        tags: [expect.objectContaining({ name: 'source', value: 'GLEIF' })],
      },
      expect.objectContaining({ id: 'Organization:acme holding' }),
    ]);
    expect(exported.edges).toEqual([
      {
        id: 'Organization:acme holding|subsidiary|Organization:acme',
        from: 'Organization:acme holding',
        to: 'Organization:acme',
        relation: 'subsidiary',
        sources: [GLEIF],
        properties: { match_type: 'direct', score: 1 },
      },
    ]);
  });

  it('counts entities by type and edges by relation', () => {
    const graph = openMemoryGraph();
    graph.apply(organizationWithLei('Acme', 'LEI1'), write);
    graph.apply(organizationWithLei('Beta', 'LEI2'), write);
    expect(graph.stats()).toEqual({
      entities: 4,
      edges: 2,
      entitiesByType: { Organization: 2, Identifier: 2 },
      edgesByRelation: { id: 2 },
    });
  });

  it('stores case metadata, node positions and session records', () => {
    const graph = openMemoryGraph();
    graph.setMeta('name', 'Acme case');
    graph.savePositions({ 'Organization:acme': { x: 1.5, y: -2 } });
    graph.saveSession({ id: 's2', startedAt: '2026-01-02T00:00:00.000Z', seeds: [], depth: 2 });
    graph.saveSession({
      id: 's1',
      startedAt: '2026-01-01T00:00:00.000Z',
      seeds: ['FQDN:a.example'],
      depth: 1,
    });
    graph.saveSession({
      id: 's1',
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:01:00.000Z',
      seeds: ['FQDN:a.example'],
      depth: 1,
    });
    expect(graph.getMeta('name')).toBe('Acme case');
    expect(graph.getMeta('missing')).toBeUndefined();
    expect(graph.loadPositions()).toEqual({ 'Organization:acme': { x: 1.5, y: -2 } });
    expect(graph.listSessions().map((session) => [session.id, session.finishedAt])).toEqual([
      ['s1', '2026-01-01T00:01:00.000Z'],
      ['s2', undefined],
    ]);
  });
});

describe('openCaseGraph migrations', () => {
  it('stamps a new case file with the current schema version', () => {
    const path = join(createTempDir(), 'case.sqlite');
    openCaseGraph(path).close();
    const db = new Database(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('refuses a case file written by a newer schema version', () => {
    const path = join(createTempDir(), 'case.sqlite');
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openCaseGraph(path)).toThrow(CaseFileVersionError);
    expect(() => openCaseGraph(path)).toThrow(/newer than this app supports/);
  });
});
