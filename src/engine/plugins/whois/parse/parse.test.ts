import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../../../test/support/fixtures-dir';
import { isRedacted, normaliseWhoisDate, parseWhoisReply } from './index';

function synthetic(server: string, query: string): string {
  return readFileSync(path.join(repositoryRoot, 'test', 'fixtures', 'whois', server, `${query}.txt`), 'utf8');
}

describe('parseWhoisReply on ICANN key/value replies', () => {
  const registrar = parseWhoisReply(
    synthetic('whois.registrar.test', 'acme-widgets.test'),
    'acme-widgets.test',
  );

  it('reads the domain fields of a registrar reply', () => {
    expect(registrar).toMatchObject({
      kind: 'record',
      domain: 'acme-widgets.test',
      id: '1234567_DOMAIN_TEST-FAKE',
      registrar: 'Example Registrar Ltd.',
      whoisServer: 'whois.registrar.test',
      referral: 'whois.registrar.test',
      createdDate: '2001-02-03T04:05:06Z',
      updatedDate: '2023-04-01T10:00:00Z',
      expirationDate: '2030-02-03T04:05:06Z',
      status: ['clientTransferProhibited'],
      dnssec: true,
      nameServers: ['ns1.acme-widgets.test', 'ns2.hosting.test'],
    });
  });

  it('reads the registrant contact with every field', () => {
    expect(registrar.contacts.registrant).toEqual({
      name: 'Jane Marie Doe',
      organization: 'Acme Widgets Ltd',
      street: '12 Example Street',
      city: 'London',
      province: 'Greater London',
      postalCode: 'SW1A 1AA',
      country: 'GB',
      phone: '+44.2079460001',
      fax: '+44.2079460002',
      email: 'Jane.Doe@Acme-Widgets.test',
    });
  });

  it('builds the registrar contact from the registrar, IANA id, URL and abuse fields', () => {
    expect(registrar.contacts.registrar).toEqual({
      organization: 'Example Registrar Ltd.',
      id: '9999',
      url: 'https://www.registrar.test/',
      email: 'abuse@registrar.test',
      phone: '+44.2079460000',
    });
  });

  it('drops redacted values and leaves out contacts that only had redacted values', () => {
    expect(registrar.contacts.admin).toBeUndefined();
    expect(registrar.contacts.billing).toBeUndefined();
    expect(registrar.contacts.technical?.name).toBeUndefined();
  });

  it('keeps HTML in a field as the exact text', () => {
    expect(registrar.contacts.technical).toEqual({
      organization: '<img src=x onerror=alert(1)>',
      country: 'GB',
      email: 'hostmaster@acme-widgets.test',
    });
  });

  it('reads a registry reply indented by three spaces and its registrar referral', () => {
    const registry = parseWhoisReply(synthetic('whois.nic.test', 'acme-widgets.test'), 'acme-widgets.test');
    expect(registry).toMatchObject({
      kind: 'record',
      domain: 'acme-widgets.test',
      referral: 'whois.registrar.test',
      nameServers: ['ns1.acme-widgets.test', 'ns2.hosting.test'],
    });
  });

  it('picks the queried domain among several records and takes its WHOIS server', () => {
    const reply = [
      '   Server Name: EXAMPLE.TEST.NS.OTHER',
      '   Registrar: OTHER REGISTRAR',
      '   Whois Server: whois.other.test',
      '',
      '   Domain Name: EXAMPLE.TEST',
      '   Registrar: RIGHT REGISTRAR',
      '   Whois Server: whois.right.test',
      '   Name Server: NS1.EXAMPLE.TEST',
      '   Updated Date: 03-may-2014',
      '',
    ].join('\n');
    expect(parseWhoisReply(reply, 'example.test')).toMatchObject({
      registrar: 'RIGHT REGISTRAR',
      referral: 'whois.right.test',
      updatedDate: '2014-05-03T00:00:00Z',
    });
  });

  it('keeps the port of a whois:// referral', () => {
    const reply =
      'Domain Name: example.test\nReferralServer: whois://whois.example.test:4343/\nCreated: 2001-01-01\n';
    expect(parseWhoisReply(reply).referral).toBe('whois.example.test:4343');
  });

  it('ignores an rwhois referral, which is not a port-43 server', () => {
    const reply = 'Domain Name: example.test\nReferralServer: rwhois://rwhois.example.test:4321\n';
    expect(parseWhoisReply(reply).referral).toBeUndefined();
  });
});

