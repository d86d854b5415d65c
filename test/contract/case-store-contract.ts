/**
 * The case contract (CaseGraph) suite, run through asyncCaseGraph: every backend runs
 * `describeCaseStoreContract` with a function that opens a case by name (the same name opens the same case again). A behaviour every
 * backend keeps is tested here once; backend-only behaviour (files, connections) is tested beside
 * the backend.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphDelta } from '../../src/shared/model/graph';
import type { MergeRule } from '../../src/engine/graph/case-graph';
import type { AsyncCaseGraph } from './async-case-graph';
import { FindingsBuilder, type Findings } from '../../src/engine/graph/findings';
import { InvalidRelationError, type WriteOptions } from '../../src/engine/graph/types';
import type { Clock } from '../../src/engine/util/clock';

export interface ContractStoreOptions {
  /** Names one case: opening the same name again reopens it. */
  caseName: string;
  clock: Clock;
  mergeRules: readonly MergeRule[];
}

export type OpenContractStore = (options: ContractStoreOptions) => Promise<AsyncCaseGraph>;

/** The identity rule the tests declare: the shape of GLEIF's (organizations holding one LEI are one). */
export const SAME_LEI_RULE: MergeRule = {
  name: 'test/same-lei',
  entityType: 'Organization',
  relation: 'id',
  keyType: 'Identifier',
  keyFields: { id_type: 'lei' },
};

const GLEIF = { name: 'GLEIF', confidence: 100 };
const RDAP = { name: 'RDAP', confidence: 90 };
const write: WriteOptions = { source: GLEIF, handler: 'gleif/lei-records' };

type FakeClock = Clock & { advance(ms: number): void };

export function createFakeClock(start = Date.UTC(2026, 0, 1)): FakeClock {
  let now = start;
  return {
    now: () => now,
    sleep: () => Promise.resolve(),
    advance: (ms) => {
      now += ms;
    },
  };
}

