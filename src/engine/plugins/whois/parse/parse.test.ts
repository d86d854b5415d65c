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

  it('recognises a refusal wrapped in terminal escapes', () => {
    const reply = '\x1b[31;1mdatabase is down, please retry\x1b[0m\r\n';
    expect(parseWhoisReply(reply, 'example.com').kind).toBe('refused');
  });

  it('reads a reply with a contact or a registry id as a record even when a line asks to slow down', () => {
    const reply = [
      'Domain Name: partial.test',
      'Registry Domain ID: 4711_DOMAIN_TEST-VRSN',
      'Registrant Organization: Partial Widgets Oy',
      'Registrant Country: FI',
      '% Query limit exceeded: the full record is shown to 10 queries a day; try again later',
      '',
    ].join('\n');
    const parsed = parseWhoisReply(reply, 'partial.test');
    expect(parsed.kind).toBe('record');
    expect(parsed.contacts.registrant).toEqual({ organization: 'Partial Widgets Oy', country: 'FI' });
  });

  it('still reads a throttle reply that carries only its own status as throttled', () => {
    expect(parseWhoisReply('Domain Status: 440 Request Denied\nPlease try again later.\n').kind).toBe(
      'throttled',
    );
  });

  it('reads a line-start throttle phrase after comment marks as a throttle', () => {
    expect(parseWhoisReply('% Excessive querying, come back tomorrow.\n', 'x.test').kind).toBe('throttled');
  });

  it('does not read a line-start throttle phrase in the middle of a line', () => {
    const reply = 'Blocked for excessive querying, come back tomorrow.\n';
    expect(parseWhoisReply(reply, 'x.test').kind).toBe('unknown');
  });

  it('skips a no-match phrase in a terms line and finds it on a later line', () => {
    const terms = '% By using this service you agree that "not found" may be shown.\n';
    expect(parseWhoisReply(terms, 'x.test').kind).toBe('terms_only');
    expect(parseWhoisReply(`${terms}%\n% No entries found for x.test\n`, 'x.test').kind).toBe('not_found');
  });

  it('reads a line that says only "available" as no match, whatever its comment marks', () => {
    expect(parseWhoisReply('# x.test\n>>>  Available.  \r\n', 'x.test').kind).toBe('not_found');
    expect(parseWhoisReply('Not yet available.\n', 'x.test').kind).toBe('unknown');
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
