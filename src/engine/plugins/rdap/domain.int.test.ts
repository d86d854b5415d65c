import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRdapHarness, type RdapHarness } from '../../../../test/fakes/rdap-server';
import { startFakeWhoisServers, type FakeWhoisServers } from '../../../../test/fakes/whois-server';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import type { DomainRecord } from '../../../shared/model/asset';
import { createWhoisPlugin } from '../whois/plugin';

const RDAP_ROOT = path.join(repositoryRoot, 'test', 'fixtures', 'rdap');
const WHOIS_ROOT = path.join(repositoryRoot, 'test', 'fixtures', 'whois');
const domainSeed = (domain: string) => ({ type: 'DomainRecord' as const, asset: { domain } });

let harness: RdapHarness | undefined;
let whois: FakeWhoisServers | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await whois?.close();
  whois = undefined;
});

/** RDAP on the synthetic fixtures, with WHOIS (fake servers) registered as its fallback. */
async function open(): Promise<RdapHarness> {
  whois = await startFakeWhoisServers({ directory: WHOIS_ROOT });
  harness = await openRdapHarness({
    root: RDAP_ROOT,
    http: { maxRetries: 0 },
    plugins: [createWhoisPlugin({ throttleRetryDelaysMs: [10] })],
    whois: { ianaServer: whois.ianaAddress, servers: whois.servers },
  });
  return harness;
}

const objectPaths = (h: RdapHarness): string[] => h.server.objectRequests().map((request) => request.path);

