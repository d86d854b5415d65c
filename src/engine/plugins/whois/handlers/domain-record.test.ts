import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../../../test/support/fixtures-dir';
import type { GraphReader } from '../../../core/plugin-api';
import type { WhoisLookup } from '../client';
import { buildDomainRecordFindings } from './domain-record';
import { parseWhoisReply } from '../parse';

const emptyGraph: GraphReader = {
  findEntity: () => undefined,
  outgoing: () => [],
  incoming: () => [],
  isMonitoredSince: () => false,
};

function registrarLookup(): WhoisLookup {
  const text = readFileSync(
    path.join(repositoryRoot, 'test', 'fixtures', 'whois', 'whois.registrar.test', 'acme-widgets.test.txt'),
    'utf8',
  );
  const parsed = parseWhoisReply(text, 'acme-widgets.test');
  const hop = {
    server: 'whois.registrar.test',
    query: 'acme-widgets.test',
    text,
    charset: 'utf-8' as const,
    parsed,
  };
  return {
    domain: 'acme-widgets.test',
    outcome: 'found',
    hops: [hop],
    record: hop,
    parsed,
    contactServers: {
      registrar: 'whois.registrar.test',
      registrant: 'whois.registrar.test',
      technical: 'whois.registrar.test',
    },
    failures: [],
  };
}

const CONTACT = 'ContactRecord:whois://whois.registrar.test/acme-widgets.test';

describe('buildDomainRecordFindings', () => {
  const findings = buildDomainRecordFindings(emptyGraph, { domain: 'acme-widgets.test' }, registrarLookup());

  it('fills the DomainRecord fields and keeps the reply as raw', () => {
    const record = findings.entities.find((item) => item.type === 'DomainRecord');
    expect(record?.asset).toEqual({
      domain: 'acme-widgets.test',
      raw: registrarLookup().record?.text,
      id: '1234567_DOMAIN_TEST-FAKE',
      name: 'acme-widgets',
      extension: 'test',
      whois_server: 'whois.registrar.test',
      created_date: '2001-02-03T04:05:06Z',
      updated_date: '2023-04-01T10:00:00Z',
      expiration_date: '2030-02-03T04:05:06Z',
      status: ['clientTransferProhibited'],
      dnssec: true,
    });
  });

  it('links exactly the name servers, the WHOIS server, the contacts and their details', () => {
    const edges = findings.edges.map((edge) => `${edge.from} -${edge.relation}-> ${edge.to}`).sort();
    expect(edges).toEqual(
      [
        'DomainRecord:acme-widgets.test -name_server-> FQDN:ns1.acme-widgets.test',
        'DomainRecord:acme-widgets.test -name_server-> FQDN:ns2.hosting.test',
        'DomainRecord:acme-widgets.test -whois_server-> FQDN:whois.registrar.test',
        `DomainRecord:acme-widgets.test -registrar_contact-> ${CONTACT}#registrar`,
        `DomainRecord:acme-widgets.test -registrant_contact-> ${CONTACT}#registrant`,
        `DomainRecord:acme-widgets.test -technical_contact-> ${CONTACT}#technical`,
        `${CONTACT}#registrar -id-> Identifier:email:abuse@registrar.test`,
        `${CONTACT}#registrar -phone-> Phone:+442079460000`,
        `${CONTACT}#registrar -url-> URL:https://www.registrar.test/`,
        `${CONTACT}#registrar -organization-> Organization:example registrar ltd`,
        `${CONTACT}#registrant -person-> Person:jane marie doe`,
        `${CONTACT}#registrant -location-> Location:12 example street london greater london sw1a 1aa gb`,
        `${CONTACT}#registrant -id-> Identifier:email:jane.doe@acme-widgets.test`,
        `${CONTACT}#registrant -phone-> Phone:+442079460001`,
        `${CONTACT}#registrant -phone-> Phone:+442079460002`,
        `${CONTACT}#registrant -organization-> Organization:acme widgets ltd`,
        `${CONTACT}#technical -id-> Identifier:email:hostmaster@acme-widgets.test`,
        `${CONTACT}#technical -location-> Location:gb`,
        `${CONTACT}#technical -organization-> Organization:img src x onerror alert 1`,
      ].sort(),
    );
  });

  it('types the fax number as a fax', () => {
    const fax = findings.entities.find((item) => item.type === 'Phone' && item.asset.raw === '+442079460002');
    expect(fax?.asset).toMatchObject({ type: 'fax', e164: '+442079460002', country_abbrev: 'GB' });
  });

  it('stores HTML from a field as the organization name, exactly', () => {
    const organization = findings.entities.find(
      (item) => item.type === 'Organization' && item.asset.unique_id === 'img src x onerror alert 1',
    );
    expect(organization?.asset).toMatchObject({ name: '<img src=x onerror=alert(1)>' });
  });

  it('dispatches the FQDNs, ContactRecords and Organizations, not the contact details', () => {
    expect([...findings.dispatch].sort()).toEqual(
      [
        'FQDN:ns1.acme-widgets.test',
        'FQDN:ns2.hosting.test',
        'FQDN:whois.registrar.test',
        `${CONTACT}#registrar`,
        `${CONTACT}#registrant`,
        `${CONTACT}#technical`,
        'Organization:example registrar ltd',
        'Organization:acme widgets ltd',
        'Organization:img src x onerror alert 1',
      ].sort(),
    );
  });

  it('finds nothing for a domain the registry does not know', () => {
    const lookup: WhoisLookup = {
      domain: 'missing.test',
      outcome: 'not_found',
      hops: [],
      contactServers: {},
      failures: [],
    };
    expect(buildDomainRecordFindings(emptyGraph, { domain: 'missing.test' }, lookup)).toEqual({
      entities: [],
      edges: [],
      dispatch: [],
    });
  });

  it('gives a contact with a country and no street a country-level Location keyed by the ISO code, shown as the reply spells it', () => {
    const text = [
      'Domain Name: redacted.test',
      'Registrar: Example Registrar Ltd.',
      'Registrant Organization: Redacted Widgets GmbH',
      'Registrant Street: REDACTED FOR PRIVACY',
      'Registrant City: REDACTED FOR PRIVACY',
      'Registrant State/Province: Bayern',
      'Registrant Country: Germany',
      '',
    ].join('\n');
    const parsed = parseWhoisReply(text, 'redacted.test');
    const hop = { server: 'whois.nic.test', query: 'redacted.test', text, charset: 'utf-8', parsed };
    const found = buildDomainRecordFindings(
      emptyGraph,
      { domain: 'redacted.test' },
      {
        domain: 'redacted.test',
        outcome: 'found',
        hops: [hop],
        record: hop,
        parsed,
        contactServers: {},
        failures: [],
      },
    );
    const location = found.edges.find((edge) => edge.relation === 'location');
    expect(location?.from).toBe('ContactRecord:whois://whois.nic.test/redacted.test#registrant');
    expect(location?.to).toBe('Location:bayern de');
    expect(found.entities.find((entity) => entity.type === 'Location')?.asset).toMatchObject({
      address: 'Bayern Germany',
      country: 'DE',
      province: 'Bayern',
    });
  });
});

