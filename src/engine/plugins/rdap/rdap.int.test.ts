import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TypedAsset } from '../../../shared/model/asset';
import {
  openRdapHarness,
  startFakeRdapServer,
  type FakeRdapServer,
  type RdapHarness,
} from '../../../../test/fakes/rdap-server';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';

const root = path.join(repositoryRoot, 'test', 'fixtures', 'rdap');
const as = (number: number): TypedAsset => ({ type: 'AutonomousSystem', asset: { number } });
const netblock = (cidr: string): TypedAsset => ({
  type: 'Netblock',
  asset: { cidr, type: cidr.includes(':') ? 'IPv6' : 'IPv4' },
});

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

describe('RDAP autsys and autnum through the engine', () => {
  it('turns an AS into its AutnumRecord and expands the registrant, nested contacts and their vCards', async () => {
    const h = await harness();
    const progress = await h.run([as(64496)]);
    expect(progress.failures).toEqual([]);
    expect(h.entityIds()).toEqual([
      'AutnumRecord:AS64496',
      'AutonomousSystem:64496',
      `ContactRecord:${ARIN}EXADM-ARIN`,
      `ContactRecord:${ARIN}EXNOC-ARIN`,
      `ContactRecord:${ARIN}EXW-1`,
      'FQDN:whois.arin.net',
      'Identifier:email:jane@example.com',
      'Identifier:email:noc@example.com',
      'Location:100 example way springfield il 62701 us',
      'Organization:example widgets inc',
      'Person:jane example',
      'Phone:+12175550100',
      'Phone:+12175550199',
      'URL:https://rdap.arin.net/registry/autnum/64496',
      `URL:${ARIN}EXADM-ARIN`,
      `URL:${ARIN}EXNOC-ARIN`,
      `URL:${ARIN}EXW-1`,
    ]);
    expect(h.edgeKeys()).toEqual([
      `AutnumRecord:AS64496|abuse_contact|ContactRecord:${ARIN}EXNOC-ARIN`,
      `AutnumRecord:AS64496|admin_contact|ContactRecord:${ARIN}EXADM-ARIN`,
      'AutnumRecord:AS64496|rdap_url|URL:https://rdap.arin.net/registry/autnum/64496',
      `AutnumRecord:AS64496|registrant|ContactRecord:${ARIN}EXW-1`,
      'AutnumRecord:AS64496|whois_server|FQDN:whois.arin.net',
      'AutonomousSystem:64496|registration|AutnumRecord:AS64496',
      `ContactRecord:${ARIN}EXADM-ARIN|id|Identifier:email:jane@example.com`,
      `ContactRecord:${ARIN}EXADM-ARIN|person|Person:jane example`,
      `ContactRecord:${ARIN}EXADM-ARIN|url|URL:${ARIN}EXADM-ARIN`,
      `ContactRecord:${ARIN}EXNOC-ARIN|id|Identifier:email:noc@example.com`,
      `ContactRecord:${ARIN}EXNOC-ARIN|phone|Phone:+12175550100`,
      `ContactRecord:${ARIN}EXNOC-ARIN|phone|Phone:+12175550199`,
      `ContactRecord:${ARIN}EXNOC-ARIN|url|URL:${ARIN}EXNOC-ARIN`,
      `ContactRecord:${ARIN}EXW-1|location|Location:100 example way springfield il 62701 us`,
      `ContactRecord:${ARIN}EXW-1|organization|Organization:example widgets inc`,
      `ContactRecord:${ARIN}EXW-1|url|URL:${ARIN}EXW-1`,
    ]);
  });

  it('stores the record fields, the reply as raw, and RDAP with confidence 100 on every edge', async () => {
    const h = await harness();
    await h.run([as(64496)]);
    const snapshot = h.kase.graph.snapshot();
    const record = h.kase.graph.findEntity('AutnumRecord:AS64496');
    expect(record?.type).toBe('AutnumRecord');
    if (record?.type !== 'AutnumRecord') {
      return;
    }
    const { raw, ...fields } = record.asset;
    expect(fields).toEqual({
      number: 64496,
      handle: 'AS64496',
      name: 'EXAMPLE-WIDGETS',
      whois_server: 'whois.arin.net',
      created_date: '2001-02-03T09:05:06Z',
      updated_date: '2021-06-01T14:00:00Z',
      status: ['active'],
    });
    expect((JSON.parse(raw ?? '{}') as { handle?: string }).handle).toBe('AS64496');
    for (const edge of snapshot.edges) {
      expect(edge.sources.map(({ name, confidence }) => ({ name, confidence }))).toEqual([
        { name: 'RDAP', confidence: 100 },
      ]);
    }
    const phone = h.kase.graph.findEntity('Phone:+12175550199');
    expect(phone?.asset).toMatchObject({ type: 'fax', e164: '+12175550199', country_abbrev: 'US' });
  });

  it('asks the registry for RDAP JSON at the path the bootstrap gives', async () => {
    const h = await harness();
    await h.run([as(64496)]);
    const [request] = h.server.objectRequests();
    expect(request?.path).toBe('/arin/autnum/64496');
    expect(request?.headers.accept).toContain('application/rdap+json');
  });

  it('keys contacts without a self link by handle, keeps contacts without a vCard, and finds abuse below a noc entity', async () => {
    const h = await harness();
    const progress = await h.run([as(64500)]);
    expect(progress.failures).toEqual([]);
    const record = 'AutnumRecord:AS64500';
    const RIPE = 'https://rdap.db.ripe.net/entity/';
    const edges = h
      .edgeKeys()
      .filter((key) => key.startsWith(`${record}|`) || key.startsWith('ContactRecord:'));
    expect(edges).toEqual([
      `${record}|abuse_contact|ContactRecord:${RIPE}EXABUSE-RIPE`,
      `${record}|admin_contact|ContactRecord:rdap-handle:JV1-RIPE`,
      `${record}|rdap_url|URL:https://rdap.db.ripe.net/autnum/64500`,
      `${record}|registrant|ContactRecord:${RIPE}ORG-VB1-RIPE`,
      `${record}|technical_contact|ContactRecord:rdap-handle:EXTECH-RIPE`,
      `${record}|whois_server|FQDN:whois.ripe.net`,
      `ContactRecord:${RIPE}EXABUSE-RIPE|id|Identifier:email:abuse@voorbeeld.example`,
      `ContactRecord:${RIPE}EXABUSE-RIPE|url|URL:${RIPE}EXABUSE-RIPE`,
      `ContactRecord:${RIPE}ORG-VB1-RIPE|id|Identifier:email:info@voorbeeld.example`,
      `ContactRecord:${RIPE}ORG-VB1-RIPE|location|Location:voorbeeldstraat 1 1011 aa amsterdam nl`,
      `ContactRecord:${RIPE}ORG-VB1-RIPE|organization|Organization:voorbeeld b v`,
      `ContactRecord:${RIPE}ORG-VB1-RIPE|phone|Phone:+31205550123`,
      `ContactRecord:${RIPE}ORG-VB1-RIPE|url|URL:${RIPE}ORG-VB1-RIPE`,
      'ContactRecord:rdap-handle:JV1-RIPE|location|Location:voorbeeldstraat 1 1011 aa amsterdam nl',
      'ContactRecord:rdap-handle:JV1-RIPE|person|Person:jan jansen',
    ]);
    const record64500 = h.kase.graph.findEntity(record);
    expect(record64500?.asset).toMatchObject({ created_date: '2015-03-04T09:10:11Z', updated_date: '' });
  });

  it('parses a national phone number with the region of the contact country', async () => {
    const h = await harness();
    await h.run([as(64500)]);
    expect(h.kase.graph.findEntity('Phone:+31205550123')?.asset).toMatchObject({
      e164: '+31205550123',
      country_abbrev: 'NL',
      type: 'phone',
    });
  });

  it('stores a record without registration events and contacts without links (AfriNIC style)', async () => {
    const h = await harness();
    const progress = await h.run([as(64508)]);
    expect(progress.failures).toEqual([]);
    expect(h.kase.graph.findEntity('AutnumRecord:AS64508')?.asset).toMatchObject({
      created_date: '',
      updated_date: '',
    });
    expect(h.edgeKeys().filter((key) => key.startsWith('ContactRecord:rdap-handle:'))).toEqual([
      'ContactRecord:rdap-handle:ORG-EZ1-AFRINIC|id|Identifier:email:noc@example.co.za',
      'ContactRecord:rdap-handle:ORG-EZ1-AFRINIC|location|Location:example park 1 example road cape town za',
      'ContactRecord:rdap-handle:ORG-EZ1-AFRINIC|organization|Organization:example networks pty ltd',
      'ContactRecord:rdap-handle:ORG-EZ1-AFRINIC|phone|Phone:+27215550100',
      'ContactRecord:rdap-handle:TE1-AFRINIC|person|Person:thabo example',
      'ContactRecord:rdap-handle:TE1-AFRINIC|phone|Phone:+27215550101 Ext. 12',
    ]);
  });
});

