/**
 * Replies that are large by design, as a hostile or broken source sends them: an RDAP autnum with
 * any number of contact entities (each with its own e-mail, so each maps to its own contact
 * record, e-mail and domain). The bench (bench/hostile-growth.ts) and the regression tests share
 * them, so the figures measure what the tests guard.
 */
import type { FakeReply } from '../fakes/http-server';

function contact(index: number): unknown {
  const handle = `HC${index}-ARIN`;
  return {
    objectClassName: 'entity',
    handle,
    roles: ['technical'],
    vcardArray: [
      'vcard',
      [
        ['version', {}, 'text', '4.0'],
        ['fn', {}, 'text', `Hostile Contact ${index}`],
        ['kind', {}, 'text', 'individual'],
        ['email', {}, 'text', `contact${index}@host${index}.example`],
      ],
    ],
  };
}

/** An autnum reply for `asn` holding `contacts` technical contacts under one registrant. */
export function autnumWithContacts(asn: number, contacts: number): FakeReply {
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
        entities: Array.from({ length: contacts }, (_, index) => contact(index)),
      },
    ],
  };
  return { status: 200, headers: { 'content-type': 'application/rdap+json' }, body: JSON.stringify(body) };
}
