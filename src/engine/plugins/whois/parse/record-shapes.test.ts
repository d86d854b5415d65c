/**
 * Unit: the parser on the record layouts added in the third corpus round (dated sentences,
 * record headings after contact blocks, RWhois lines, whoisd name-server blocks), each on a
 * small synthetic reply.
 */
import { describe, expect, it } from 'vitest';
import { parseWhoisReply } from './index';

describe('parseWhoisReply on a record indented under a role heading', () => {
  const parsed = parseWhoisReply(
    [
      'Registrant:',
      '   Example Widgets AS',
      '   Main Street 1, 10111 Tallinn',
      '',
      '   Domain Name: sentence.test',
      '',
      '   Record created on 22-Apr-2003',
      '   Record changed on 28-May-2010',
      '',
      '   Domain servers:',
      '      ns1.hosting.test.',
      '      ns2.hosting.test.',
    ].join('\n'),
    'sentence.test',
  );

  it('reads `Record created on <date>` without a colon as the creation date', () => {
    expect(parsed.createdDate).toBe('2003-04-22T00:00:00Z');
  });

  it('reads `Record changed on <date>` without a colon as the update date', () => {
    expect(parsed.updatedDate).toBe('2010-05-28T00:00:00Z');
  });

  it('reads a `Domain servers:` list under a role heading as the record’s name servers', () => {
    expect(parsed.nameServers).toEqual(['ns1.hosting.test', 'ns2.hosting.test']);
  });

  it('reads no date from a sentence with `on` whose value is no date', () => {
    const other = parseWhoisReply(
      'Domain Name: words.test\nRegistered on behalf of a client\n',
      'words.test',
    );
    expect(other.createdDate).toBeUndefined();
  });
});

describe('parseWhoisReply on a plain record heading after contact blocks', () => {
  const parsed = parseWhoisReply(
    [
      'Domain Name:\theading.test',
      'Technical Contact',
      'Name: Jane Doe',
      'Address',
      '1 Example Street',
      'Douglas',
      'IM1 1AA',
      'Isle of Man',
      'Domain Details',
      'Expiry Date: 03/08/2014 23:59:52',
      'Name Server: ns1.hosting.test.',
    ].join('\r\n'),
    'heading.test',
  );

  it('reads the dates after `Domain Details` as the record’s, not the contact’s', () => {
    expect(parsed.expirationDate).toBe('2014-08-03T23:59:52Z');
  });

  it('reads the name servers after `Domain Details` as the record’s', () => {
    expect(parsed.nameServers).toEqual(['ns1.hosting.test']);
  });

  it('keeps the contact before the heading', () => {
    expect(parsed.contacts.technical?.name).toBe('Jane Doe');
  });
});

describe('parseWhoisReply on RWhois `class:Attribute:value` lines', () => {
  const parsed = parseWhoisReply(
    [
      'domain:Class-Name:domain',
      'domain:Domain-Name:rwhois.test',
      'domain:Primary-Server;I:111.rwhois.test',
      'domain:Created:20090324',
      'domain:Updated:20100401',
      'domain:Maintainer:http://www.registry.test',
    ].join('\n'),
    'rwhois.test',
  );

  it('reads the attribute after the class word as the label', () => {
    expect(parsed).toMatchObject({
      createdDate: '2009-03-24T00:00:00Z',
      updatedDate: '2010-04-01T00:00:00Z',
    });
  });

  it('reads an `Attribute;I` value as an object id, not as the attribute (no name server)', () => {
    expect(parsed.nameServers).toEqual([]);
  });
});

describe('parseWhoisReply on a whoisd reply with an unnamed name-server block', () => {
  const parsed = parseWhoisReply(
    [
      'domain:       whoisd.test',
      'registrant:   ID000001',
      'registered:   03.06.2010 03:34:05',
      '',
      'contact:      ID000001',
      'org:          Example Widgets',
      'street:       Main Street 19, Postbox 1255',
      'city:         Torshavn',
      'postal code:  110',
      'country:      FO',
      '',
      'nserver:      ns1.hosting.test',
      'nserver:      ns2.hosting.test',
      'tech-c:       ID000001',
    ].join('\n'),
    'whoisd.test',
  );

  it('reads the `tech-c` of the block that opens with the name servers as the domain’s', () => {
    expect(parsed.contacts.technical).toMatchObject({ id: 'ID000001', organization: 'Example Widgets' });
  });

  it('reads a handle block’s labelled `street:` line as the street', () => {
    expect(parsed.contacts.registrant?.street).toBe('Main Street 19, Postbox 1255');
  });
});

describe('parseWhoisReply on a SWITCH-style holder heading', () => {
  it('reads the unlabelled lines under `Holder of domain name:` as the registrant', () => {
    const parsed = parseWhoisReply(
      [
        'Domain name:',
        'holder.test',
        '',
        'Holder of domain name:',
        'Example Widgets AG',
        'Bahnhofstrasse 1',
        'CH-8001 Zurich',
        'Switzerland',
      ].join('\n'),
      'holder.test',
    );
    expect(parsed.contacts.registrant).toMatchObject({ organization: 'Example Widgets AG' });
  });
});

describe('parseWhoisReply on a record indented under a role heading across blank lines', () => {
  const parsed = parseWhoisReply(
    [
      'Titular:',
      'Example Widgets SA  (ab1-test)\t\tmail@widgets.test',
      '   Example Widgets SA',
      '',
      '   Nombre de Dominio: titular.test',
      '',
      '   Ultima Actualizacion: 2012-09-12 02:32:59',
      '   Fecha de Creacion: 2012-07-03 20:58:58',
      '',
      '   Servidor(es) de Nombres de Dominio:',
      '',
      '   - ns1.hosting.test',
      '   - ns2.hosting.test',
    ].join('\n'),
    'titular.test',
  );

  it('reads the dates after a blank line as the record’s, not the role’s', () => {
    expect(parsed).toMatchObject({
      createdDate: '2012-07-03T20:58:58Z',
      updatedDate: '2012-09-12T02:32:59Z',
    });
  });

  it('reads the name servers after a blank line as the record’s', () => {
    expect(parsed.nameServers).toEqual(['ns1.hosting.test', 'ns2.hosting.test']);
  });
});

describe('parseWhoisReply on abbreviated and spelled-out labels', () => {
  it('reads `Exp date:` as the expiry date, and `Renew date:` (the last renewal) as none', () => {
    const parsed = parseWhoisReply(
      'Domain Name: abbrev.test\nRenew date: 8 Oct 2012\nExp date: 7 Oct 2013\n',
      'abbrev.test',
    );
    expect(parsed.expirationDate).toBe('2013-10-07T00:00:00Z');
  });

  it('reads the lines after `Domain Name Servers listed in order:` and a blank as name servers', () => {
    const parsed = parseWhoisReply(
      'Domain Name : listed.test\n\nDomain Name Servers listed in order:\n\n  ns1.hosting.test   \n  ns2.hosting.test\n',
      'listed.test',
    );
    expect(parsed.nameServers).toEqual(['ns1.hosting.test', 'ns2.hosting.test']);
  });
});