describe('RDAP netblock and ipnet through the engine', () => {
  it('sends a network to the registry with the longest matching bootstrap prefix', async () => {
    const h = await harness();
    const progress = await h.run([netblock('203.0.113.128/26'), netblock('203.0.113.0/25')]);
    expect(progress.failures).toEqual([]);
    expect(
      h.server
        .objectRequests()
        .map((request) => request.path)
        .sort(),
    ).toEqual(['/apnic/ip/203.0.113.0/25', '/lacnic/ip/203.0.113.128/26']);
    expect(h.edgeKeys().filter((key) => key.includes('|registration|'))).toEqual([
      'Netblock:203.0.113.0/25|registration|IPNetRecord:203.0.113.0 - 203.0.113.127',
      'Netblock:203.0.113.128/26|registration|IPNetRecord:203.0.113.128/25',
    ]);
  });

  it('creates the IPNetRecord with the OAM fields of the reply and the CIDR of the Netblock', async () => {
    const h = await harness();
    await h.run([netblock('203.0.113.0/25')]);
    const record = h.kase.graph.findEntity('IPNetRecord:203.0.113.0 - 203.0.113.127');
    expect(record?.type).toBe('IPNetRecord');
    if (record?.type !== 'IPNetRecord') {
      return;
    }
    const { raw, ...fields } = record.asset;
    expect(raw).toBeDefined();
    expect(fields).toEqual({
      cidr: '203.0.113.0/25',
      handle: '203.0.113.0 - 203.0.113.127',
      start_address: '203.0.113.0',
      end_address: '203.0.113.127',
      type: 'IPv4',
      name: 'EXAMPLE-AU',
      method: 'ASSIGNED PORTABLE',
      country: 'AU',
      parent_handle: '203.0.112.0 - 203.0.113.255',
      whois_server: 'whois.apnic.net',
      created_date: '2010-05-06T07:08:09Z',
      updated_date: '2022-05-06T07:08:09Z',
      status: ['active'],
    });
    const APNIC = 'https://rdap.apnic.net/entity/';
    const expansion = h.edgeKeys().filter((key) => !key.includes('|registration|'));
    expect(expansion).toEqual([
      `ContactRecord:${APNIC}IRT-EXAMPLE-AU|id|Identifier:email:abuse@example.com.au`,
      `ContactRecord:${APNIC}IRT-EXAMPLE-AU|location|Location:level 1 1 example st brisbane qld 4000 au`,
      `ContactRecord:${APNIC}IRT-EXAMPLE-AU|phone|Phone:+61755501234`,
      `ContactRecord:${APNIC}IRT-EXAMPLE-AU|url|URL:${APNIC}IRT-EXAMPLE-AU`,
      `ContactRecord:${APNIC}ORG-EA1-AP|location|Location:1 example st brisbane qld 4000`,
      `ContactRecord:${APNIC}ORG-EA1-AP|organization|Organization:example pty ltd`,
      `ContactRecord:${APNIC}ORG-EA1-AP|url|URL:${APNIC}ORG-EA1-AP`,
      `IPNetRecord:203.0.113.0 - 203.0.113.127|abuse_contact|ContactRecord:${APNIC}IRT-EXAMPLE-AU`,
      'IPNetRecord:203.0.113.0 - 203.0.113.127|rdap_url|URL:https://rdap.apnic.net/ip/203.0.113.0/25',
      `IPNetRecord:203.0.113.0 - 203.0.113.127|registrant|ContactRecord:${APNIC}ORG-EA1-AP`,
      'IPNetRecord:203.0.113.0 - 203.0.113.127|whois_server|FQDN:whois.apnic.net',
    ]);
  });

  it('finds an IPv6 network at the registry of its most specific prefix and normalises its addresses', async () => {
    const h = await harness();
    const progress = await h.run([netblock('2001:db8::/48')]);
    expect(progress.failures).toEqual([]);
    expect(h.server.objectRequests().map((request) => request.path)).toEqual(['/ripe/ip/2001:db8::/48']);
    expect(h.kase.graph.findEntity('IPNetRecord:2001:db8::/48')?.asset).toMatchObject({
      start_address: '2001:db8::',
      end_address: '2001:db8:0:ffff:ffff:ffff:ffff:ffff',
      type: 'IPv6',
      country: 'NL',
    });
  });

  it('reads a structured vCard address and an individual registrant (LACNIC style)', async () => {
    const h = await harness();
    await h.run([netblock('203.0.113.128/26')]);
    const LACNIC = 'https://rdap.lacnic.net/rdap/entity/';
    expect(h.edgeKeys().filter((key) => key.startsWith(`ContactRecord:${LACNIC}MSI|`))).toEqual([
      `ContactRecord:${LACNIC}MSI|id|Identifier:email:maria@exemplo.example`,
      `ContactRecord:${LACNIC}MSI|location|Location:sala 1 rua exemplo 100 sao paulo sp 01000 000 br`,
      `ContactRecord:${LACNIC}MSI|person|Person:maria silva`,
      `ContactRecord:${LACNIC}MSI|phone|Phone:+551155550100`,
      `ContactRecord:${LACNIC}MSI|url|URL:${LACNIC}MSI`,
    ]);
  });
});

