import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGleifServer, type FakeGleifServer } from '../../../../test/fakes/gleif-server';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import { entityIdOf, type EntityId, type TypedAsset } from '../../../shared/model/asset';
import { normalizeOrganizationName } from '../../../shared/model/seed';
import type { HandlerFailure } from '../../../shared/model/session';
import { DEFAULT_CONFIG, type AppConfig } from '../../config/config';
import { createMemoryCredentialStore } from '../../credentials/credential-store';
import { openCaseGraph, type SqliteCaseGraph } from '../../graph/case-file';
import { createHttpClient } from '../../net/http-client';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { createHandlerRegistry, type RegisteredHandler } from '../../core/registry';
import { runHandler, type HandlerOutcome } from '../../core/run-handler';
import { gleifPlugin } from './plugin';
import type { GleifResources } from './client';

const FIXTURES = path.join(repositoryRoot, 'test', 'fixtures', 'gleif');
const TRADERS = '984500NWTRADERS00003';
const HOLDINGS = '984500NWHOLDING00028';

interface Harness {
  server: FakeGleifServer;
  graph: SqliteCaseGraph;
  failures: HandlerFailure[];
  seed(item: TypedAsset): EntityId;
  run(handlerName: string, entityId: EntityId, options?: { refresh?: boolean }): Promise<HandlerOutcome>;
}

let harness: Harness;

async function createHarness(
  overrides: { timeoutMs?: number; autoAccept?: GleifResources['autoAccept'] } = {},
): Promise<Harness> {
  const server = await startFakeGleifServer({ fixturesDir: FIXTURES });
  const config: AppConfig = {
    ...DEFAULT_CONFIG,
    sources: {
      ...DEFAULT_CONFIG.sources,
      gleif: {
        ...DEFAULT_CONFIG.sources.gleif,
        baseUrl: server.url,
        rateLimit: { requests: 1, intervalMs: 1 },
      },
    },
    http: { ...DEFAULT_CONFIG.http, timeoutMs: overrides.timeoutMs ?? 5000 },
  };
  const http = createHttpClient({
    source: 'GLEIF',
    baseUrl: server.url,
    rateLimit: config.sources.gleif.rateLimit,
    http: config.http,
    clock: systemClock,
    credentials: createMemoryCredentialStore(),
    logger: silentLogger,
  });
  const resources: GleifResources = {
    http,
    baseUrl: server.url,
    autoAccept: overrides.autoAccept ?? config.sources.gleif.autoAccept,
  };
  const graph = openCaseGraph(':memory:');
  const registry = createHandlerRegistry([gleifPlugin]);
  const failures: HandlerFailure[] = [];
  const handlerNamed = (name: string): RegisteredHandler => {
    const found = registry.handlers().find((registered) => registered.handler.name === name);
    if (found === undefined) {
      throw new Error(`no handler ${name}`);
    }
    return found;
  };
  return {
    server,
    graph,
    failures,
    seed: (item) => {
      graph.applyNow(
        { entities: [item], edges: [], dispatch: [] },
        { source: { name: 'seed', confidence: 100 } },
      );
      return entityIdOf(item.type, item.asset as never);
    },
    run: (handlerName, entityId, options = {}) =>
      runHandler({
        registered: handlerNamed(handlerName),
        entityId,
        graph,
        config,
        now: Date.now(),
        refresh: options.refresh ?? false,
        signal: new AbortController().signal,
        resources,
        logger: silentLogger,
        onFailure: (failure) => failures.push(failure),
        onSourceNeedingKey: () => undefined,
      }),
  };
}

