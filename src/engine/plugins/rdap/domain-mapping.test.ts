import { describe, expect, it } from 'vitest';
import type { GraphReader } from '../../core/plugin-api';
import { matchDomain } from './bootstrap';
import { findRegistrarLink } from './client';
import { buildDomainFindings, eppStatus, toALabel } from './domain-mapping';
import { readRedactions, withoutRedacted } from './redaction';

const graph = {
  findEntity: () => undefined,
  outgoing: () => [],
  incoming: () => [],
  isMonitoredSince: () => false,
} as unknown as GraphReader;

function reply(url: string, object: Record<string, unknown>) {
  return { url, server: new URL(url).host, object, redactions: readRedactions(object) };
}

describe('RDAP domain mapping rules', () => {
  it('turns RDAP statuses into the EPP statuses WHOIS shows (RFC 8056)', () => {
    expect(eppStatus('client delete prohibited')).toBe('clientDeleteProhibited');
    expect(eppStatus('active')).toBe('ok');
    expect(eppStatus('pending transfer')).toBe('pendingTransfer');
    expect(eppStatus('odd-status!')).toBe('odd-status!');
  });

  it('asks for IDN names as lowercased A-labels without the root dot', () => {
    expect(toALabel('Bücher.Example.')).toBe('xn--bcher-kva.example');
    expect(toALabel('bad name')).toBeUndefined();
  });

  it('picks the bootstrap entry matching the most labels', () => {
    const services = [
      [['uk'], ['https://rdap.uk.example/']],
      [['co.uk'], ['http://co-uk.example/', 'https://rdap.co-uk.example']],
    ];
    expect(matchDomain(services, 'shop.co.uk')).toBe('https://rdap.co-uk.example/');
    expect(matchDomain(services, 'example.uk')).toBe('https://rdap.uk.example/');
    expect(matchDomain(services, 'example.de')).toBeUndefined();
  });

  it('follows a related RDAP link to another object, never the reply itself or a non-http scheme', () => {
    const self = 'https://rdap.registry.example/domain/a.example';
    const links = (href: string) => ({
      links: [
        { rel: 'self', href: self, type: 'application/rdap+json' },
        { rel: 'related', href, type: 'application/rdap+json' },
      ],
    });
    expect(findRegistrarLink(links('https://rdap.registrar.example/domain/A.EXAMPLE'), self)).toBe(
      'https://rdap.registrar.example/domain/A.EXAMPLE',
    );
    expect(findRegistrarLink(links(`${self}?ticket=1`), self)).toBeUndefined();
    expect(findRegistrarLink(links('data:application/json,{}'), self)).toBeUndefined();
    expect(findRegistrarLink(links('file:///etc/passwd'), self)).toBeUndefined();
  });

  it('never uses "last update of RDAP database" as a date of the domain', () => {
    const findings = buildDomainFindings(graph, { domain: 'a.example' }, 'a.example', [
      reply('https://rdap.registry.example/domain/a.example', {
        objectClassName: 'domain',
        events: [{ eventAction: 'last update of RDAP database', eventDate: '2024-01-01T00:00:00Z' }],
      }),
    ]);
    expect(findings.entities[0]?.asset).not.toHaveProperty('updated_date');
  });

  it('takes dates and statuses from the registry, contacts from the registrar', () => {
    const registry = reply('https://rdap.registry.example/domain/a.example', {
      objectClassName: 'domain',
      status: ['active'],
      events: [{ eventAction: 'expiration', eventDate: '2030-01-01T00:00:00Z' }],
      entities: [
        { roles: ['registrant'], handle: 'REG-1', vcardArray: ['vcard', [['fn', {}, 'text', 'Jane Doe']]] },
      ],
    });
    const registrar = reply('https://rdap.registrar.example/domain/a.example', {
      objectClassName: 'domain',
      status: ['client hold'],
      events: [{ eventAction: 'expiration', eventDate: '2031-01-01T00:00:00Z' }],
      entities: [
        { roles: ['registrant'], handle: 'RAR-1', vcardArray: ['vcard', [['fn', {}, 'text', 'John Roe']]] },
      ],
    });
    const findings = buildDomainFindings(graph, { domain: 'a.example' }, 'a.example', [registry, registrar]);
    expect(findings.entities[0]?.asset).toMatchObject({
      status: ['ok'],
      expiration_date: '2030-01-01T00:00:00Z',
    });
    const edges = findings.edges.map(
      (edge) => `${edge.from} -${edge.relation}-> ${edge.to} @${String(edge.properties?.rdap_server)}`,
    );
    expect(edges).toContain(
      'DomainRecord:a.example -registrant_contact-> ContactRecord:rdap-handle:RAR-1 @rdap.registrar.example',
    );
    expect(edges.some((edge) => edge.includes('REG-1'))).toBe(false);
  });

  it('makes no entity of a redacted or placeholder value and lists what was redacted', () => {
    const object = {
      objectClassName: 'domain',
      redacted: [
        {
          name: { type: 'Registrant Name' },
          postPath: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='fn')][3]",
          method: 'partialValue',
        },
        { name: { description: 'Registrant Email' }, method: 'removal' },
      ],
      entities: [
        {
          roles: ['registrant'],
          vcardArray: [
            'vcard',
            [
              ['fn', {}, 'text', 'J. Doe'],
              ['email', {}, 'text', 'someone@example.net'],
              ['org', {}, 'text', 'REDACTED FOR PRIVACY'],
            ],
          ],
        },
        { roles: ['technical'], vcardArray: ['vcard', [['fn', {}, 'text', 'Redacted For Privacy']]] },
      ],
    };
    const findings = buildDomainFindings(graph, { domain: 'a.example' }, 'a.example', [
      reply('https://rdap.registrar.example/domain/a.example', object),
    ]);
    expect(findings.entities[0]?.asset).toMatchObject({ redacted: ['Registrant Name', 'Registrant Email'] });
    expect(findings.entities.map((entity) => entity.type)).toEqual(['DomainRecord']);
    expect(findings.edges).toEqual([]);
  });

  it('leaves a placeholder street out of a Location and keeps the real city', () => {
    const findings = buildDomainFindings(graph, { domain: 'a.example' }, 'a.example', [
      reply('https://rdap.registrar.example/domain/a.example', {
        objectClassName: 'domain',
        entities: [
          {
            roles: ['registrant'],
            handle: 'R-1',
            vcardArray: [
              'vcard',
              [['adr', { cc: 'DE' }, 'text', ['', '', 'REDACTED FOR PRIVACY', 'Berlin', '', '', '']]],
            ],
          },
        ],
      }),
    ]);
    const locations = findings.entities.filter((entity) => entity.type === 'Location');
    expect(locations).toHaveLength(1);
    expect(JSON.stringify(locations[0]?.asset)).not.toMatch(/redacted/i);
    expect(JSON.stringify(locations[0]?.asset)).toMatch(/Berlin/);
  });

  it('drops a redacted jCard property only for the roles the redaction names', () => {
    const redactions = readRedactions({
      redacted: [{ name: { type: 'Tech Email' }, method: 'removal' }],
    });
    const vcard = [
      'vcard',
      [
        ['email', {}, 'text', 'a@example.net'],
        ['fn', {}, 'text', 'A B'],
      ],
    ];
    expect(withoutRedacted(vcard, ['technical'], redactions)).toEqual(['vcard', [['fn', {}, 'text', 'A B']]]);
    expect(withoutRedacted(vcard, ['registrant'], redactions)).toEqual(vcard);
  });
});