describe('RDAP lookup path and stored replies', () => {
  it('serves a second run within the TTL from the graph without asking the registry', async () => {
    const h = await harness();
    await h.run([as(64496)]);
    const requestsAfterFirst = h.server.requests.length;
    const edgesAfterFirst = h.edgeKeys();
    const progress = await h.run([as(64496)]);
    expect(progress.failures).toEqual([]);
    expect(progress.cacheHits).toBeGreaterThanOrEqual(2);
    expect(progress.requestsBySource.RDAP ?? 0).toBe(0);
    expect(h.server.requests.length).toBe(requestsAfterFirst);
    expect(h.edgeKeys()).toEqual(edgesAfterFirst);
  });

  it('queries the registry again when asked to refresh', async () => {
    const h = await harness();
    await h.run([as(64496)]);
    await h.run([as(64496)], { refresh: true });
    expect(h.server.objectRequests().map((request) => request.path)).toEqual([
      '/arin/autnum/64496',
      '/arin/autnum/64496',
    ]);
  });

  it('expands a record without a stored reply by asking the registry for it', async () => {
    const h = await harness();
    const progress = await h.run([
      {
        type: 'AutnumRecord',
        asset: { number: 64496, handle: 'AS64496', name: '', created_date: '', updated_date: '' },
      },
    ]);
    expect(progress.failures).toEqual([]);
    expect(h.server.objectRequests().map((request) => request.path)).toEqual(['/arin/autnum/64496']);
    expect(h.edgeKeys()).toContain(`AutnumRecord:AS64496|registrant|ContactRecord:${ARIN}EXW-1`);
    expect(h.kase.graph.findEntity('AutnumRecord:AS64496')?.asset).toMatchObject({
      name: 'EXAMPLE-WIDGETS',
      created_date: '2001-02-03T09:05:06Z',
    });
  });

  it('expands a record from its stored reply without asking the registry', async () => {
    const h = await harness();
    const raw = await readFile(path.join(root, 'responses', 'ripe', 'ip_2001-db8--.json'), 'utf8');
    const progress = await h.run([
      {
        type: 'IPNetRecord',
        asset: {
          raw,
          cidr: '2001:db8::/48',
          handle: '2001:db8::/48',
          start_address: '2001:db8::',
          end_address: '2001:db8:0:ffff:ffff:ffff:ffff:ffff',
          type: 'IPv6',
          name: 'VOORBEELD-V6',
          created_date: '',
          updated_date: '',
        },
      },
    ]);
    expect(progress.failures).toEqual([]);
    expect(h.server.requests).toEqual([]);
    expect(h.edgeKeys()).toContain(
      'IPNetRecord:2001:db8::/48|abuse_contact|ContactRecord:https://rdap.db.ripe.net/entity/EXABUSE-RIPE',
    );
  });
});

