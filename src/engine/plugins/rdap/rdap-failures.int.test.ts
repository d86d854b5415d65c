import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TypedAsset } from '../../../shared/model/asset';
import { openRdapHarness, type FakeRdapServer, type RdapHarness } from '../../../../test/fakes/rdap-server';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';

const root = path.join(repositoryRoot, 'test', 'fixtures', 'rdap');
const as = (number: number): TypedAsset => ({ type: 'AutonomousSystem', asset: { number } });

const open: { harnesses: RdapHarness[]; servers: FakeRdapServer[] } = { harnesses: [], servers: [] };
async function harness(options: Partial<Parameters<typeof openRdapHarness>[0]> = {}): Promise<RdapHarness> {
  const created = await openRdapHarness({ root, ...options });
  open.harnesses.push(created);
  return created;
}

afterEach(async () => {
  for (const created of open.harnesses.splice(0)) {
    await created.close();
  }
  for (const server of open.servers.splice(0)) {
    await server.close();
  }
});

const ARIN = 'https://rdap.arin.net/registry/entity/';

describe('RDAP failures', () => {
  it('records a clear failure for an AS that no registry serves, without asking any registry', async () => {
    const h = await harness();
    const progress = await h.run([as(64510)]);
    expect(progress.failures).toMatchObject([
      { handler: 'rdap/autsys', source: 'RDAP', code: 'not_found', entityId: 'AutonomousSystem:64510' },
    ]);
    expect(progress.failures[0]?.message).toContain('no RDAP server serves AS64510');
    expect(h.server.objectRequests()).toEqual([]);
  });

  it('records not_found when the registry answers 404 with an RDAP error body', async () => {
    const h = await harness();
    const progress = await h.run([as(64499)]);
    expect(progress.failures).toMatchObject([{ handler: 'rdap/autsys', code: 'not_found' }]);
    expect(h.entityIds()).toEqual(['AutonomousSystem:64499']);
  });

  it('records malformed JSON as a failure and goes on with the other seeds', async () => {
    const h = await harness();
    h.server.intercept((request) =>
      request.path === '/arin/autnum/64496'
        ? {
            status: 200,
            headers: { 'content-type': 'application/rdap+json' },
            body: '{"objectClassName": "autnum", ',
          }
        : undefined,
    );
    const progress = await h.run([as(64496), as(64500)]);
    expect(progress.failures).toMatchObject([
      { handler: 'rdap/autsys', code: 'malformed_body', entityId: 'AutonomousSystem:64496' },
    ]);
    expect(h.kase.graph.findEntity('AutnumRecord:AS64500')).toBeDefined();
  });

  it('survives vCards with missing or odd fields and entities without keys', async () => {
    const h = await harness();
    const progress = await h.run([as(64497)]);
    expect(progress.failures).toEqual([]);
    expect(h.edgeKeys()).toEqual([
      `AutnumRecord:AS64497|abuse_contact|ContactRecord:rdap-handle:NESTED-ARIN`,
      `AutnumRecord:AS64497|admin_contact|ContactRecord:${ARIN}STRCARD-ARIN`,
      'AutnumRecord:AS64497|rdap_url|URL:https://rdap.arin.net/registry/autnum/64497',
      `AutnumRecord:AS64497|registrant|ContactRecord:${ARIN}NOCARD-ARIN`,
      `AutnumRecord:AS64497|technical_contact|ContactRecord:${ARIN}ODD-ARIN`,
      'AutnumRecord:AS64497|technical_contact|ContactRecord:rdap-handle:BADLINKS-ARIN',
      'AutonomousSystem:64497|registration|AutnumRecord:AS64497',
      `ContactRecord:${ARIN}NOCARD-ARIN|url|URL:${ARIN}NOCARD-ARIN`,
      `ContactRecord:${ARIN}ODD-ARIN|id|Identifier:email:x@odd.example`,
      `ContactRecord:${ARIN}ODD-ARIN|url|URL:${ARIN}ODD-ARIN`,
      `ContactRecord:${ARIN}STRCARD-ARIN|url|URL:${ARIN}STRCARD-ARIN`,
      'ContactRecord:rdap-handle:NESTED-ARIN|id|Identifier:email:abuse@odd.example',
    ]);
  });

  it('records a redirect loop as a network failure', async () => {
    const h = await harness();
    h.server.intercept((request) => {
      if (request.path === '/arin/autnum/64496') {
        return { status: 302, headers: { location: '/arin/moved/64496' } };
      }
      return request.path === '/arin/moved/64496'
        ? { status: 301, headers: { location: '/arin/autnum/64496' } }
        : undefined;
    });
    const progress = await h.run([as(64496)]);
    expect(progress.failures).toMatchObject([{ handler: 'rdap/autsys', code: 'network' }]);
    expect(progress.failures[0]?.message).toContain('redirect loop');
  });

  it('follows a redirect to another registry host', async () => {
    const h = await harness();
    h.server.intercept((request) =>
      request.path === '/arin/autnum/64496'
        ? { status: 302, headers: { location: `${h.server.url}/via/rdap.example/arin/autnum/64496` } }
        : undefined,
    );
    const progress = await h.run([as(64496)]);
    expect(progress.failures).toEqual([]);
    expect(h.server.objectRequests().map((request) => request.path)).toEqual([
      '/arin/autnum/64496',
      '/via/rdap.example/arin/autnum/64496',
    ]);
    expect(h.kase.graph.findEntity('AutnumRecord:AS64496')).toBeDefined();
  });

  it('waits as long as a 429 reply asks with Retry-After, then gets the record', async () => {
    const h = await harness();
    let throttled = false;
    h.server.intercept((request) => {
      if (request.path === '/arin/autnum/64496' && !throttled) {
        throttled = true;
        return {
          ...rdapErrorReply(429),
          headers: { 'retry-after': '1', 'content-type': 'application/rdap+json' },
        };
      }
      return undefined;
    });
    const progress = await h.run([as(64496)]);
    expect(progress.failures).toEqual([]);
    const [first, second] = h.server.objectRequests();
    expect(second?.path).toBe('/arin/autnum/64496');
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(990);
    expect(h.kase.graph.findEntity('AutnumRecord:AS64496')).toBeDefined();
  });

  it('records a timeout when the registry does not answer in time', async () => {
    const h = await harness({ http: { timeoutMs: 300, maxRetries: 0 } });
    h.server.intercept((request) =>
      request.path === '/arin/autnum/64496' ? { delayMs: 1500, body: {} } : undefined,
    );
    const progress = await h.run([as(64496)]);
    expect(progress.failures).toMatchObject([{ handler: 'rdap/autsys', code: 'timeout' }]);
  });
});