describe('parseWhoisReply on other reply kinds', () => {
  it('recognises a "no match" reply', () => {
    expect(parseWhoisReply('No match for "MISSING.TEST".\r\n').kind).toBe('not_found');
  });

  it('recognises a throttle reply', () => {
    expect(parseWhoisReply('Query rate exceeded. Please try again later.\n').kind).toBe('throttled');
  });

  it('recognises a refusal', () => {
    expect(parseWhoisReply('Sorry, the Whois database is currently down.\n').kind).toBe('refused');
  });

  it('calls a reply in no format it knows unknown, and one with no text at all empty', () => {
    expect(parseWhoisReply('\u0001\u0002 garbage \u00ff\n').kind).toBe('unknown');
    expect(parseWhoisReply(' \r\n\n').kind).toBe('empty');
  });

  it('reads an RPSL reply with contact handles', () => {
    const reply = [
      'domain:   rpsl.test',
      'holder-c: H1-TEST',
      'tech-c:   T1-TEST',
      'nserver:  ns.rpsl.test',
      'created:  02/03/2004',
      '',
      'nic-hdl:  H1-TEST',
      'type:     ORGANIZATION',
      'contact:  Holder Company',
      'address:  1 Test Road',
      'address:  75001 Paris',
      'country:  FR',
      'e-mail:   holder@rpsl.test',
      '',
      'nic-hdl:  T1-TEST',
      'type:     PERSON',
      'contact:  Tom Tester',
      'e-mail:   tom@rpsl.test',
      'created:  01/01/1999',
      '',
    ].join('\n');
    const parsed = parseWhoisReply(reply, 'rpsl.test');
    expect(parsed.createdDate).toBe('2004-03-02T00:00:00Z');
    expect(parsed.contacts.registrant).toEqual({
      id: 'H1-TEST',
      organization: 'Holder Company',
      street: '1 Test Road, 75001 Paris',
      country: 'FR',
      email: 'holder@rpsl.test',
    });
    expect(parsed.contacts.technical).toEqual({ id: 'T1-TEST', name: 'Tom Tester', email: 'tom@rpsl.test' });
  });

  it('reads a sectioned reply whose values sit under their headers', () => {
    const reply = [
      '    Domain name:',
      '        sectioned.test',
      '',
      '    Registrar:',
      '        Test Registrar Ltd [Tag = TEST]',
      '        URL: https://registrar.test',
      '',
      '    Name servers:',
      '        ns1.sectioned.test        192.0.2.1',
      '',
    ].join('\n');
    expect(parseWhoisReply(reply)).toMatchObject({
      domain: 'sectioned.test',
      registrar: 'Test Registrar Ltd',
      nameServers: ['ns1.sectioned.test'],
      contacts: { registrar: { organization: 'Test Registrar Ltd', url: 'https://registrar.test' } },
    });
  });
});