describe('RDAP bootstrap cache on disk', () => {
  const cacheDir = (h: RdapHarness): string => path.join(h.dataDir, '.rdap-bootstrap');
  const bootstrapRequests = (server: FakeRdapServer): string[] =>
    server.requests
      .filter((request) => request.path.startsWith('/bootstrap/'))
      .map((request) => request.path);

  it('keeps the bootstrap files in the hidden folder of the data directory and uses them offline while fresh', async () => {
    const first = await harness();
    await first.run([as(64496)]);
    expect((await readdir(cacheDir(first))).filter((name) => name.endsWith('.json'))).toHaveLength(1);
    const second = await harness({ dataDir: first.dataDir, server: first.server });
    await second.run([as(64500)]);
    expect(bootstrapRequests(first.server)).toEqual(['/bootstrap/asn.json']);
  });

  it('fetches a bootstrap file again when its cache file is corrupt', async () => {
    const first = await harness();
    await first.run([as(64496)]);
    const [name] = await readdir(cacheDir(first));
    await writeFile(path.join(cacheDir(first), name ?? ''), '{"url": "truncated', 'utf8');
    const second = await harness({ dataDir: first.dataDir, server: first.server });
    const progress = await second.run([as(64500)]);
    expect(progress.failures).toEqual([]);
    expect(bootstrapRequests(first.server)).toEqual(['/bootstrap/asn.json', '/bootstrap/asn.json']);
  });

  it('fetches a bootstrap file again when its cache file is missing', async () => {
    const first = await harness();
    await first.run([as(64496)]);
    await rm(cacheDir(first), { recursive: true });
    const second = await harness({ dataDir: first.dataDir, server: first.server });
    const progress = await second.run([as(64500)]);
    expect(progress.failures).toEqual([]);
    expect(bootstrapRequests(first.server)).toEqual(['/bootstrap/asn.json', '/bootstrap/asn.json']);
  });

  it('refreshes a bootstrap file older than a day', async () => {
    const first = await harness();
    await first.run([as(64496)]);
    const [name] = await readdir(cacheDir(first));
    const file = path.join(cacheDir(first), name ?? '');
    const cached = JSON.parse(await readFile(file, 'utf8')) as { fetchedAt: number };
    cached.fetchedAt -= 25 * 60 * 60 * 1000;
    await writeFile(file, JSON.stringify(cached), 'utf8');
    const second = await harness({ dataDir: first.dataDir, server: first.server });
    await second.run([as(64500)]);
    expect(bootstrapRequests(first.server)).toEqual(['/bootstrap/asn.json', '/bootstrap/asn.json']);
  });
});