/** An organization with its LEI identifier and the `id` edge between them. */
export function organizationWithLei(name: string, lei: string, extra: Record<string, string> = {}): Findings {
  const builder = new FindingsBuilder();
  const org = builder.entity('Organization', { unique_id: name.toLowerCase(), name, ...extra });
  const id = builder.entity('Identifier', { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' });
  builder.edge(org, 'id', id);
  return builder.build();
}

export function describeCaseStoreContract(name: string, openStore: OpenContractStore): void {
  describe(`case contract (${name})`, () => {
    const opened: AsyncCaseGraph[] = [];

    afterEach(async () => {
      for (const store of opened.splice(0)) {
        await store.close();
      }
    });

    async function openGraph(
      clock: FakeClock = createFakeClock(),
      caseName: string = randomUUID(),
      mergeRules: readonly MergeRule[] = [SAME_LEI_RULE],
    ): Promise<AsyncCaseGraph> {
      const store = await openStore({ caseName, clock, mergeRules });
      opened.push(store);
      return store;
    }

    describe('apply', () => {
      it('upserts the same findings twice into one entity and one edge', async () => {
        const graph = await openGraph();
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        expect(await graph.stats()).toMatchObject({ entities: 2, edges: 1 });
      });

      it('keeps stored fields that a later write leaves out and replaces those it sets', async () => {
        const graph = await openGraph();
        await graph.apply(
          organizationWithLei('Acme', 'LEI1', { jurisdiction: 'US', legal_name: 'Acme Inc' }),
          write,
        );
        const builder = new FindingsBuilder();
        builder.entity('Organization', { unique_id: 'acme', name: 'Acme', jurisdiction: 'DE' });
        await graph.apply(builder.build(), write);
        expect((await graph.findEntity('Organization:acme'))?.asset).toEqual({
          unique_id: 'acme',
          name: 'Acme',
          jurisdiction: 'DE',
          legal_name: 'Acme Inc',
        });
      });

      it('rejects a relation outside the taxonomy, naming the triple, and writes nothing', async () => {
        const graph = await openGraph();
        const builder = new FindingsBuilder();
        const org = builder.entity('Organization', { unique_id: 'acme', name: 'Acme' });
        const fqdn = builder.entity('FQDN', { name: 'acme.example' });
        builder.edge(org, 'name_server', fqdn);
        await expect(graph.apply(builder.build(), write)).rejects.toThrow(InvalidRelationError);
        await expect(graph.apply(builder.build(), write)).rejects.toThrow(/Organization -name_server-> FQDN/);
        expect(await graph.stats()).toMatchObject({ entities: 0, edges: 0 });
        expect((await graph.snapshot()).seq).toBe(0);
      });

      it('rejects an edge whose endpoint is neither written nor stored', async () => {
        const graph = await openGraph();
        const builder = new FindingsBuilder();
        const org = builder.entity('Organization', { unique_id: 'acme', name: 'Acme' });
        builder.edge(org, 'id', 'Identifier:lei:missing');
        await expect(graph.apply(builder.build(), write)).rejects.toThrow(
          /Identifier:lei:missing does not exist/,
        );
        expect(await graph.findEntity(org)).toBeUndefined();
      });

      it('accepts an edge to an entity stored by an earlier write', async () => {
        const graph = await openGraph();
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        const builder = new FindingsBuilder();
        const location = builder.entity('Location', { address: '1 Main St', city: 'Springfield' });
        builder.edge('Organization:acme', 'legal_address', location);
        await graph.apply(builder.build(), write);
        expect(await graph.outgoing('Organization:acme', { relations: ['legal_address'] })).toHaveLength(1);
      });

      it('rejects an asset without its key field', async () => {
        const graph = await openGraph();
        const findings: Findings = {
          entities: [{ type: 'FQDN', asset: { name: '' } }],
          edges: [],
          dispatch: [],
        };
        await expect(graph.apply(findings, write)).rejects.toThrow(/FQDN asset has no name/);
      });

      it('keeps both sources on an edge reported by two sources', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        clock.advance(1000);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), { source: RDAP });
        const [neighbour] = await graph.outgoing('Organization:acme');
        expect(neighbour?.edge.sources.map(({ name, confidence }) => ({ name, confidence }))).toEqual([
          GLEIF,
          RDAP,
        ]);
      });

      it('records the source of each written entity as a source tag with the handler', async () => {
        const graph = await openGraph();
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        expect((await graph.findEntity('Organization:acme'))?.tags).toEqual([
          expect.objectContaining({ name: 'source', value: 'GLEIF', handler: 'gleif/lei-records' }),
        ]);
      });

      it('filters edges by the time a given source last confirmed them', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        const start = clock.now();
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        clock.advance(10_000);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), { source: RDAP });
        const later = start + 5_000;
        expect(await graph.outgoing('Organization:acme', { since: later })).toHaveLength(1);
        expect(await graph.outgoing('Organization:acme', { source: 'GLEIF', since: later })).toHaveLength(0);
        expect(await graph.outgoing('Organization:acme', { source: 'RDAP', since: later })).toHaveLength(1);
        expect(await graph.outgoing('Organization:acme', { source: 'GLEIF' })).toHaveLength(1);
        expect(await graph.incoming('Identifier:lei:lei1', { since: start + 20_000 })).toHaveLength(0);
      });

      it('refreshes an edge when its source confirms it again', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        clock.advance(10_000);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        expect(
          await graph.outgoing('Organization:acme', { source: 'GLEIF', since: clock.now() }),
        ).toHaveLength(1);
      });

      it('sends an edge again with the revised confidence when its source revises it', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        clock.advance(1000);
        const delta = await graph.apply(organizationWithLei('Acme', 'LEI1'), {
          ...write,
          source: { name: 'GLEIF', confidence: 70 },
        });
        expect(
          delta.edges.map((edge) => edge.sources.map(({ name, confidence }) => ({ name, confidence }))),
        ).toEqual([[{ name: 'GLEIF', confidence: 70 }]]);
        expect(delta.edges[0]?.sources[0]?.updatedAt).toBe(new Date(clock.now()).toISOString());
      });

      it('merges the properties of an edge listed twice in one write', async () => {
        const graph = await openGraph();
        const findings = new FindingsBuilder();
        const org = findings.entity('Organization', { unique_id: 'acme', name: 'Acme' });
        const id = findings.entity('Identifier', { unique_id: 'lei:LEI1', id: 'LEI1', id_type: 'lei' });
        findings.edge(org, 'id', id, { role: 'primary', since: 2001 });
        findings.edge(org, 'id', id, { role: 'legal' });
        const delta = await graph.apply(findings.build(), write);
        expect(delta.edges.map((edge) => edge.properties)).toEqual([{ role: 'legal', since: 2001 }]);
        expect((await graph.outgoing(org))[0]?.edge.properties).toEqual({ role: 'legal', since: 2001 });
      });

      it('merges new properties into a stored edge and sends it with all of them', async () => {
        const graph = await openGraph();
        const first = new FindingsBuilder();
        const org = first.entity('Organization', { unique_id: 'acme', name: 'Acme' });
        const id = first.entity('Identifier', { unique_id: 'lei:LEI1', id: 'LEI1', id_type: 'lei' });
        first.edge(org, 'id', id, { role: 'primary', since: 2001 });
        await graph.apply(first.build(), write);
        const delta = await graph.apply(
          {
            entities: [],
            edges: [{ from: org, relation: 'id', to: id, properties: { role: 'legal' } }],
            dispatch: [],
          },
          write,
        );
        expect(delta.edges.map((edge) => edge.properties)).toEqual([{ role: 'legal', since: 2001 }]);
      });

      it('refreshes the source tag of a known entity written again without sending it', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        clock.advance(5000);
        const delta = await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        expect(delta.entities).toEqual([]);
        const [tag] = (await graph.findEntity('Organization:acme'))?.tags ?? [];
        expect(tag?.updatedAt).toBe(new Date(clock.now()).toISOString());
        expect(tag?.createdAt).toBe(new Date(clock.now() - 5000).toISOString());
      });

      it('sends a known entity when a new source tags it', async () => {
        const graph = await openGraph();
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        const delta = await graph.apply(organizationWithLei('Acme', 'LEI1'), { source: RDAP });
        expect(
          delta.entities.find((entity) => entity.id === 'Organization:acme')?.tags.map((tag) => tag.value),
        ).toEqual(['GLEIF', 'RDAP']);
      });

      it('answers isMonitoredSince per source, handler and time', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        const start = clock.now();
        await graph.apply(organizationWithLei('Acme', 'LEI1'), {
          ...write,
          markMonitored: 'Organization:acme',
        });
        expect(await graph.isMonitoredSince('Organization:acme', 'GLEIF', 'gleif/lei-records', start)).toBe(
          true,
        );
        expect(await graph.isMonitoredSince('Organization:acme', 'GLEIF', 'gleif/other', start)).toBe(false);
        expect(await graph.isMonitoredSince('Organization:acme', 'RDAP', 'gleif/lei-records', start)).toBe(
          false,
        );
        expect(
          await graph.isMonitoredSince('Organization:acme', 'GLEIF', 'gleif/lei-records', start + 1),
        ).toBe(false);
        clock.advance(60_000);
        await graph.apply(
          { entities: [], edges: [], dispatch: [] },
          { ...write, markMonitored: 'Organization:acme' },
        );
        expect(
          await graph.isMonitoredSince('Organization:acme', 'GLEIF', 'gleif/lei-records', clock.now()),
        ).toBe(true);
      });

      it('rejects marking an entity that does not exist as monitored', async () => {
        const graph = await openGraph();
        await expect(
          graph.apply({ entities: [], edges: [], dispatch: [] }, { ...write, markMonitored: 'FQDN:nowhere' }),
        ).rejects.toThrow(/FQDN:nowhere/);
      });
    });

    describe('deltas', () => {
      it('returns the written entities and edges with the next sequence number', async () => {
        const graph = await openGraph();
        const first = await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        const second = await graph.apply(organizationWithLei('Beta', 'LEI2'), write);
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

      it('sends an updated entity whole, with its stored fields and tags', async () => {
        const graph = await openGraph();
        await graph.apply(organizationWithLei('Acme', 'LEI1', { jurisdiction: 'US' }), write);
        const builder = new FindingsBuilder();
        builder.entity('Organization', { unique_id: 'acme', name: 'Acme', headcount: 5 });
        const delta = await graph.apply(builder.build(), { source: RDAP });
        expect(delta.entities).toEqual([
          expect.objectContaining({
            id: 'Organization:acme',
            asset: { unique_id: 'acme', name: 'Acme', jurisdiction: 'US', headcount: 5 },
            tags: [expect.objectContaining({ value: 'GLEIF' }), expect.objectContaining({ value: 'RDAP' })],
          }),
        ]);
      });

      it('returns an empty delta with the current sequence and notifies nobody when nothing changed', async () => {
        const graph = await openGraph();
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        const deltas: GraphDelta[] = [];
        graph.onDelta((delta) => deltas.push(delta));
        const delta = await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        expect(delta).toEqual({ seq: 1, entities: [], edges: [], merged: [] });
        expect(deltas).toEqual([]);
      });

      it('notifies listeners after the write even when one of them throws', async () => {
        const graph = await openGraph();
        const seen: number[] = [];
        graph.onDelta(() => {
          throw new Error('listener bug');
        });
        graph.onDelta((delta) => seen.push(delta.seq));
        const delta = await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        expect(seen).toEqual([1]);
        expect(await graph.findEntity('Organization:acme')).toBeDefined();
        expect(delta.seq).toBe(1);
      });

      it('stops notifying a listener after it unsubscribes', async () => {
        const graph = await openGraph();
        const seen: number[] = [];
        const unsubscribe = graph.onDelta((delta) => seen.push(delta.seq));
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        unsubscribe();
        await graph.apply(organizationWithLei('Beta', 'LEI2'), write);
        expect(seen).toEqual([1]);
      });

      it('continues the sequence after the case file is reopened', async () => {
        const caseName = randomUUID();
        const first = await openGraph(createFakeClock(), caseName);
        await first.apply(organizationWithLei('Acme', 'LEI1'), write);
        await first.apply(organizationWithLei('Beta', 'LEI2'), write);
        await first.close();
        const reopened = await openGraph(createFakeClock(), caseName);
        expect((await reopened.snapshot()).seq).toBe(2);
        expect((await reopened.apply(organizationWithLei('Gamma', 'LEI3'), write)).seq).toBe(3);
      });

      it('does not advance the sequence when a write is rejected', async () => {
        const graph = await openGraph();
        const builder = new FindingsBuilder();
        builder.edge('Organization:ghost', 'id', 'Identifier:lei:ghost');
        await expect(graph.apply(builder.build(), write)).rejects.toThrow(InvalidRelationError);
        expect((await graph.apply(organizationWithLei('Acme', 'LEI1'), write)).seq).toBe(1);
      });
    });

    describe('organization merge', () => {
      async function twoOrganizationsSharingLei(graph: AsyncCaseGraph, clock: FakeClock) {
        await graph.apply(organizationWithLei('Acme Corporation', 'LEI1', { jurisdiction: 'US' }), write);
        const builder = new FindingsBuilder();
        const location = builder.entity('Location', { address: '1 Main St', city: 'Springfield' });
        builder.edge('Organization:acme corporation', 'hq_address', location);
        await graph.apply(builder.build(), write);
        clock.advance(1000);
        const newer = organizationWithLei('Acme', 'LEI1', { legal_name: 'Acme Corp Ltd' });
        newer.entities.push({
          type: 'URL',
          asset: { url: 'https://acme.example/', scheme: 'https', host: 'acme.example', path: '/' },
        });
        newer.edges.push({ from: 'Organization:acme', relation: 'website', to: 'URL:https://acme.example/' });
        return await graph.apply(newer, { source: RDAP, handler: 'rdap/entity' });
      }

      it('folds the newer organization into the older one and lists the merge in the delta', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        const delta = await twoOrganizationsSharingLei(graph, clock);
        expect(delta.merged).toEqual([{ from: 'Organization:acme', into: 'Organization:acme corporation' }]);
        expect(await graph.findEntity('Organization:acme')).toBeUndefined();
        expect(delta.entities.map((entity) => entity.id)).not.toContain('Organization:acme');
        expect(delta.edges.every((edge) => edge.from !== 'Organization:acme')).toBe(true);
      });

      it('repoints the merged organization edges and unions their sources', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await twoOrganizationsSharingLei(graph, clock);
        const edges = await graph.outgoing('Organization:acme corporation');
        expect(edges.map((neighbour) => neighbour.edge.relation).sort()).toEqual([
          'hq_address',
          'id',
          'website',
        ]);
        const idEdge = edges.find((neighbour) => neighbour.edge.relation === 'id');
        expect(idEdge?.edge.sources.map((source) => source.name)).toEqual(['GLEIF', 'RDAP']);
        expect(await graph.incoming('Identifier:lei:lei1')).toHaveLength(1);
      });

      it('fills the older organization missing fields and unions tags from the merged one', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await twoOrganizationsSharingLei(graph, clock);
        const survivor = await graph.findEntity('Organization:acme corporation');
        expect(survivor?.asset).toEqual({
          unique_id: 'acme corporation',
          name: 'Acme Corporation',
          jurisdiction: 'US',
          legal_name: 'Acme Corp Ltd',
        });
        expect(survivor?.tags.map((tag) => tag.value)).toEqual(['GLEIF', 'RDAP']);
      });

      it('resolves the merged-away id to the survivor, also after reopening', async () => {
        const caseName = randomUUID();
        const clock = createFakeClock();
        const graph = await openGraph(clock, caseName);
        await twoOrganizationsSharingLei(graph, clock);
        expect(await graph.resolveId('Organization:acme')).toBe('Organization:acme corporation');
        await graph.close();
        const reopened = await openGraph(clock, caseName);
        expect(await reopened.resolveId('Organization:acme')).toBe('Organization:acme corporation');
        expect(await reopened.resolveId('Organization:other')).toBe('Organization:other');
      });

      it('writes a merged-away asset seen again into the survivor without recreating it', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await twoOrganizationsSharingLei(graph, clock);
        const builder = new FindingsBuilder();
        builder.entity('Organization', { unique_id: 'acme', name: 'Acme', industry: 'Widgets' });
        await graph.apply(builder.build(), write);
        expect(await graph.findEntity('Organization:acme')).toBeUndefined();
        expect((await graph.findEntity('Organization:acme corporation'))?.asset).toMatchObject({
          name: 'Acme Corporation',
          industry: 'Widgets',
        });
      });

      it('leaves organizations sharing a non-LEI identifier apart', async () => {
        const graph = await openGraph();
        for (const name of ['Acme', 'Beta']) {
          const builder = new FindingsBuilder();
          const org = builder.entity('Organization', { unique_id: name.toLowerCase(), name });
          const id = builder.entity('Identifier', { unique_id: 'bic:ABCDEF', id: 'ABCDEF', id_type: 'bic' });
          builder.edge(org, 'id', id);
          expect((await graph.apply(builder.build(), write)).merged).toEqual([]);
        }
        expect((await graph.stats()).entitiesByType.Organization).toBe(2);
      });
    });

    describe('reads and case data', () => {
      it('exports entities with asset and tags and edges with their sources and properties', async () => {
        const graph = await openGraph();
        const builder = new FindingsBuilder();
        const org = builder.entity('Organization', { unique_id: 'acme', name: 'Acme' });
        const parent = builder.entity('Organization', { unique_id: 'acme holding', name: 'Acme Holding' });
        builder.edge(parent, 'subsidiary', org, { match_type: 'direct', score: 1 });
        await graph.apply(builder.build(), write);
        const exported = await graph.exportJson();
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
            sources: [
              { ...GLEIF, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
            ],
            properties: { match_type: 'direct', score: 1 },
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        ]);
      });

      it('exports when each edge and each of its sources was first seen and last confirmed', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        clock.advance(60_000);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), { ...write, source: RDAP });
        const [edge] = (await graph.exportJson()).edges;
        expect(edge).toMatchObject({
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:01:00.000Z',
          sources: [
            { name: 'GLEIF', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
            { name: 'RDAP', createdAt: '2026-01-01T00:01:00.000Z', updatedAt: '2026-01-01T00:01:00.000Z' },
          ],
        });
      });

      it('counts entities by type and edges by relation', async () => {
        const graph = await openGraph();
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        await graph.apply(organizationWithLei('Beta', 'LEI2'), write);
        expect(await graph.stats()).toEqual({
          entities: 4,
          edges: 2,
          entitiesByType: { Organization: 2, Identifier: 2 },
          edgesByRelation: { id: 2 },
        });
      });

      it('stores case metadata, node positions and session records', async () => {
        const graph = await openGraph();
        await graph.setMeta('name', 'Acme case');
        await graph.savePositions({ 'Organization:acme': { x: 1.5, y: -2 } });
        await graph.saveSession({ id: 's2', startedAt: '2026-01-02T00:00:00.000Z', seeds: [], depth: 2 });
        await graph.saveSession({
          id: 's1',
          startedAt: '2026-01-01T00:00:00.000Z',
          seeds: ['FQDN:a.example'],
          depth: 1,
        });
        await graph.saveSession({
          id: 's1',
          startedAt: '2026-01-01T00:00:00.000Z',
          finishedAt: '2026-01-01T00:01:00.000Z',
          seeds: ['FQDN:a.example'],
          depth: 1,
        });
        expect(await graph.getMeta('name')).toBe('Acme case');
        expect(await graph.getMeta('missing')).toBeUndefined();
        expect(await graph.loadPositions()).toEqual({ 'Organization:acme': { x: 1.5, y: -2 } });
        expect((await graph.listSessions()).map((session) => [session.id, session.finishedAt])).toEqual([
          ['s1', '2026-01-01T00:01:00.000Z'],
          ['s2', undefined],
        ]);
      });
    });

    describe('empty values', () => {
      it('keeps a stored field when a later write gives it an empty value', async () => {
        const graph = await openGraph();
        const first = new FindingsBuilder();
        first.entity('AutnumRecord', {
          handle: 'AS64500',
          number: 64500,
          name: 'EXAMPLE-NET',
          created_date: '2001-01-01',
          updated_date: '2020-01-01',
          raw: '{"objectClassName":"autnum"}',
        });
        await graph.apply(first.build(), write);
        const blank = new FindingsBuilder();
        blank.entity('AutnumRecord', {
          handle: 'AS64500',
          number: 64500,
          name: '',
          created_date: ' ',
          updated_date: '2020-01-01',
          raw: '',
        });
        const delta = await graph.apply(blank.build(), write);
        expect(delta.entities).toEqual([]);
        expect((await graph.findEntity('AutnumRecord:AS64500'))?.asset).toMatchObject({
          name: 'EXAMPLE-NET',
          created_date: '2001-01-01',
          updated_date: '2020-01-01',
          raw: '{"objectClassName":"autnum"}',
        });
      });

      it('keeps stored edge properties when a later write gives them empty values', async () => {
        const graph = await openGraph();
        const first = new FindingsBuilder();
        const org = first.entity('Organization', { unique_id: 'acme', name: 'Acme' });
        const id = first.entity('Identifier', { unique_id: 'lei:LEI1', id: 'LEI1', id_type: 'lei' });
        first.edge(org, 'id', id, { match_type: 'exact', score: 1 });
        await graph.apply(first.build(), write);
        await graph.apply(
          {
            entities: [],
            edges: [{ from: org, relation: 'id', to: id, properties: { match_type: '  ', score: 1 } }],
            dispatch: [],
          },
          write,
        );
        expect((await graph.outgoing(org))[0]?.edge.properties).toEqual({
          match_type: 'exact',
          score: 1,
        });
      });

      it('stores false and zero over a stored value: they are values', async () => {
        const graph = await openGraph();
        const first = new FindingsBuilder();
        first.entity('Organization', { unique_id: 'acme', name: 'Acme', active: true, headcount: 10 });
        await graph.apply(first.build(), write);
        const second = new FindingsBuilder();
        second.entity('Organization', { unique_id: 'acme', name: 'Acme', active: false, headcount: 0 });
        await graph.apply(second.build(), write);
        expect((await graph.findEntity('Organization:acme'))?.asset).toMatchObject({
          active: false,
          headcount: 0,
        });
      });
    });

    describe('sequence and changes since', () => {
      it('returns everything written after a sequence number, folded into one delta', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        await graph.apply(organizationWithLei('Beta', 'LEI2'), write);
        const builder = new FindingsBuilder();
        builder.entity('Organization', { unique_id: 'acme', name: 'Acme', jurisdiction: 'US' });
        await graph.apply(builder.build(), write);
        const changes = await graph.changesSince(1);
        expect(changes.seq).toBe(3);
        expect(await graph.currentSeq()).toBe(3);
        expect(changes.entities.map((entity) => entity.id)).toEqual([
          'Identifier:lei:lei2',
          'Organization:acme',
          'Organization:beta',
        ]);
        expect(changes.entities.find((entity) => entity.id === 'Organization:acme')?.asset).toMatchObject({
          jurisdiction: 'US',
        });
        expect(changes.edges.map((edge) => edge.id)).toEqual(['Organization:beta|id|Identifier:lei:lei2']);
        expect((await graph.changesSince(3)).entities).toEqual([]);
        expect((await graph.changesSince(0)).entities).toHaveLength(4);
      });

      it('lists merges made after the sequence number', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock);
        await graph.apply(organizationWithLei('Acme Corporation', 'LEI1'), write);
        clock.advance(1000);
        const delta = await graph.apply(organizationWithLei('Acme', 'LEI1'), { source: RDAP });
        const changes = await graph.changesSince(delta.seq - 1);
        expect(changes.merged).toEqual([
          { from: 'Organization:acme', into: 'Organization:acme corporation' },
        ]);
        expect(changes.entities.map((entity) => entity.id)).toContain('Organization:acme corporation');
      });

      it('shares one sequence between two stores writing one case', async () => {
        const caseName = randomUUID();
        const one = await openGraph(createFakeClock(), caseName);
        const two = await openGraph(createFakeClock(), caseName);
        expect((await one.apply(organizationWithLei('Acme', 'LEI1'), write)).seq).toBe(1);
        expect((await two.apply(organizationWithLei('Beta', 'LEI2'), write)).seq).toBe(2);
        expect((await one.apply(organizationWithLei('Gamma', 'LEI3'), write)).seq).toBe(3);
        expect((await two.snapshot()).entities).toHaveLength(6);
      });

      it('follows a merge made by another store on the same case', async () => {
        const caseName = randomUUID();
        const clock = createFakeClock();
        const one = await openGraph(clock, caseName);
        const two = await openGraph(clock, caseName);
        await one.apply(organizationWithLei('Acme Corporation', 'LEI1'), write);
        clock.advance(1000);
        await two.apply(organizationWithLei('Acme', 'LEI1'), write);
        const builder = new FindingsBuilder();
        builder.entity('Organization', { unique_id: 'acme', name: 'Acme', industry: 'Widgets' });
        await one.apply(builder.build(), write);
        expect(await one.findEntity('Organization:acme')).toBeUndefined();
        expect(await one.resolveId('Organization:acme')).toBe('Organization:acme corporation');
      });
    });

    describe('declared merge rules', () => {
      it('keeps organizations sharing an LEI apart when no rule is declared', async () => {
        const clock = createFakeClock();
        const graph = await openGraph(clock, randomUUID(), []);
        await graph.apply(organizationWithLei('Acme Corporation', 'LEI1'), write);
        clock.advance(1000);
        const delta = await graph.apply(organizationWithLei('Acme', 'LEI1'), write);
        expect(delta.merged).toEqual([]);
        expect((await graph.stats()).entitiesByType.Organization).toBe(2);
      });

      it('merges by a rule on any entity type the rule names', async () => {
        const clock = createFakeClock();
        const rule: MergeRule = {
          name: 'test/same-email',
          entityType: 'Person',
          relation: 'id',
          keyType: 'Identifier',
          keyFields: { id_type: 'email' },
        };
        const graph = await openGraph(clock, randomUUID(), [rule]);
        for (const name of ['Jane Doe', 'J. Doe']) {
          const builder = new FindingsBuilder();
          const person = builder.entity('Person', { unique_id: name.toLowerCase(), full_name: name });
          const email = builder.entity('Identifier', {
            unique_id: 'email:jane@example.com',
            id: 'jane@example.com',
            id_type: 'email',
          });
          builder.edge(person, 'id', email);
          await graph.apply(builder.build(), write);
          clock.advance(1000);
        }
        expect(await graph.resolveId('Person:j. doe')).toBe('Person:jane doe');
      });
    });

    it('closes more than once without an error', async () => {
      const graph = await openGraph();
      await graph.close();
      await expect(graph.close()).resolves.toBeUndefined();
    });
  });
}