describe('a contact name that names a role', () => {
  it('makes no Person of `Domain Administrator` or `Hostmaster`, and keeps the organization', () => {
    for (const roleName of ['Domain Administrator', 'Hostmaster', 'DNS Admin', 'Domain manager']) {
      const text = [
        'Domain Name: role-name.test',
        'Creation Date: 2001-02-03T04:05:06Z',
        `Registrant Name: ${roleName}`,
        'Registrant Organization: Role Name Widgets Ltd',
        '',
      ].join('\n');
      const parsed = parseWhoisReply(text, 'role-name.test');
      const hop = { server: 'whois.nic.test', query: 'role-name.test', text, charset: 'utf-8', parsed };
      const findings = buildDomainRecordFindings(
        emptyGraph,
        { domain: 'role-name.test' },
        {
          domain: 'role-name.test',
          outcome: 'found',
          hops: [hop],
          record: hop,
          parsed,
          contactServers: {},
          failures: [],
        },
      );
      expect(findings.entities.filter((item) => item.type === 'Person')).toEqual([]);
      expect(findings.entities.some((item) => item.type === 'Organization')).toBe(true);
    }
  });

  it("still makes a Person of a person's name", () => {
    const text = 'Domain Name: person.test\nCreation Date: 2001-02-03T04:05:06Z\nRegistrant Name: Jane Doe\n';
    const parsed = parseWhoisReply(text, 'person.test');
    const hop = { server: 'whois.nic.test', query: 'person.test', text, charset: 'utf-8', parsed };
    const findings = buildDomainRecordFindings(
      emptyGraph,
      { domain: 'person.test' },
      {
        domain: 'person.test',
        outcome: 'found',
        hops: [hop],
        record: hop,
        parsed,
        contactServers: {},
        failures: [],
      },
    );
    expect(findings.entities.filter((item) => item.type === 'Person')).toHaveLength(1);
  });
});