describe('RDAP domain lookups against fake registries and registrars', () => {
  it('follows the registry to the registrar: dates and statuses from the registry, contacts from the registrar', async () => {
    const h = await open();
    const progress = await h.run([domainSeed('acme-widgets.example')], { depth: 0 });
    expect(progress.failures).toEqual([]);
    expect(objectPaths(h)).toEqual([
      '/dns/rdap.registry.test/domain/acme-widgets.example',
      '/dns/rdap.registrar.test/rdap/domain/ACME-WIDGETS.EXAMPLE',
    ]);
    expect(whois?.queries).toEqual([]);
    const record = h.kase.graph.findEntity('DomainRecord:acme-widgets.example')?.asset as DomainRecord;
    expect(record).toMatchObject({
      id: 'D100-EXAMPLE',
      created_date: '2001-02-03T04:05:06Z',
      expiration_date: '2031-02-03T04:05:06Z',
      updated_date: '2024-05-06T07:08:09Z',
      status: ['clientTransferProhibited', 'serverDeleteProhibited'],
      dnssec: true,
      whois_server: 'whois.registrar.test',
      redacted: ['Tech Phone', 'Tech Email'],
    });
    expect((JSON.parse(record.raw ?? '[]') as unknown[]).length).toBe(2);
    const registrant = 'ContactRecord:rdap-handle:C-REGISTRANT-1';
    expect(h.edgeKeys()).toEqual(
      [
        'DomainRecord:acme-widgets.example|name_server|FQDN:ns1.acme-widgets.example',
        'DomainRecord:acme-widgets.example|name_server|FQDN:ns2.hosting.test',
        'DomainRecord:acme-widgets.example|whois_server|FQDN:whois.registrar.test',
        'DomainRecord:acme-widgets.example|registrar_contact|ContactRecord:rdap-handle:4242',
        'DomainRecord:acme-widgets.example|registrant_contact|ContactRecord:rdap-handle:C-REGISTRANT-1',
        'DomainRecord:acme-widgets.example|technical_contact|ContactRecord:rdap-handle:C-TECH-1',
        'ContactRecord:rdap-handle:4242|id|Identifier:iana_registrar_id:4242',
        'ContactRecord:rdap-handle:4242|id|Identifier:email:abuse@registrar.test',
        'ContactRecord:rdap-handle:4242|phone|Phone:+442079460000',
        'ContactRecord:rdap-handle:4242|url|URL:https://www.registrar.test/',
        'ContactRecord:rdap-handle:4242|location|Location:1 registrar row london ec1a 1aa gb',
        'ContactRecord:rdap-handle:4242|organization|Organization:widget registrar ltd',
        `${registrant}|person|Person:jane q. public`,
        `${registrant}|organization|Organization:acme widgets gmbh`,
        `${registrant}|location|Location:hauptstrasse 1 berlin 10115 de`,
        `${registrant}|id|Identifier:email:jane@acme-widgets.example`,
        `${registrant}|phone|Phone:+49301234567`,
      ].sort(),
    );
    const sources = h.kase.graph
      .snapshot()
      .edges.filter((edge) => edge.from === 'DomainRecord:acme-widgets.example')
      .map((edge) => edge.sources.map((source) => `${source.name}:${source.confidence}`).join());
    expect(new Set(sources)).toEqual(new Set(['RDAP:100']));
  });

  it('makes no entity of redacted or placeholder values (RFC 9537)', async () => {
    const h = await open();
    await h.run([domainSeed('acme-widgets.example')], { depth: 0 });
    const tech = h.edgeKeys().filter((edge) => edge.startsWith('ContactRecord:rdap-handle:C-TECH-1|'));
    expect(tech).toEqual([]);
    expect(h.entityIds().filter((id) => /redacted|contact-the-holder|\+4930$/i.test(id))).toEqual([]);
  });

  it('keeps the registry data and records the failure when the registrar link 404s', async () => {
    const h = await open();
    const progress = await h.run([domainSeed('lost-registrar.example')], { depth: 0 });
    expect(progress.failures.map((failure) => [failure.handler, failure.code])).toEqual([
      ['rdap/domain-record', 'not_found'],
    ]);
    expect(h.edgeKeys()).toContain(
      'DomainRecord:lost-registrar.example|name_server|FQDN:ns.lost-registrar.example',
    );
    expect(h.kase.graph.findEntity('DomainRecord:lost-registrar.example')?.asset).toMatchObject({
      created_date: '2010-01-01T00:00:00Z',
      status: ['ok'],
    });
    expect(whois?.queries).toEqual([]);
  });

  it('takes a registry 404 as no match: nothing written, no failure, and WHOIS is not asked', async () => {
    const h = await open();
    const progress = await h.run([domainSeed('missing.example')], { depth: 0 });
    expect(progress.failures).toEqual([]);
    expect(objectPaths(h)).toEqual(['/dns/rdap.registry.test/domain/missing.example']);
    expect(whois?.queries).toEqual([]);
    expect(h.entityIds()).toEqual(['DomainRecord:missing.example']);
  });

  it('falls back to WHOIS for a TLD with no RDAP service in the bootstrap, recording no failure', async () => {
    const h = await open();
    const progress = await h.run([domainSeed('acme-widgets.test')], { depth: 0 });
    expect(progress.failures).toEqual([]);
    expect(objectPaths(h)).toEqual([]);
    expect(whois?.queries.map((query) => query.server)).toContain('whois.nic.test');
    expect(h.edgeKeys()).toContain('DomainRecord:acme-widgets.test|name_server|FQDN:ns1.acme-widgets.test');
    // The DNS bootstrap is cached with the others in the data directory's hidden folder.
    const cached = await readdir(path.join(h.dataDir, '.rdap-bootstrap'));
    expect(cached.filter((file) => /^dns-[0-9a-f]+\.json$/.test(file))).toHaveLength(1);
  });

  it('falls back to WHOIS when the RDAP registry fails, and records the RDAP failure', async () => {
    const h = await open();
    const dns = JSON.parse(readFileSync(path.join(RDAP_ROOT, 'bootstrap', 'dns.json'), 'utf8')) as {
      services: [string[], string[]][];
    };
    h.server.intercept((request) => {
      if (request.path === '/bootstrap/dns.json') {
        return {
          status: 200,
          body: { ...dns, services: [[['test'], [h.server.fakeDomainUrl('https://rdap.broken.test/')]]] },
        };
      }
      return request.path.startsWith('/dns/rdap.broken.test/') ? { status: 500, body: 'down' } : undefined;
    });
    const progress = await h.run([domainSeed('acme-widgets.test')], { depth: 0 });
    expect(progress.failures.map((failure) => [failure.handler, failure.code])).toEqual([
      ['rdap/domain-record', 'http_status'],
    ]);
    expect(objectPaths(h)).toEqual(['/dns/rdap.broken.test/domain/acme-widgets.test']);
    expect(h.edgeKeys()).toContain('DomainRecord:acme-widgets.test|name_server|FQDN:ns1.acme-widgets.test');
  });

  it('asks neither protocol again within the TTL', async () => {
    const h = await open();
    const seeds = [
      domainSeed('acme-widgets.example'),
      domainSeed('acme-widgets.test'),
      domainSeed('missing.example'),
    ];
    await h.run(seeds, { depth: 0 });
    const rdapRequests = h.server.requests.length;
    const whoisQueries = whois?.queries.length;
    const edges = h.edgeKeys();
    const second = await h.run(seeds, { depth: 0 });
    expect(second.failures).toEqual([]);
    expect(h.server.requests.length).toBe(rdapRequests);
    expect(whois?.queries.length).toBe(whoisQueries);
    expect(second.cacheHits).toBe(3);
    expect(h.edgeKeys()).toEqual(edges);
  });
});

describe('RDAP domain lookups within the TTL after a registrar 404', () => {
  it('asks nothing again: the registrar answered "not found", so the record is complete', async () => {
    const h = await open();
    await h.run([domainSeed('lost-registrar.example')], { depth: 0 });
    const requests = h.server.requests.length;
    const second = await h.run([domainSeed('lost-registrar.example')], { depth: 0 });
    expect(second.failures).toEqual([]);
    expect(h.server.requests.length).toBe(requests);
  });

  it('asks again next run when the registrar failed otherwise (a partial answer)', async () => {
    const h = await open();
    h.server.intercept((request) =>
      request.path.startsWith('/dns/rdap.gone.test/') ? { status: 500, body: 'down' } : undefined,
    );
    const first = await h.run([domainSeed('lost-registrar.example')], { depth: 0 });
    expect(first.failures.map((failure) => failure.code)).toEqual(['http_status']);
    const before = h.server.objectRequests().length;
    await h.run([domainSeed('lost-registrar.example')], { depth: 0 });
    expect(h.server.objectRequests().length).toBeGreaterThan(before);
  });
});