const organization = (name: string): TypedAsset => ({
  type: 'Organization',
  asset: { unique_id: normalizeOrganizationName(name), name },
});
const leiSeed = (lei: string): TypedAsset => ({
  type: 'Identifier',
  asset: { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' },
});

function edgesFrom(graph: SqliteCaseGraph, id: EntityId, relation: string): string[] {
  return graph
    .outgoing(id, { relations: [relation] })
    .map((neighbour) => neighbour.entity.id)
    .sort();
}

beforeEach(async () => {
  harness = await createHarness();
});

afterEach(async () => {
  void harness.graph.close();
  await harness.server.close();
});

describe('fuzzyCompletions handler', () => {
  it('links the exactly matching search result with its score and match type', async () => {
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    const outcome = await harness.run('gleif/fuzzy-completions', orgId);
    expect(outcome).toEqual({
      kind: 'completed',
      cacheHit: false,
      dispatch: [`Identifier:lei:${TRADERS.toLowerCase()}`],
    });
    const [idEdge] = harness.graph
      .outgoing(orgId, { relations: ['id'] })
      .filter((neighbour) => neighbour.entity.id.startsWith('Identifier:lei:'));
    expect(idEdge?.edge.properties).toEqual({ score: 60, match_type: 'exact' });
    expect(idEdge?.edge.sources.map(({ name, confidence }) => ({ name, confidence }))).toEqual([
      { name: 'GLEIF', confidence: 100 },
    ]);
    expect(idEdge?.entity.asset).toMatchObject({
      id: TRADERS,
      id_type: 'lei',
      status: 'ISSUED',
      creation_date: '2014-05-06T10:00:00Z',
      update_date: '2024-11-12T08:30:00Z',
      expiration_date: '2025-11-12T00:00:00Z',
    });
  });

  it('asks the registry for the brand name and fetches only the winning record', async () => {
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    await harness.run('gleif/fuzzy-completions', orgId);
    expect(harness.server.apiRequests().map((request) => request.url)).toEqual([
      '/api/v1/fuzzycompletions?field=entity.legalName&q=Northwind+Traders',
      `/api/v1/lei-records/${TRADERS}`,
    ]);
  });

  it('writes the Organization fields, identifiers and addresses of the record', async () => {
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    await harness.run('gleif/fuzzy-completions', orgId);
    expect(harness.graph.findEntity(orgId)?.asset).toEqual({
      unique_id: 'northwind traders inc',
      name: 'Northwind Traders Inc',
      legal_name: 'northwind traders inc',
      founding_date: '2001-02-03T00:00:00Z',
      jurisdiction: 'US-DE',
      registration_id: '4455667',
      active: true,
    });
    expect(edgesFrom(harness.graph, orgId, 'id')).toEqual([
      'Identifier:bic:nwtrus33xxx',
      'Identifier:legal_name:northwind traders inc',
      `Identifier:lei:${TRADERS.toLowerCase()}`,
      'Identifier:mic:xnwt',
      'Identifier:ocid:us_de/4455667',
      'Identifier:org_name:northwind',
      'Identifier:spglobal:99887766',
    ]);
    const legal = harness.graph.outgoing(orgId, { relations: ['legal_address'] });
    expect(legal.map((neighbour) => neighbour.entity.asset)).toEqual([
      expect.objectContaining({
        address: '1 HARBOR ROW SUITE 400 WILMINGTON DE 19801 US',
        postal_code: '19801',
      }),
    ]);
    expect(harness.graph.outgoing(orgId, { relations: ['hq_address'] })).toHaveLength(1);
    expect(harness.graph.outgoing(orgId, { relations: ['location'] })).toHaveLength(1);
  });

  it('serves a second event within the TTL from the graph without a request', async () => {
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    await harness.run('gleif/fuzzy-completions', orgId);
    const before = harness.server.apiRequests().length;
    const outcome = await harness.run('gleif/fuzzy-completions', orgId);
    expect(outcome).toEqual({
      kind: 'completed',
      cacheHit: true,
      dispatch: [`Identifier:lei:${TRADERS.toLowerCase()}`],
    });
    expect(harness.server.apiRequests()).toHaveLength(before);
  });

  it('queries again when asked to refresh, fetching the LEI it already holds, keeping how it matched', async () => {
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    await harness.run('gleif/fuzzy-completions', orgId);
    const matched = harness.graph
      .outgoing(orgId, { relations: ['id'] })
      .find((neighbour) => neighbour.entity.id.startsWith('Identifier:lei:'))?.edge.properties;
    expect(matched?.match_type).toBe('exact');
    const before = harness.server.apiRequests().length;
    await harness.run('gleif/fuzzy-completions', orgId, { refresh: true });
    expect(
      harness.server
        .apiRequests()
        .slice(before)
        .map((request) => request.path),
    ).toEqual([`/api/v1/lei-records/${TRADERS}`]);
    const [idEdge] = harness.graph
      .outgoing(orgId, { relations: ['id'] })
      .filter((neighbour) => neighbour.entity.id.startsWith('Identifier:lei:'));
    // A refresh asks the registry again; how the match was made does not change (docs/changes.md).
    expect(idEdge?.edge.properties).toEqual(matched);
  });

  it('under the confirmed rule, fetches candidate records first when the organization has a postal code, and adds 40 for a match', async () => {
    await harness.graph.close();
    await harness.server.close();
    harness = await createHarness({ autoAccept: 'confirmed' });
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    const location = { address: '12 Canal Quay Dublin d02x285 IE', city: 'Dublin', postal_code: 'd02x285' };
    harness.graph.applyNow(
      {
        entities: [{ type: 'Location', asset: location }],
        edges: [{ from: orgId, relation: 'location', to: entityIdOf('Location', location) }],
        dispatch: [],
      },
      { source: { name: 'seed', confidence: 100 } },
    );
    const outcome = await harness.run('gleif/fuzzy-completions', orgId);
    // The European company shares the (normalised) postal code: its partial score plus 40 beats
    // the exact name's 60. Its record was fetched for the comparison and is not fetched again.
    expect(outcome).toMatchObject({ kind: 'completed', dispatch: ['Identifier:lei:984500nwchild0000103'] });
    const [idEdge] = harness.graph
      .outgoing(orgId, { relations: ['id'] })
      .filter((neighbour) => neighbour.entity.id.startsWith('Identifier:lei:'));
    expect(idEdge?.edge.properties.match_type).toBe('partial');
    expect(idEdge?.edge.properties.score).toBeGreaterThan(60);
    // Confirmed by location, so it applies without review.
    expect(idEdge?.edge.properties).not.toHaveProperty('review');
    expect(harness.server.apiRequests().map((request) => request.path)).toEqual([
      '/api/v1/fuzzycompletions',
      `/api/v1/lei-records/${TRADERS}`,
      '/api/v1/lei-records/984500NWCHILD0000103',
    ]);
  });

  it('holds the same name for review when the postal code points at another candidate', async () => {
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    const location = { address: '12 Canal Quay Dublin d02x285 IE', city: 'Dublin', postal_code: 'd02x285' };
    harness.graph.applyNow(
      {
        entities: [{ type: 'Location', asset: location }],
        edges: [{ from: orgId, relation: 'location', to: entityIdOf('Location', location) }],
        dispatch: [],
      },
      { source: { name: 'seed', confidence: 100 } },
    );
    expect(await harness.run('gleif/fuzzy-completions', orgId)).toMatchObject({ dispatch: [] });
    const pending = harness.graph
      .outgoing(orgId, { relations: ['id'] })
      .map(({ entity, edge }) => [entity.id, edge.properties.review, edge.properties.evidence]);
    expect(pending).toContainEqual([
      'Identifier:lei:984500nwchild0000103',
      'pending',
      expect.stringContaining('+ postal code D02 X285 matches'),
    ]);
    expect(pending).toContainEqual([
      `Identifier:lei:${TRADERS.toLowerCase()}`,
      'pending',
      expect.stringContaining('+ legal form Inc = '),
    ]);
  });

  it('accepts the same name whose legal form agrees when nothing contradicts it', async () => {
    const orgId = harness.seed(organization('Northwind Traders Incorporated'));
    const outcome = await harness.run('gleif/fuzzy-completions', orgId);
    expect(outcome).toMatchObject({
      dispatch: [`Identifier:lei:${TRADERS.toLowerCase()}`],
    });
    const [idEdge] = harness.graph
      .outgoing(orgId, { relations: ['id'] })
      .filter((neighbour) => neighbour.entity.id.startsWith('Identifier:lei:'));
    // The spec's score and match type, unchanged: the name is not equal as the spec compares.
    expect(idEdge?.edge.properties).toMatchObject({ match_type: 'partial' });
    expect(idEdge?.edge.properties).not.toHaveProperty('review');
  });

  it('stores a partial match without a location match as a pending candidate and dispatches nothing', async () => {
    // The search for the brand "Northwind" answers names that only contain it.
    const reply = readFileSync(
      path.join(FIXTURES, 'fuzzycompletions_entity.legalName_northwind-traders.json'),
      'utf8',
    );
    harness.server.setOverride((request) =>
      request.path === '/api/v1/fuzzycompletions'
        ? { status: 200, headers: { 'content-type': 'application/vnd.api+json' }, body: reply }
        : undefined,
    );
    const orgId = harness.seed(organization('Northwind'));
    expect(await harness.run('gleif/fuzzy-completions', orgId)).toMatchObject({
      kind: 'completed',
      dispatch: [],
    });
    const leis = harness.graph
      .outgoing(orgId, { relations: ['id'] })
      .filter((neighbour) => neighbour.entity.id.startsWith('Identifier:lei:'))
      .sort((a, b) => Number(a.edge.properties.rank) - Number(b.edge.properties.rank));
    // Every candidate that carries the brand, ranked; none is the best alone: all await review.
    expect(leis.map(({ edge }) => edge.properties.rank)).toEqual([1, 2, 3]);
    for (const { edge } of leis) {
      expect(edge.properties).toMatchObject({ review: 'pending', match_type: 'partial' });
      expect(edge.properties.evidence).toContain('registry name says more');
    }
    expect(harness.graph.outgoing(orgId, { relations: ['legal_address', 'hq_address'] })).toEqual([]);

    // Within the TTL the candidate awaiting review is the answer: no request is spent on it.
    const before = harness.server.apiRequests().length;
    expect(await harness.run('gleif/fuzzy-completions', orgId)).toMatchObject({
      kind: 'completed',
      dispatch: [],
    });
    expect(harness.server.apiRequests()).toHaveLength(before);
  });

  it('gives an empty result list no LEI and no failure', async () => {
    const orgId = harness.seed(organization('Unheard Of Widgets Ltd'));
    const outcome = await harness.run('gleif/fuzzy-completions', orgId);
    expect(outcome).toEqual({ kind: 'completed', cacheHit: false, dispatch: [] });
    expect(harness.failures).toEqual([]);
    expect(harness.graph.outgoing(orgId)).toEqual([]);
  });

  it('stores a record with missing sections as far as it goes', async () => {
    const orgId = harness.seed(organization('Bare Minimum SA'));
    const outcome = await harness.run('gleif/fuzzy-completions', orgId);
    expect(outcome).toMatchObject({ kind: 'completed', dispatch: ['Identifier:lei:984500bareminim00035'] });
    expect(harness.graph.findEntity(orgId)?.asset).toEqual({
      unique_id: 'bare minimum sa',
      name: 'Bare Minimum SA',
      legal_name: 'bare minimum sa',
    });
    expect(harness.graph.outgoing(orgId, { relations: ['legal_address', 'hq_address', 'location'] })).toEqual(
      [],
    );
  });

  it('records malformed JSON as a failure and writes nothing', async () => {
    harness.server.setOverride(() => ({
      status: 200,
      headers: { 'content-type': 'application/vnd.api+json' },
      body: '{"data":[',
    }));
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    expect(await harness.run('gleif/fuzzy-completions', orgId)).toEqual({
      kind: 'failed',
      code: 'malformed_body',
    });
    expect(harness.failures.map((failure) => [failure.code, failure.source])).toEqual([
      ['malformed_body', 'GLEIF'],
    ]);
    expect(harness.graph.outgoing(orgId)).toEqual([]);
  });

  it('records an HTTP 500 as a failure', async () => {
    harness.server.setOverride(() => ({ status: 500, body: 'oops' }));
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    expect(await harness.run('gleif/fuzzy-completions', orgId)).toEqual({
      kind: 'failed',
      code: 'http_status',
    });
    expect(harness.failures[0]).toMatchObject({ code: 'http_status', handler: 'gleif/fuzzy-completions' });
  });

  it('retries after an HTTP 429 and then succeeds', async () => {
    let throttled = 0;
    harness.server.setOverride(() => {
      if (throttled < 1) {
        throttled += 1;
        return { status: 429, headers: { 'retry-after': '0' }, body: '' };
      }
      return undefined;
    });
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    const outcome = await harness.run('gleif/fuzzy-completions', orgId);
    expect(outcome).toMatchObject({
      kind: 'completed',
      dispatch: [`Identifier:lei:${TRADERS.toLowerCase()}`],
    });
    expect(harness.failures).toEqual([]);
  });

  it('records a reply that never comes as a timeout', async () => {
    void harness.graph.close();
    await harness.server.close();
    harness = await createHarness({ timeoutMs: 200 });
    harness.server.setOverride(() => ({ delayMs: 1000, body: { data: [] } }));
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    expect(await harness.run('gleif/fuzzy-completions', orgId)).toEqual({ kind: 'failed', code: 'timeout' });
    expect(harness.failures[0]?.code).toBe('timeout');
  });

  it('never links a record whose LEI differs from the one asked for', async () => {
    harness.server.setOverride((request) =>
      request.path === `/api/v1/lei-records/${TRADERS}`
        ? {
            headers: { 'content-type': 'application/vnd.api+json' },
            body: {
              data: {
                type: 'lei-records',
                id: HOLDINGS,
                attributes: { entity: { legalName: { name: 'X' } } },
              },
            },
          }
        : undefined,
    );
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    expect(await harness.run('gleif/fuzzy-completions', orgId)).toEqual({
      kind: 'failed',
      code: 'malformed_body',
    });
    expect(harness.graph.outgoing(orgId)).toEqual([]);
  });
});

describe('relatedOrgs handler', () => {
  async function enrichTraders(): Promise<EntityId> {
    const orgId = harness.seed(organization('Northwind Traders Inc'));
    await harness.run('gleif/fuzzy-completions', orgId);
    return orgId;
  }
  const traderLei = `Identifier:lei:${TRADERS.toLowerCase()}`;

  it('links the parent and every child over all pages with subsidiary edges', async () => {
    const orgId = await enrichTraders();
    const outcome = await harness.run('gleif/related-orgs', traderLei);
    expect(outcome.kind).toBe('completed');
    expect(harness.graph.incoming(orgId, { relations: ['subsidiary'] }).map((n) => n.entity.id)).toEqual([
      'Organization:northwind holdings plc',
    ]);
    expect(edgesFrom(harness.graph, orgId, 'subsidiary')).toEqual([
      'Organization:northwind labs oy',
      'Organization:northwind logistik gmbh',
      'Organization:northwind payments llc',
      'Organization:northwind traders europe limited',
      'Organization:北风贸易有限公司',
    ]);
    const pages = harness.server.apiRequests().filter((request) => request.path.endsWith('/direct-children'));
    expect(pages.map((request) => request.query.get('page[number]'))).toEqual([null, '2', '3']);
    for (const neighbour of harness.graph.outgoing(orgId, { relations: ['subsidiary'] })) {
      expect(neighbour.edge.sources.map((source) => [source.name, source.confidence])).toEqual([
        ['GLEIF', 100],
      ]);
    }
  });

  it('dispatches the parent and the children', async () => {
    await enrichTraders();
    const outcome = await harness.run('gleif/related-orgs', traderLei);
    expect(outcome.kind === 'completed' ? [...outcome.dispatch].sort() : []).toEqual([
      'Organization:northwind holdings plc',
      'Organization:northwind labs oy',
      'Organization:northwind logistik gmbh',
      'Organization:northwind payments llc',
      'Organization:northwind traders europe limited',
      'Organization:北风贸易有限公司',
    ]);
  });

  it('enriches parent and children with the record mapping', async () => {
    await enrichTraders();
    await harness.run('gleif/related-orgs', traderLei);
    const payments = harness.graph.findEntity('Organization:northwind payments llc');
    expect(payments?.asset).toMatchObject({ legal_name: 'northwind payments llc', active: true });
    const paymentsLei = harness.graph
      .outgoing('Organization:northwind payments llc', { relations: ['id'] })
      .find((neighbour) => neighbour.entity.id.startsWith('Identifier:lei:'));
    expect(paymentsLei?.entity.asset).toMatchObject({ status: 'LAPSED' });
    expect(harness.graph.findEntity('Organization:northwind labs oy')?.asset).toMatchObject({
      active: false,
    });
    expect(edgesFrom(harness.graph, 'Organization:北风贸易有限公司', 'id')).toContain(
      'Identifier:org_name:beifeng maoyi youxian gongsi',
    );
  });

  it('reads a reporting exception on direct-parent as no parent', async () => {
    const outcome = await harness.run('gleif/related-orgs', harness.seed(leiSeed(HOLDINGS)));
    expect(outcome.kind).toBe('completed');
    expect(harness.failures).toEqual([]);
    expect(
      harness.graph.incoming('Organization:northwind holdings plc', { relations: ['subsidiary'] }),
    ).toEqual([]);
  });

  it('creates the Organization of an LEI seed from its record, then its family', async () => {
    const leiId = harness.seed(leiSeed(HOLDINGS));
    const outcome = await harness.run('gleif/related-orgs', leiId);
    expect(outcome.kind === 'completed' ? outcome.dispatch : []).toEqual([
      'Organization:northwind holdings plc',
      'Organization:northwind traders inc',
    ]);
    expect(harness.graph.incoming(leiId, { relations: ['id'] }).map((n) => n.entity.id)).toEqual([
      'Organization:northwind holdings plc',
    ]);
    expect(edgesFrom(harness.graph, 'Organization:northwind holdings plc', 'subsidiary')).toEqual([
      'Organization:northwind traders inc',
    ]);
  });

  it('reads a 404 on direct-parent and direct-children as no family', async () => {
    const leiId = harness.seed(leiSeed('984500BAREMINIM00035'));
    const outcome = await harness.run('gleif/related-orgs', leiId);
    expect(outcome.kind).toBe('completed');
    expect(harness.failures).toEqual([]);
    expect(harness.server.apiRequests().map((request) => request.path)).toEqual([
      '/api/v1/lei-records/984500BAREMINIM00035',
      '/api/v1/lei-records/984500BAREMINIM00035/direct-parent',
      '/api/v1/lei-records/984500BAREMINIM00035/direct-children',
    ]);
  });

  it('records an unknown LEI seed as not found', async () => {
    const outcome = await harness.run('gleif/related-orgs', harness.seed(leiSeed('984500NOSUCHLEI00090')));
    expect(outcome).toEqual({ kind: 'failed', code: 'not_found' });
    expect(harness.failures[0]?.code).toBe('not_found');
  });

  it('ignores identifiers that are not LEIs without a request', async () => {
    const id = harness.seed({
      type: 'Identifier',
      asset: { unique_id: 'bic:ABCDEFGH', id: 'ABCDEFGH', id_type: 'bic' },
    });
    expect(await harness.run('gleif/related-orgs', id)).toEqual({ kind: 'ignored' });
    expect(harness.server.apiRequests()).toEqual([]);
  });

  it('keeps the children read before a failing page and records the failure', async () => {
    await enrichTraders();
    harness.server.setOverride((request) =>
      request.query.get('page[number]') === '2' ? { status: 500, body: 'down' } : undefined,
    );
    const outcome = await harness.run('gleif/related-orgs', traderLei);
    expect(outcome.kind).toBe('completed');
    expect(edgesFrom(harness.graph, 'Organization:northwind traders inc', 'subsidiary')).toEqual([
      'Organization:northwind logistik gmbh',
      'Organization:northwind traders europe limited',
    ]);
    expect(harness.failures.map((failure) => failure.code)).toEqual(['http_status']);
  });

  it('stops a next link that loops back to a page already read', async () => {
    await enrichTraders();
    harness.server.setOverride((request) => {
      if (request.query.get('page[number]') !== '3') {
        return undefined;
      }
      const first = `${harness.server.url}/api/v1/lei-records/${TRADERS}/direct-children?page%5Bnumber%5D=2&page%5Bsize%5D=2`;
      return {
        headers: { 'content-type': 'application/vnd.api+json' },
        body: { data: [], links: { next: first }, meta: { pagination: { currentPage: 3, lastPage: 3 } } },
      };
    });
    const outcome = await harness.run('gleif/related-orgs', traderLei);
    expect(outcome.kind).toBe('completed');
    expect(edgesFrom(harness.graph, 'Organization:northwind traders inc', 'subsidiary')).toHaveLength(4);
    expect(harness.failures.map((failure) => failure.code)).toEqual(['malformed_body']);
    expect(
      harness.server.apiRequests().filter((request) => request.path.endsWith('/direct-children')),
    ).toHaveLength(3);
  });

  it('serves a second event within the TTL from the graph without a request', async () => {
    await enrichTraders();
    const first = await harness.run('gleif/related-orgs', traderLei);
    const before = harness.server.apiRequests().length;
    const second = await harness.run('gleif/related-orgs', traderLei);
    expect(harness.server.apiRequests()).toHaveLength(before);
    expect(second.kind === 'completed' && second.cacheHit).toBe(true);
    const sorted = (outcome: HandlerOutcome): string[] =>
      outcome.kind === 'completed' ? [...outcome.dispatch].sort() : [];
    expect(sorted(second)).toEqual([...sorted(first), 'Organization:northwind traders inc'].sort());
  });
});
