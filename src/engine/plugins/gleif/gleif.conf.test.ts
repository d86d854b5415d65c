import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, fixturesDir, haveFixtures } from '../../../../test/support/fixtures-dir';
import { extractBrandName } from '../../support/brand';
import { nameMatch } from '../../support/name-match';
import { smithWatermanGotoh } from '../../support/similarity';
import {
  createGleifEngineHarness,
  seedOf,
  type GleifEngineHarness,
} from '../../../../test/harness/gleif-engine';
import { FuzzyCompletionsReply, fuzzyCandidatesOf, type FuzzyCandidate } from './wire';
import { scoreCandidates, selectCandidate } from './scoring';

const MICROSOFT = 'Organization:microsoft corporation';
const MICROSOFT_LEI = 'Identifier:lei:inr2ejn1eran0w5zp974';

let harness: GleifEngineHarness | undefined;

async function start(): Promise<GleifEngineHarness> {
  // The real 1 request / 3 s limit, on an engine clock that advances instead of sleeping.
  harness = await createGleifEngineHarness({
    fixturesDir: fixturesDir(),
    rateLimit: { requests: 1, intervalMs: 3000 },
    fakeClock: true,
  });
  return harness;
}

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe.skipIf(!haveFixtures())('LEI registry plugin against the recorded registry replies', () => {
  it('finds Microsoft Corporation by its exact legal name and links its LEI', async () => {
    const h = await start();
    const progress = await h.run([seedOf('Organization=Microsoft Corporation')], { depth: 1 });
    expect(progress.failures).toEqual([]);
    const lei = h.openCase.graph
      .outgoing(MICROSOFT, { relations: ['id'] })
      .find((n) => n.entity.id === MICROSOFT_LEI);
    expect(lei?.edge.properties).toEqual({ score: 60, match_type: 'exact' });
    expect(lei?.entity.asset).toMatchObject({
      id: 'INR2EJN1ERAN0W5ZP974',
      status: 'ISSUED',
      creation_date: '2012-06-06T15:55:00Z',
      update_date: '2025-03-28T08:58:24Z',
      expiration_date: '2026-05-04T00:00:00Z',
    });
    expect(h.openCase.graph.findEntity(MICROSOFT)?.asset).toEqual({
      unique_id: 'microsoft corporation',
      name: 'Microsoft Corporation',
      legal_name: 'microsoft corporation',
      founding_date: '1993-09-22T00:00:00Z',
      jurisdiction: 'US-WA',
      registration_id: '600 413 485',
      active: true,
    });
  });

  it('leaves the recorded partial match for Puma as a pending candidate, without its record or family', async () => {
    const h = await start();
    const progress = await h.run([seedOf('Organization=Puma')]);
    expect(progress.failures).toEqual([]);
    const puma = 'Organization:puma';
    const leis = h.openCase.graph
      .outgoing(puma, { relations: ['id'] })
      .filter((n) => n.entity.type === 'Identifier' && n.entity.asset.id_type === 'lei');
    // A brand typed alone: ranked alternatives, PUMA SE first (the same name, and the parent of
    // other candidates), each pending with its evidence; at most five.
    leis.sort((a, b) => Number(a.edge.properties.rank) - Number(b.edge.properties.rank));
    expect(leis.length).toBeGreaterThan(1);
    expect(leis.length).toBeLessThanOrEqual(5);
    expect(leis[0]?.entity.id).toBe('Identifier:lei:529900grz2bqy5zm9n49');
    expect(leis[0]?.edge.properties).toMatchObject({
      review: 'pending',
      match_type: 'partial',
      score: 30,
      rank: 1,
    });
    expect(leis[0]?.edge.properties.evidence).toMatch(/\+ same name.*\+ parent of \d+ other candidates?/u);
    for (const { edge } of leis) {
      expect(edge.properties.review).toBe('pending');
    }
    expect(h.openCase.graph.findEntity(puma)?.asset).toEqual({ unique_id: 'puma', name: 'Puma' });
    const family = h.openCase.graph.snapshot().edges.filter((edge) => edge.relation === 'subsidiary');
    expect(family).toEqual([]);
  });

  it("reads Microsoft's 12 children over the three pages of the bare direct-children URL", async () => {
    const h = await start();
    await h.run([seedOf('Organization=Microsoft Corporation')], { depth: 1 });
    const children = h.neighbours(MICROSOFT, 'subsidiary');
    expect(children).toEqual([
      'Organization:github inc',
      'Organization:metaswitch networks ltd',
      'Organization:microsoft corporation india private limited',
      'Organization:microsoft datacenter australia pty limited',
      'Organization:microsoft global services center india private limited',
      'Organization:microsoft ireland operations limited',
      'Organization:microsoft regional sales pte ltd',
      'Organization:microsoft research lab india private limited',
      'Organization:microsoft round island one',
      'Organization:mol corporation',
      'Organization:nokia india sales private limited',
      'Organization:微软 中国 有限公司',
    ]);
    const pages = h.server.apiRequests().filter((request) => request.path.endsWith('/direct-children'));
    expect(pages.map((request) => request.query.get('page[number]'))).toEqual([null, '2', '3']);
    expect(h.neighbours(MICROSOFT, 'subsidiary', 'in')).toEqual([]);
  });

  it("stores Microsoft's addresses and identifiers", async () => {
    const h = await start();
    await h.run([seedOf('Organization=Microsoft Corporation')], { depth: 1 });
    expect(h.neighbours(MICROSOFT, 'legal_address')).toEqual([
      'Location:300 deschutes way sw ste 208 mc csc1 tumwater wa 98501 us',
    ]);
    expect(h.neighbours(MICROSOFT, 'hq_address')).toEqual([
      'Location:one microsoft way redmond wa 98052 8300 us',
    ]);
    const hq = h.openCase.graph.findEntity('Location:one microsoft way redmond wa 98052 8300 us');
    expect(hq?.asset).toMatchObject({
      city: 'REDMOND',
      province: 'WA',
      postal_code: '98052-8300',
      country: 'US',
    });
    expect(h.neighbours(MICROSOFT, 'id')).toEqual([
      'Identifier:bic:msftus66xxx',
      'Identifier:legal_name:microsoft corporation',
      MICROSOFT_LEI,
      'Identifier:ocid:us_wa/600413485',
      'Identifier:spglobal:21835',
    ]);
  });

  it("takes a child's city, province and postal code from the record's own address fields", async () => {
    const h = await start();
    await h.run([seedOf('Organization=Microsoft Corporation')], { depth: 1 });
    const australia = 'Organization:microsoft datacenter australia pty limited';
    const key = 'Location:1 denison street north sydney new south wales north sydney nsw 2060 au';
    expect(h.neighbours(australia, 'legal_address')).toEqual([key]);
    expect(h.openCase.graph.findEntity(key)?.asset).toMatchObject({
      city: 'North Sydney',
      province: 'NSW',
      postal_code: '2060',
      country: 'AU',
    });
  });

  it('makes no registry request on a second run within the TTL and gives the same graph', async () => {
    const h = await start();
    await h.run([seedOf('Organization=Microsoft Corporation')]);
    const first = h.facts();
    const before = h.server.apiRequests().length;
    const progress = await h.run([seedOf('Organization=Microsoft Corporation')]);
    expect(h.server.apiRequests()).toHaveLength(before);
    expect(progress.requestsBySource.GLEIF ?? 0).toBe(0);
    expect(h.facts()).toEqual(first);
  });

  it("gives GitHub's parent as Microsoft", async () => {
    const h = await start();
    const progress = await h.run([seedOf('Organization=GitHub Inc')], { depth: 1 });
    expect(progress.failures).toEqual([]);
    expect(h.neighbours('Organization:github inc', 'id')).toContain('Identifier:lei:6354003lmzzakopxlx69');
    expect(h.neighbours('Organization:github inc', 'subsidiary', 'in')).toEqual([MICROSOFT]);
    expect(h.neighbours(MICROSOFT, 'id')).toContain(MICROSOFT_LEI);
  });

  it("gives Apple Energy's parent as Apple from an LEI seed", async () => {
    const h = await start();
    const progress = await h.run([seedOf('Identifier=lei:549300YX4S1LLSMK2627')], { depth: 0 });
    expect(progress.failures).toEqual([]);
    expect(h.neighbours('Identifier:lei:549300yx4s1llsmk2627', 'id', 'in')).toEqual([
      'Organization:apple energy llc',
    ]);
    expect(h.neighbours('Organization:apple energy llc', 'subsidiary', 'in')).toEqual([
      'Organization:apple inc',
    ]);
    expect(h.neighbours('Organization:apple inc', 'id')).toContain('Identifier:lei:hwupkr0mpou8fgxbt394');
    expect(h.neighbours('Organization:apple inc', 'id')).toContain(
      'Identifier:org_name:apple computer, inc.',
    );
    expect(h.neighbours('Organization:apple energy llc', 'subsidiary')).toEqual([]);
  });

  it.each([['335800CCCPHKUOXPC332'], ['549300LBI3LRIZ2V8V66']])(
    'gives lapsed registration %s the status LAPSED and keeps the entity active',
    async (code) => {
      const h = await start();
      await h.run([seedOf(`Identifier=lei:${code}`)], { depth: 0 });
      const leiId = `Identifier:lei:${code.toLowerCase()}`;
      expect(h.openCase.graph.findEntity(leiId)?.asset).toMatchObject({ status: 'LAPSED' });
      const [orgId] = h.neighbours(leiId, 'id', 'in');
      expect(h.openCase.graph.findEntity(orgId ?? '')?.asset).toMatchObject({ active: true });
    },
  );

  it('keeps GitHub found first as a child and later as a search result as one node', async () => {
    const h = await start();
    await h.run([seedOf('Organization=Microsoft Corporation')], { depth: 1 });
    const organizations = h.openCase.graph.stats().entitiesByType.Organization;
    await h.run([seedOf('Organization=GitHub, Inc.')], { depth: 0 });
    expect(h.openCase.graph.stats().entitiesByType.Organization).toBe(organizations);
    expect(h.neighbours('Identifier:lei:6354003lmzzakopxlx69', 'id', 'in')).toEqual([
      'Organization:github inc',
    ]);
  });

  it("keeps Shell's first 15 children when the next page is not available, and records the failure", async () => {
    const h = await start();
    const progress = await h.run([seedOf('Identifier=lei:21380068P1DRHMJ8KU70')], { depth: 0 });
    expect(h.neighbours('Organization:shell plc', 'subsidiary')).toHaveLength(15);
    expect(progress.failures.map((failure) => [failure.code, failure.source])).toEqual([
      ['not_found', 'GLEIF'],
    ]);
  });

  it('never sends two registry requests within 3 s of engine time', async () => {
    const h = await start();
    await h.run([seedOf('Identifier=lei:INR2EJN1ERAN0W5ZP974')], { depth: 0 });
    const times = h.server.apiArrivals();
    expect(times).toHaveLength(5);
    const gaps = times.slice(1).map((at, index) => at - (times[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(3000);
  });
});

describe.skipIf(!haveFixtures())(
  'candidate scoring on the recorded Microsoft search reply (golden table)',
  () => {
    // Read in beforeAll, not while collecting: a skipped block's body still runs at collection.
    let candidates: FuzzyCandidate[] = [];
    beforeAll(() => {
      const reply = JSON.parse(
        readFileSync(
          fixturePath('gleif', 'microsoft', 'fuzzycompletions_entity.legalName_microsoft.json'),
          'utf8',
        ),
      ) as unknown;
      candidates = fuzzyCandidatesOf(FuzzyCompletionsReply.parse(reply));
    });

    const scoreFor = (organizationName: string): [string, string, number][] => {
      const { exact, partial } = nameMatch(
        [organizationName],
        candidates.map((candidate) => candidate.name),
      );
      return scoreCandidates({
        organizationName,
        brand: extractBrandName(organizationName),
        candidates,
        exact,
        partial,
        similarity: smithWatermanGotoh,
      }).map((candidate) => [candidate.name, candidate.matchType, candidate.baseScore]);
    };

    it('scores Microsoft Corporation: the single exact name beats the equal partial one', () => {
      expect(scoreFor('Microsoft Corporation')).toEqual([
        ['MICROSOFT CORPORATION', 'exact', 60],
        ['MICROSOFT CORPORATION (INDIA) PRIVATE LIMITED', 'partial', 60],
      ]);
    });

    it('selects the exact Microsoft Corporation record', () => {
      const { exact, partial } = nameMatch(
        ['Microsoft Corporation'],
        candidates.map((candidate) => candidate.name),
      );
      const selection = selectCandidate(
        scoreCandidates({
          organizationName: 'Microsoft Corporation',
          brand: 'Microsoft Corporation',
          candidates,
          exact,
          partial,
          similarity: smithWatermanGotoh,
        }),
      );
      expect(selection).toMatchObject({
        candidate: { lei: 'INR2EJN1ERAN0W5ZP974', matchType: 'exact' },
        score: 60,
      });
    });

    it('scores Microsoft alone: every candidate containing the brand is a partial match', () => {
      const table = scoreFor('Microsoft');
      expect(table.every(([, matchType]) => matchType === 'partial')).toBe(true);
      expect(table.map(([name]) => name)).toEqual(candidates.map((candidate) => candidate.name));
      expect(table.every(([, , score]) => score === 30)).toBe(true);
    });
  },
);