describe('normaliseWhoisDate', () => {
  const cases: [string, string | undefined][] = [
    ['2015-06-12T10:38:52-0700', '2015-06-12T17:38:52Z'],
    ['2008-10-22T11:33:44+02:00', '2008-10-22T09:33:44Z'],
    ['2019-09-17T10:43:57.0Z', '2019-09-17T10:43:57Z'],
    ['2003-03-10 19:06:34', '2003-03-10T19:06:34Z'],
    ['2020/08/06 13:20:20 (JST)', '2020-08-06T04:20:20Z'],
    ['2007. 03. 02.', '2007-03-02T00:00:00Z'],
    ['2004.03.04', '2004-03-04T00:00:00Z'],
    ['27/07/2000', '2000-07-27T00:00:00Z'],
    ['03-may-2014', '2014-05-03T00:00:00Z'],
    ['19970711 #46903', '1997-07-11T00:00:00Z'],
    ['September  5 2000', '2000-09-05T00:00:00Z'],
    ['Tue Dec 12 2000', '2000-12-12T00:00:00Z'],
    ['31 May 1999', '1999-05-31T00:00:00Z'],
    ['before the flood', undefined],
    ['2020-13-45', undefined],
  ];
  for (const [raw, expected] of cases) {
    it(`reads "${raw}" as ${String(expected)}`, () => {
      expect(normaliseWhoisDate(raw)).toBe(expected);
    });
  }
});

describe('isRedacted', () => {
  it('knows the usual redaction phrases', () => {
    for (const value of [
      'REDACTED FOR PRIVACY',
      'Data Protected',
      'Not Disclosed',
      'NOT DISCLOSED!',
      'GDPR Masked',
    ]) {
      expect(isRedacted(value), value).toBe(true);
    }
  });

  it('keeps real names and companies', () => {
    for (const value of ['Jane Marie Doe', 'Domain Protection Services, Inc.', 'Acme Widgets Ltd']) {
      expect(isRedacted(value), value).toBe(false);
    }
  });
});

describe('parseWhoisReply on YAML-shaped replies', () => {
  const yaml = [
    '--- #YAML:1.0',
    '# terms of use',
    '--- !Domain',
    'name: yaml-shaped.test',
    'created: "2011-01-13T15:45:18+01:00"',
    'name_servers:',
    '- ns1.hosting.test',
    '- ns2.hosting.test',
    'registrant: !Contact',
    '  nic-handle: AB1-TEST',
    '  name: Jane Doe',
    '  company: Example Widgets',
    '  address: |-',
    '    1 Example Street',
    '    75001 Paris',
    'technical_contact: !Contact',
    '  nic-handle: CD2-TEST',
    '  company: Example Hosting',
  ].join('\n');
  const parsed = parseWhoisReply(yaml, 'yaml-shaped.test');

  it('reads the top-level mapping of a YAML document as the domain record', () => {
    expect(parsed).toMatchObject({
      kind: 'record',
      createdDate: '2011-01-13T14:45:18Z',
      nameServers: ['ns1.hosting.test', 'ns2.hosting.test'],
    });
  });

  it('reads a tagged nested mapping as the contact of the role its key names, handle included', () => {
    expect(parsed.contacts.registrant).toMatchObject({
      id: 'AB1-TEST',
      name: 'Jane Doe',
      organization: 'Example Widgets',
      street: '1 Example Street, 75001 Paris',
    });
    expect(parsed.contacts.technical).toMatchObject({ id: 'CD2-TEST', organization: 'Example Hosting' });
  });
});

describe('parseWhoisReply on role headings followed by plain labels', () => {
  it('reads the labelled lines after a valueless `Registrar:` heading as the registrar', () => {
    const parsed = parseWhoisReply(
      [
        'domain: heading.test',
        '',
        'Registrar:',
        'name:       Example Registrar AS',
        'url:        http://registrar.test',
      ].join('\n'),
      'heading.test',
    );
    expect(parsed.registrar).toBe('Example Registrar AS');
    expect(parsed.contacts.registrar?.url).toBe('http://registrar.test');
  });

  it('reads a `ContactID:` line in a role section as that contact’s handle', () => {
    const parsed = parseWhoisReply(
      [
        'Domain: handle.test',
        '',
        'Registrant',
        '  Name:             Jane Doe',
        '  ContactID:        JD1234',
      ].join('\n'),
      'handle.test',
    );
    expect(parsed.contacts.registrant).toMatchObject({ name: 'Jane Doe', id: 'JD1234' });
  });
});

