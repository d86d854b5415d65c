import { describe, expect, it } from 'vitest';
import { pivotsToDomainRecord } from './pivot-menu';

describe('the context menu offers a domain lookup', () => {
  it('for FQDN, URL and e-mail nodes', () => {
    expect(pivotsToDomainRecord({ type: 'FQDN', asset: { name: 'www.example.org' } })).toBe(true);
    expect(
      pivotsToDomainRecord({
        type: 'URL',
        asset: { url: 'https://example.org/', scheme: 'https', host: 'example.org', path: '/' },
      }),
    ).toBe(true);
    expect(
      pivotsToDomainRecord({
        type: 'Identifier',
        asset: { unique_id: 'email:a@example.org', id: 'a@example.org', id_type: 'email' },
      }),
    ).toBe(true);
  });

  it('not for other identifiers or other nodes', () => {
    expect(
      pivotsToDomainRecord({
        type: 'Identifier',
        asset: { unique_id: 'lei:X', id: 'X', id_type: 'lei' },
      }),
    ).toBe(false);
    expect(pivotsToDomainRecord({ type: 'Organization', asset: { unique_id: 'acme', name: 'Acme' } })).toBe(
      false,
    );
  });
});
