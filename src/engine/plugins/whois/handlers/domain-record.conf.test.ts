import { describe, expect, it } from 'vitest';
import { useWhoisEngine } from '../../../../../test/harness/whois-engine';
import { fixturePath, haveFixtures } from '../../../../../test/support/fixtures-dir';

const MM = 'ContactRecord:whois://whois.markmonitor.com/google.com';

describe.skipIf(!haveFixtures())('WHOIS domrec on the recorded google.com chain', () => {
  const world = useWhoisEngine('whois-conf-', { directory: fixturePath('whois'), plugin: {} });
  const openCase = () => world.openCase();

  it('follows IANA to Verisign (thin) to MarkMonitor (thick) with the query format of each server', async () => {
    const open = openCase();
    await open.startSession({ seeds: [{ type: 'DomainRecord', asset: { domain: 'google.com' } }], depth: 0 })
      .done;
    expect(world.fake.queries.map((query) => [query.server, query.raw])).toEqual([
      ['whois.iana.org', 'com'],
      ['whois.verisign-grs.com', 'domain google.com'],
      ['whois.markmonitor.com', 'google.com'],
    ]);
  });

  it('writes exactly the record, name servers, WHOIS server, contacts and their details', async () => {
    const open = openCase();
    const progress = await open.startSession({
      seeds: [{ type: 'DomainRecord', asset: { domain: 'google.com' } }],
      depth: 0,
    }).done;
    expect(progress.failures).toEqual([]);
    const exported = open.graph.exportJson();
    expect(exported.edges.map((edge) => `${edge.from} -${edge.relation}-> ${edge.to}`).sort()).toEqual(
      [
        'DomainRecord:google.com -name_server-> FQDN:ns1.google.com',
        'DomainRecord:google.com -name_server-> FQDN:ns2.google.com',
        'DomainRecord:google.com -name_server-> FQDN:ns3.google.com',
        'DomainRecord:google.com -name_server-> FQDN:ns4.google.com',
        'DomainRecord:google.com -whois_server-> FQDN:whois.markmonitor.com',
        `DomainRecord:google.com -registrar_contact-> ${MM}#registrar`,
        `DomainRecord:google.com -registrant_contact-> ${MM}#registrant`,
        `DomainRecord:google.com -admin_contact-> ${MM}#admin`,
        `DomainRecord:google.com -technical_contact-> ${MM}#technical`,
        `${MM}#registrar -organization-> Organization:markmonitor inc`,
        `${MM}#registrar -url-> URL:http://www.markmonitor.com/`,
        `${MM}#registrar -id-> Identifier:email:abusecomplaints@markmonitor.com`,
        `${MM}#registrar -phone-> Phone:+12083895740`,
        `${MM}#registrant -organization-> Organization:google inc`,
        `${MM}#registrant -location-> Location:1600 amphitheatre parkway mountain view ca 94043 us`,
        `${MM}#registrant -id-> Identifier:email:dns-admin@google.com`,
        `${MM}#registrant -phone-> Phone:+16502530000`,
        `${MM}#registrant -phone-> Phone:+16506188571`,
        `${MM}#admin -organization-> Organization:google inc`,
        `${MM}#admin -location-> Location:1600 amphitheatre parkway mountain view ca 94043 us`,
        `${MM}#admin -id-> Identifier:email:dns-admin@google.com`,
        `${MM}#admin -phone-> Phone:+16506234000`,
        `${MM}#admin -phone-> Phone:+16506188571`,
        `${MM}#technical -organization-> Organization:google inc`,
        `${MM}#technical -location-> Location:2400 e bayshore pkwy mountain view ca 94043 us`,
        `${MM}#technical -id-> Identifier:email:dns-admin@google.com`,
        `${MM}#technical -phone-> Phone:+16503300100`,
        `${MM}#technical -phone-> Phone:+16506181499`,
      ].sort(),
    );
    const record = exported.entities.find((entity) => entity.id === 'DomainRecord:google.com');
    expect(record?.asset).toMatchObject({
      domain: 'google.com',
      name: 'google',
      extension: 'com',
      id: '2138514_DOMAIN_COM-VRSN',
      whois_server: 'whois.markmonitor.com',
      created_date: '1997-09-15T07:00:00Z',
      updated_date: '2015-06-12T17:38:52Z',
      expiration_date: '2020-09-14T04:00:00Z',
      dnssec: false,
    });
    expect((record?.asset as { raw?: string }).raw?.startsWith('Domain Name: google.com\n')).toBe(true);
  });
});