describe('parseWhoisReply on RPSL objects linked from the domain block', () => {
  it('reads the role handles of a block the domain block links to by the same key and value', () => {
    const parsed = parseWhoisReply(
      [
        'domain:       linked.test',
        'registrant:   AB-1',
        'nsset:        NS-7',
        '',
        'contact:      AB-1',
        'name:         Jane Doe',
        '',
        'nsset:        NS-7',
        'nserver:      ns1.hosting.test',
        'tech-c:       CD-2',
        '',
        'contact:      CD-2',
        'name:         Hosting Admin',
        'e-mail:       admin@hosting.test',
      ].join('\n'),
      'linked.test',
    );
    expect(parsed.contacts.technical).toMatchObject({
      id: 'CD-2',
      name: 'Hosting Admin',
      email: 'admin@hosting.test',
    });
  });
});

describe('parseWhoisReply on decorated role blocks of unlabelled lines', () => {
  const parsed = parseWhoisReply(
    [
      '** Domain Name: block.test',
      '',
      '** Registrant:',
      '   Example Widgets Ltd.',
      '   Example Cd. No:61 Kat 2',
      '   ',
      '   Istanbul,',
      '     Turkiye',
      '   owner@widgets.test',
    ].join('\n'),
    'block.test',
  );

  it('keeps an address line with a colon inside (`No:61`) and lines after a line of spaces', () => {
    expect(parsed.contacts.registrant).toMatchObject({
      organization: 'Example Widgets Ltd.',
      street: 'Example Cd. No:61 Kat 2',
      email: 'owner@widgets.test',
    });
  });

  it('splits a `<city>,` line followed by a country line into city and country', () => {
    expect(parsed.contacts.registrant).toMatchObject({ city: 'Istanbul', country: 'Turkiye' });
  });
});

describe('parseWhoisReply on possessive role labels', () => {
  it("reads `Owner's handle:` and `Technical Contact's handle:` as those contacts' handles", () => {
    const parsed = parseWhoisReply(
      ['Domain: owner.test', "Owner's handle: C4-TEST", "Technical Contact's handle: C6-TEST"].join('\n'),
      'owner.test',
    );
    expect(parsed.contacts.registrant?.id).toBe('C4-TEST');
    expect(parsed.contacts.technical?.id).toBe('C6-TEST');
  });
});

describe('parseWhoisReply on addresses written one part to a line', () => {
  it('splits street, city, county, postcode and country when the postcode precedes the country', () => {
    const parsed = parseWhoisReply(
      [
        '    Domain name:',
        '        lines.test',
        '',
        "    Registrant's address:",
        '        Example House, Example Road',
        '        Example Park',
        '        Oxford',
        '        Oxon',
        '        OX4 4DQ',
        '        United Kingdom',
      ].join('\n'),
      'lines.test',
    );
    expect(parsed.contacts.registrant).toMatchObject({
      street: 'Example House, Example Road, Example Park',
      city: 'Oxford',
      province: 'Oxon',
      postalCode: 'OX4 4DQ',
      country: 'United Kingdom',
    });
  });
});

describe('parseWhoisReply on a person’s role block', () => {
  it('reads the lines between the name and the first street line as the organization, not the street', () => {
    const parsed = parseWhoisReply(
      [
        'Domain Name: PERSON.TEST',
        'Technical Contact:',
        '   Jane Doe',
        '   Systems Administrator',
        '   Example College',
        '   1000 W. Example Avenue',
        '   Springfield, ID 83814',
        '   UNITED STATES',
        '   jane@person.test',
      ].join('\n'),
      'person.test',
    );
    expect(parsed.contacts.technical).toMatchObject({
      name: 'Jane Doe',
      organization: 'Systems Administrator, Example College',
      street: '1000 W. Example Avenue',
      city: 'Springfield',
      province: 'ID',
      postalCode: '83814',
      country: 'UNITED STATES',
      email: 'jane@person.test',
    });
  });
});

