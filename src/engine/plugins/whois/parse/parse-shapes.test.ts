/**
 * Unit: the parser on the line shapes and layouts added for the developer corpus's larger
 * families (YAML-shaped replies, role headings, linked RPSL objects, address layouts), each on
 * a small synthetic reply.
 */
import { describe, expect, it } from 'vitest';
import { parseWhoisReply } from './index';

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

describe('parseWhoisReply on the `Country/Economy` label', () => {
  it('reads `Registrant Country/Economy:` as the registrant’s country', () => {
    const parsed = parseWhoisReply(
      'Domain Name:economy.test\nRegistrant Country/Economy:HK\n',
      'economy.test',
    );
    expect(parsed.contacts.registrant?.country).toBe('HK');
  });
});

describe('parseWhoisReply on underscore labels with numbered slots', () => {
  const parsed = parseWhoisReply(
    [
      'domain_name: slots.test',
      'domain_datebilleduntil: 2014-02-17T00:00:00+13:00',
      'ns_name_01: ns1.hosting.test',
      'ns_name_02: ns2.hosting.test',
    ].join('\n'),
    'slots.test',
  );

  it('reads `domain_datebilleduntil` as the expiry date', () => {
    expect(parsed.expirationDate).toBe('2014-02-16T11:00:00Z');
  });

  it('reads `ns_name_NN` labels as name servers', () => {
    expect(parsed.nameServers).toEqual(['ns1.hosting.test', 'ns2.hosting.test']);
  });
});
