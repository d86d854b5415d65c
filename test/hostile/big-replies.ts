/**
 * Replies that are large by design, as a hostile or broken source sends them: an RDAP autnum with
 * any number of contact entities (each with its own e-mail, so each maps to its own contact
 * record, e-mail and domain). The bench (bench/hostile-growth.ts) and the regression tests share
 * them, so the figures measure what the tests guard.
 */
import type { FakeReply } from '../fakes/http-server';

function contact(index: number, name = `Hostile Contact ${index}`, kind = 'individual'): unknown {
  const handle = `HC${index}-ARIN`;
  return {
    objectClassName: 'entity',
    handle,
    roles: ['technical'],
    vcardArray: [
      'vcard',
      [
        ['version', {}, 'text', '4.0'],
        ['fn', {}, 'text', name],
        ['kind', {}, 'text', kind],
        ['email', {}, 'text', `contact${index}@host${index}.example`],
      ],
    ],
  };
}

/** An autnum reply for `asn` holding `contacts` technical contacts under one registrant. */
export function autnumWithContacts(asn: number, contacts: number): FakeReply {
  return autnumOf(
    asn,
    Array.from({ length: contacts }, (_, index) => contact(index)),
  );
}

/** An autnum reply whose technical contacts are organizations of the given names. */
export function autnumWithOrganizations(asn: number, names: string[]): FakeReply {
  return autnumOf(
    asn,
    names.map((name, index) => contact(index, name, 'org')),
  );
}

function autnumOf(asn: number, contacts: unknown[]): FakeReply {
  const body = {
    rdapConformance: ['rdap_level_0'],
    objectClassName: 'autnum',
    handle: `AS${asn}`,
    startAutnum: asn,
    endAutnum: asn,
    name: 'HOSTILE-CONTACTS',
    status: ['active'],
    entities: [
      {
        objectClassName: 'entity',
        handle: 'HOSTILE-REG',
        roles: ['registrant'],
        vcardArray: [
          'vcard',
          [
            ['version', {}, 'text', '4.0'],
            ['fn', {}, 'text', 'Hostile Holdings'],
            ['kind', {}, 'text', 'org'],
          ],
        ],
        entities: contacts,
      },
    ],
  };
  return { status: 200, headers: { 'content-type': 'application/rdap+json' }, body: JSON.stringify(body) };
}
