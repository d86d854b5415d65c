import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import {
  buildAutnumRecord,
  buildIpNetRecord,
  collectContacts,
  findSelfLink,
  parseJCard,
  parseRdapObject,
  relationForRoles,
  toUtcSeconds,
  type RdapObject,
} from './mapping';

function fixture(rir: string, name: string): RdapObject {
  const file = path.join(repositoryRoot, 'test', 'fixtures', 'rdap', 'responses', rir, name);
  return JSON.parse(readFileSync(file, 'utf8')) as RdapObject;
}

describe('RDAP records', () => {
  it('maps an autnum reply to an AutnumRecord with UTC dates', () => {
    const object = fixture('arin', 'autnum_64496.json');
    const { raw, ...record } = buildAutnumRecord(object, 64496, '{"x":1}');
    expect(raw).toBe('{"x":1}');
    expect(record).toEqual({
      number: 64496,
      handle: 'AS64496',
      name: 'EXAMPLE-WIDGETS',
      created_date: '2001-02-03T09:05:06Z',
      updated_date: '2021-06-01T14:00:00Z',
      whois_server: 'whois.arin.net',
      status: ['active'],
    });
  });

  it('keeps a record whose registration events are missing, without dates', () => {
    const record = buildAutnumRecord(fixture('afrinic', 'autnum_64508.json'), 64508, '');
    expect(record.handle).toBe('AS64508');
    expect(record.created_date).toBe('');
    expect(record.updated_date).toBe('');
  });

  it('maps an ip network reply with the Netblock CIDR and type and normalised addresses', () => {
    const object = fixture('ripe', 'ip_2001-db8--.json');
    const { raw: _raw, ...record } = buildIpNetRecord(object, { cidr: '2001:db8::/48', type: 'IPv6' }, '');
    expect(record).toEqual({
      cidr: '2001:db8::/48',
      handle: '2001:db8::/48',
      start_address: '2001:db8::',
      end_address: '2001:db8:0:ffff:ffff:ffff:ffff:ffff',
      type: 'IPv6',
      name: 'VOORBEELD-V6',
      method: 'ASSIGNED PA',
      country: 'NL',
      whois_server: 'whois.ripe.net',
      created_date: '2019-01-02T03:04:05Z',
      updated_date: '2020-01-02T03:04:05Z',
    });
  });

  it('ignores a port43 value that is not a host name and dates that do not parse', () => {
    const record = buildAutnumRecord(fixture('arin', 'autnum_64497.json'), 64497, '');
    expect(record.whois_server).toBeUndefined();
    expect(record.created_date).toBe('');
  });

  it('rejects a reply that is an RDAP error or another object class', () => {
    expect(() => parseRdapObject({ errorCode: 404, title: 'Not Found' }, 'autnum', 'u')).toThrow(
      /RDAP error 404/,
    );
    expect(() => parseRdapObject({ objectClassName: 'entity' }, 'autnum', 'u')).toThrow(/expected an autnum/);
    expect(() => parseRdapObject([1, 2], 'ip network', 'u')).toThrow(/not an RDAP object/);
  });

  it('converts offsets and fractions of RFC 3339 dates to whole UTC seconds', () => {
    expect(toUtcSeconds('2018-10-24T22:58:16-04:00')).toBe('2018-10-25T02:58:16Z');
    expect(toUtcSeconds('2022-05-06T07:08:09.123Z')).toBe('2022-05-06T07:08:09Z');
    expect(toUtcSeconds('yesterday')).toBeUndefined();
  });
});

describe('RDAP links', () => {
  it('takes the typed self link, not an rdap+json link to the parent', () => {
    expect(findSelfLink(fixture('apnic', 'ip_203.0.113.0.json').links)).toBe(
      'https://rdap.apnic.net/ip/203.0.113.0/25',
    );
  });

  it('accepts an untyped self link as RIPE writes it', () => {
    expect(findSelfLink(fixture('ripe', 'autnum_64500.json').links)).toBe(
      'https://rdap.db.ripe.net/autnum/64500',
    );
  });

  it('finds no self link where there are no links', () => {
    expect(findSelfLink(undefined)).toBeUndefined();
    expect(findSelfLink('https://example.net/')).toBeUndefined();
  });
});