describe('parseWhoisReply on more label spellings', () => {
  const parsed = parseWhoisReply(
    [
      'domain: labels.test',
      'date_approved: 2005-06-25 16:03:30',
      'ns1_hostname: ns1.hosting.test',
      'ns1_netaddress: 192.0.2.1',
      'ns2_hostname: ns2.hosting.test',
    ].join('\n'),
    'labels.test',
  );

  it('reads `date_approved` as the creation date', () => {
    expect(parsed.createdDate).toBe('2005-06-25T16:03:30Z');
  });

  it('reads numbered `nsN_hostname` labels as name servers and not their addresses', () => {
    expect(parsed.nameServers).toEqual(['ns1.hosting.test', 'ns2.hosting.test']);
  });

  it('reads an RPSL `registration:` line as the creation date', () => {
    expect(parseWhoisReply('domain: rpsl.test\nregistration: 21-March-2002\n', 'rpsl.test').createdDate).toBe(
      '2002-03-21T00:00:00Z',
    );
  });
});

describe('parseWhoisReply on RPSL contact addresses', () => {
  it('splits postal code, city and country code off an RPSL contact object’s address lines', () => {
    const parsed = parseWhoisReply(
      [
        'domain:   rpsl-address.test',
        'admin-c:  AB1-TEST',
        '',
        'nic-handle:     AB1-TEST',
        'organization:   Example Telecom',
        'address:        Example Av., 51',
        'address:        03110 KYIV',
        'address:        UA',
      ].join('\n'),
      'rpsl-address.test',
    );
    expect(parsed.contacts.admin).toMatchObject({
      id: 'AB1-TEST',
      street: 'Example Av., 51',
      postalCode: '03110',
      city: 'KYIV',
      country: 'UA',
    });
  });
});

describe('parseWhoisReply on AFNIC-style person objects', () => {
  const reply = (type: string): string =>
    [
      'domain:      afnic.test',
      'admin-c:     AB1-TEST',
      '',
      'nic-hdl:     AB1-TEST',
      `type:        ${type}`,
      'contact:     Jane Doe',
      'address:     Example Widgets',
      'address:     38, avenue Example',
      'address:     75002 Paris',
      'country:     FR',
    ].join('\n');

  it('reads the first address line of a person object as its organization when a street follows', () => {
    expect(parseWhoisReply(reply('PERSON'), 'afnic.test').contacts.admin).toMatchObject({
      name: 'Jane Doe',
      organization: 'Example Widgets',
      street: '38, avenue Example, 75002 Paris',
    });
  });

  it('keeps every address line of an organization object as its address', () => {
    expect(parseWhoisReply(reply('ORGANIZATION'), 'afnic.test').contacts.admin).toMatchObject({
      organization: 'Jane Doe',
      street: 'Example Widgets, 38, avenue Example, 75002 Paris',
    });
  });
});

describe('parseWhoisReply on numbered address labels', () => {
  const parsed = parseWhoisReply(
    [
      'Domain : numbered.test',
      'Registrant name : Example Widgets',
      'Registrant address 1 : 1 RUE EXAMPLE',
      'Registrant address 2 : BP 2839',
      'Registrant address 3 : 98846 NOUMEA CEDEX',
      'Registrant address 4 : NEW CALEDONIA',
      'registrant_contact_postalcode: 98846',
    ].join('\n'),
    'numbered.test',
  );

  it('reads `Registrant address N` lines as one address with its postcode, city and country', () => {
    expect(parsed.contacts.registrant).toMatchObject({
      street: '1 RUE EXAMPLE, BP 2839',
      postalCode: '98846',
      city: 'NOUMEA CEDEX',
      country: 'NEW CALEDONIA',
    });
  });
});
