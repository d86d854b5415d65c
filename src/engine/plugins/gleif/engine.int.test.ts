import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import {
  createGleifEngineHarness,
  seedOf,
  type GleifEngineHarness,
} from '../../../../test/harness/gleif-engine';

const FIXTURES = path.join(repositoryRoot, 'test', 'fixtures', 'gleif');
const TRADERS_ORG = 'Organization:northwind traders inc';
const TRADERS_LEI = 'Identifier:lei:984500nwtraders00003';
const EUROPE_ORG = 'Organization:northwind traders europe limited';

let harness: GleifEngineHarness | undefined;

async function start(rateLimit?: { requests: number; intervalMs: number }): Promise<GleifEngineHarness> {
  harness = await createGleifEngineHarness({ fixturesDir: FIXTURES, ...(rateLimit ? { rateLimit } : {}) });
  return harness;
}

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('LEI registry plugin through the engine (synthetic registry)', () => {
  it('enriches an organization seed into its LEI, parent and children', async () => {
    const h = await start();
    const progress = await h.run([seedOf('Organization=Northwind Traders Inc')]);
    expect(progress.failures).toEqual([]);
    expect(h.neighbours(TRADERS_ORG, 'id')).toContain(TRADERS_LEI);
    expect(h.neighbours(TRADERS_ORG, 'subsidiary', 'in')).toEqual(['Organization:northwind holdings plc']);
    expect(h.neighbours(TRADERS_ORG, 'subsidiary')).toHaveLength(5);
    expect(h.neighbours(TRADERS_ORG, 'legal_address')).toEqual([
      'Location:1 harbor row suite 400 wilmington de 19801 us',
    ]);
  });

  it('attributes every edge to GLEIF with confidence 100', async () => {
    const h = await start();
    await h.run([seedOf('Organization=Northwind Traders Inc')]);
    const edges = h.openCase.graph.exportJson().edges;
    expect(edges.length).toBeGreaterThan(20);
    for (const edge of edges) {
      expect(edge.sources).toMatchObject([{ name: 'GLEIF', confidence: 100 }]);
    }
  });

  it('makes no registry request and keeps the same graph when the seed runs again within the TTL', async () => {
    const h = await start();
    await h.run([seedOf('Organization=Northwind Traders Inc')]);
    const first = h.facts();
    const requestsBefore = h.server.apiRequests().length;
    const progress = await h.run([seedOf('Organization=Northwind Traders Inc')]);
    expect(h.server.apiRequests()).toHaveLength(requestsBefore);
    expect(progress.requestsBySource.GLEIF ?? 0).toBe(0);
    expect(progress.cacheHits).toBeGreaterThan(0);
    expect(h.facts()).toEqual(first);
  });

  it('does not fetch again the record of a child the registry confirmed within the TTL', async () => {
    const h = await start();
    await h.run([seedOf('Identifier=lei:984500NWTRADERS00003')], { depth: 2 });
    const recordFetches = h.server
      .apiRequests()
      .filter((request) => /^\/api\/v1\/lei-records\/[A-Z0-9]{20}$/.test(request.path));
    const fetchedLeis = recordFetches.map((request) => request.path.split('/').pop());
    expect(new Set(fetchedLeis).size).toBe(fetchedLeis.length);
  });

  it('queries the registry again when the run asks for a refresh', async () => {
    const h = await start();
    await h.run([seedOf('Organization=Northwind Traders Inc')], { depth: 1 });
    const requestsBefore = h.server.apiRequests().length;
    await h.run([seedOf('Organization=Northwind Traders Inc')], { depth: 1, refresh: true });
    expect(h.server.apiRequests().length).toBeGreaterThan(requestsBefore);
  });

  it('never sends two registry requests closer than 3 s of the engine clock, at the default limit', async () => {
    harness = await createGleifEngineHarness({
      fixturesDir: FIXTURES,
      rateLimit: { requests: 1, intervalMs: 3000 },
      fakeClock: true,
    });
    // An LEI seed at depth 0 sends its requests one after another (record, parent, three pages),
    // so each arrival is stamped at the engine time it was sent.
    await harness.run([seedOf('Identifier=lei:984500NWTRADERS00003')], { depth: 0 });
    const times = harness.server.apiArrivals();
    expect(times).toHaveLength(5);
    const gaps = times.slice(1).map((at, index) => at - (times[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(3000);
  });

  it('spaces real requests by the lowered interval of the test configuration', async () => {
    const interval = 200;
    const h = await start({ requests: 1, intervalMs: interval });
    // Depth 2: search, record, parent and children pages, then the parent's family, all sharing
    // the one limiter.
    await h.run([seedOf('Organization=Northwind Traders Inc')]);
    const times = h.server.apiRequests().map((request) => request.at);
    expect(times.length).toBeGreaterThanOrEqual(6);
    const elapsed = (times.at(-1) ?? 0) - (times[0] ?? 0);
    // n requests need at least (n - 1) intervals; arrival jitter is a few ms of connection setup.
    expect(elapsed).toBeGreaterThanOrEqual((times.length - 1) * interval - 25);
  });

  it('gives a lapsed registration status LAPSED while the entity stays active', async () => {
    const h = await start();
    await h.run([seedOf('Identifier=lei:984500NWCHILD0000394')], { depth: 0 });
    const lei = h.openCase.graph.findEntity('Identifier:lei:984500nwchild0000394');
    expect(lei?.asset).toMatchObject({ status: 'LAPSED' });
    expect(h.openCase.graph.findEntity('Organization:northwind payments llc')?.asset).toMatchObject({
      active: true,
    });
  });

  it('folds a child found later under another spelling into it once the evidence identifies it', async () => {
    const h = await start();
    await h.run([seedOf('Organization=Northwind Traders Inc')], { depth: 1 });
    expect(h.openCase.graph.findEntity(EUROPE_ORG)).toBeDefined();
    const organizationsBefore = h.openCase.graph.stats().entitiesByType.Organization ?? 0;
    // Another spelling: "Ltd." for the registry's "LIMITED", the same name once folded. The
    // evidence identifies the child (issue 22), so the same-LEI rule makes one Organization.
    const progress = await h.run([seedOf('Organization=Northwind Traders (Europe) Ltd.')], { depth: 0 });
    expect(progress.failures).toEqual([]);
    expect(h.openCase.graph.stats().entitiesByType.Organization).toBe(organizationsBefore);
    const pending = h.openCase.graph.snapshot().edges.filter((edge) => edge.properties.review === 'pending');
    expect(pending).toEqual([]);
    expect(h.neighbours(TRADERS_ORG, 'subsidiary')).toContain(EUROPE_ORG);
  });
});