describe('RDAP contacts', () => {
  it('gives registrant precedence only at the top level, then administrative, abuse, technical', () => {
    expect(relationForRoles(['technical', 'registrant'], 1)).toBe('registrant');
    expect(relationForRoles(['registrant'], 2)).toBeUndefined();
    expect(relationForRoles(['technical', 'abuse', 'administrative'], 1)).toBe('admin_contact');
    expect(relationForRoles(['technical', 'abuse'], 2)).toBe('abuse_contact');
    expect(relationForRoles(['noc', 'routing'], 1)).toBeUndefined();
  });

  it('visits nested entities, also below an entity whose role is not stored', () => {
    const contacts = collectContacts(fixture('arin', 'autnum_64496.json')).contacts;
    expect(contacts.map((contact) => [contact.handle, contact.relation])).toEqual([
      ['EXW-1', 'registrant'],
      ['EXNOC-ARIN', 'abuse_contact'],
      ['EXADM-ARIN', 'admin_contact'],
    ]);
  });

  it('keeps contacts without a self link by handle and without a vCard', () => {
    const contacts = collectContacts(fixture('ripe', 'autnum_64500.json')).contacts;
    const technical = contacts.find((contact) => contact.handle === 'EXTECH-RIPE');
    expect(technical).toEqual({ handle: 'EXTECH-RIPE', relation: 'technical_contact' });
    expect(contacts.find((contact) => contact.handle === 'JV1-RIPE')?.selfLink).toBeUndefined();
  });

  it('skips an entity with neither handle nor self link but visits its nested entities', () => {
    const contacts = collectContacts(fixture('arin', 'autnum_64497.json')).contacts;
    expect(contacts.map((contact) => contact.handle)).toEqual([
      'NOCARD-ARIN',
      'STRCARD-ARIN',
      'ODD-ARIN',
      'NESTED-ARIN',
      'BADLINKS-ARIN',
    ]);
    expect(contacts[0]?.card).toBeUndefined();
    expect(contacts[1]?.card).toBeUndefined();
  });
});

describe('jCard parsing', () => {
  it('reads kind, name, lowercased e-mail, voice and fax numbers and the label country', () => {
    const [, noc] = collectContacts(fixture('arin', 'autnum_64496.json')).contacts;
    expect(noc?.card).toEqual({
      kind: 'group',
      fullName: 'Example NOC',
      emails: ['noc@example.com'],
      phones: [
        { number: '+1-217-555-0100', type: 'phone' },
        { number: '+1-217-555-0199', type: 'fax' },
      ],
      urls: [],
    });
    const [registrant] = collectContacts(fixture('arin', 'autnum_64496.json')).contacts;
    expect(registrant?.card?.address).toEqual({
      label: '100 Example Way, Springfield, IL, 62701, United States',
    });
    expect(registrant?.card?.countryCode).toBe('US');
  });

  it('reads structured address parts and their ISO country code', () => {
    const contact = collectContacts(fixture('lacnic', 'ip_203.0.113.128.json')).contacts.find(
      (item) => item.handle === 'MSI',
    );
    expect(contact?.card?.address).toEqual({
      parts: {
        street: 'Sala 1, Rua Exemplo 100',
        city: 'Sao Paulo',
        province: 'SP',
        postalCode: '01000-000',
        country: 'BR',
      },
    });
    expect(contact?.card?.countryCode).toBe('BR');
    expect(contact?.card?.phones).toEqual([{ number: '11 5555-0100', type: 'phone' }]);
  });

  it('reads tel URIs with their extension', () => {
    const admin = collectContacts(fixture('afrinic', 'autnum_64508.json')).contacts[1];
    expect(admin?.card?.phones).toEqual([{ number: '+27-21-555-0101', ext: '12', type: 'phone' }]);
  });

  it('reads an ARIN extension written without an equals sign', () => {
    const card = parseJCard(['vcard', [['tel', { type: 'voice' }, 'text', '+1-877-555-0100;ext201']]]);
    expect(card?.phones).toEqual([{ number: '+1-877-555-0100', ext: '201', type: 'phone' }]);
  });

  it('takes the country from an upper-case or "The"-prefixed last label line', () => {
    const ripe = collectContacts(fixture('ripe', 'autnum_64500.json')).contacts[0];
    expect(ripe?.card?.countryCode).toBe('NL');
    const card = parseJCard([
      'vcard',
      [['adr', { label: 'Stationsplein 1\nAmsterdam\nThe Netherlands' }, 'text', null]],
    ]);
    expect(card?.countryCode).toBe('NL');
  });

  it('turns a literal backslash-n in a label into a line break', () => {
    const card = parseJCard([
      'vcard',
      [['adr', { label: 'Bldg 4F\\nChiyoda-ku, Tokyo 101-0047,Japan' }, 'text', null]],
    ]);
    expect(card?.address?.label).toBe('Bldg 4F, Chiyoda-ku, Tokyo 101-0047,Japan');
    expect(card?.countryCode).toBe('JP');
  });

  it('survives missing and odd fields, keeping only what is usable', () => {
    const odd = collectContacts(fixture('arin', 'autnum_64497.json')).contacts.find(
      (item) => item.handle === 'ODD-ARIN',
    );
    expect(odd?.card).toEqual({ kind: 'group', emails: ['x@odd.example'], phones: [], urls: [] });
  });

  it('reads the org property (first component) and url properties', () => {
    const card = parseJCard([
      'vcard',
      [
        ['version', {}, 'text', '4.0'],
        ['org', { type: 'work' }, 'text', ['Example  Registrar, Inc.', 'Abuse desk']],
        ['url', {}, 'uri', 'https://registrar.example/contact'],
      ],
    ]);
    expect(card?.organization).toBe('Example Registrar, Inc.');
    expect(card?.urls).toEqual(['https://registrar.example/contact']);
  });

  it('gives no card for something that is not a jCard', () => {
    expect(parseJCard('BEGIN:VCARD')).toBeUndefined();
    expect(parseJCard(['vcard'])).toBeUndefined();
    expect(parseJCard(undefined)).toBeUndefined();
  });
});