describe('RDAP rate limits', () => {
  it('spaces the requests to each RDAP host by that host own interval', async () => {
    const ripeServer = await startFakeRdapServer({ root });
    open.servers.push(ripeServer);
    const arinServer = await startFakeRdapServer({ root, rirBaseUrls: { ripe: `${ripeServer.url}/ripe/` } });
    open.servers.push(arinServer);
    const hostOf = (server: FakeRdapServer): string => new URL(server.url).host;
    const intervals = { arin: 300, ripe: 900 };
    const h = await harness({
      server: arinServer,
      rdap: {
        rateLimit: { requests: 1, intervalMs: 50 },
        hosts: {
          [hostOf(arinServer)]: { requests: 1, intervalMs: intervals.arin },
          [hostOf(ripeServer)]: { requests: 1, intervalMs: intervals.ripe },
        },
      },
    });
    const progress = await h.run([as(64496), as(64497), as(64499), as(64500), as(64501), as(64502)], {
      depth: 0,
    });
    expect(progress.failures.map((failure) => failure.entityId).sort()).toEqual([
      'AutonomousSystem:64499',
      'AutonomousSystem:64501',
      'AutonomousSystem:64502',
    ]);
    const gaps = (server: FakeRdapServer): number[] => {
      const times = server.objectRequests().map((request) => request.at);
      return times.slice(1).map((time, index) => time - (times[index] ?? 0));
    };
    expect(arinServer.objectRequests()).toHaveLength(3);
    expect(ripeServer.objectRequests()).toHaveLength(3);
    // The fake logs arrival, not send, times: the first request of a connection arrives later
    // after its grant than the next one, so up to 100 ms of that jitter is allowed.
    for (const gap of gaps(arinServer)) {
      expect(gap).toBeGreaterThanOrEqual(intervals.arin - 100);
    }
    for (const gap of gaps(ripeServer)) {
      expect(gap).toBeGreaterThanOrEqual(intervals.ripe - 100);
    }
  });
});