function rdapErrorReply(status: number): { status: number; body: unknown } {
  return { status, body: { errorCode: status, title: 'Too Many Requests' } };
}

describe('RDAP replies that do not fit never cost stored data (11.1)', () => {
  it('records a 200 maintenance message as malformed_body and keeps the stored AutnumRecord', async () => {
    const h = await harness();
    await h.run([as(64496)], { depth: 0 });
    const before = h.kase.graph.findEntity('AutnumRecord:AS64496')?.asset;
    expect((before as { name?: string } | undefined)?.name).toMatch(/\S/);
    h.server.intercept((request) =>
      request.path === '/arin/autnum/64496'
        ? {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: { message: 'Service temporarily under maintenance' },
          }
        : undefined,
    );
    const progress = await h.run([as(64496)], { depth: 0, refresh: true });
    expect(progress.failures).toMatchObject([{ handler: 'rdap/autsys', code: 'malformed_body' }]);
    expect(progress.failures[0]?.message).toContain('/arin/autnum/64496');
    expect(h.kase.graph.findEntity('AutnumRecord:AS64496')?.asset).toEqual(before);
  });

  it('writes nothing from a redirect to a data: URL', async () => {
    const h = await harness();
    h.server.intercept((request) =>
      request.path === '/arin/autnum/64496'
        ? { status: 302, headers: { location: 'data:application/json,{"data":[]}' } }
        : undefined,
    );
    const progress = await h.run([as(64496)], { depth: 0 });
    expect(progress.failures).toHaveLength(1);
    expect(h.entityIds()).toEqual(['AutonomousSystem:64496']);
  });

  it('never blanks a stored name or date when a valid re-query leaves them out', async () => {
    const h = await harness();
    await h.run([as(64496)], { depth: 0 });
    const before = h.kase.graph.findEntity('AutnumRecord:AS64496')?.asset as {
      name: string;
      created_date: string;
    };
    h.server.intercept((request) =>
      request.path === '/arin/autnum/64496'
        ? {
            status: 200,
            headers: { 'content-type': 'application/rdap+json' },
            body: { objectClassName: 'autnum', handle: 'AS64496', startAutnum: 64496, endAutnum: 64496 },
          }
        : undefined,
    );
    const progress = await h.run([as(64496)], { depth: 0, refresh: true });
    expect(progress.failures).toEqual([]);
    expect(h.kase.graph.findEntity('AutnumRecord:AS64496')?.asset).toMatchObject({
      name: before.name,
      created_date: before.created_date,
    });
  });
});
