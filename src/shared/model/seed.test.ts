import { describe, expect, it } from 'vitest';

import { parseSeed, parseSeedArgument } from './seed';

describe('parseSeed', () => {
  it('accepts an internationalised domain and keys it by its A-label', () => {
    expect(parseSeed('DomainRecord', 'münchen.de')).toEqual({
      ok: true,
      seed: { type: 'DomainRecord', asset: { domain: 'xn--mnchen-3ya.de', name: 'münchen.de' } },
    });
  });

  it('accepts a Japanese domain name', () => {
    expect(parseSeed('DomainRecord', '例え.jp')).toMatchObject({
      ok: true,
      seed: { asset: { domain: 'xn--r8jz45g.jp' } },
    });
  });

  it('reduces a pasted URL to its domain and says so', () => {
    const result = parseSeed('DomainRecord', 'https://www.example.com/contact');
    expect(result).toMatchObject({ ok: true, seed: { asset: { domain: 'example.com' } } });
    expect(result.ok && result.notice).toMatch(/reduced to its domain example\.com/);
  });

  it('reduces a pasted e-mail address to its domain and says so', () => {
    const result = parseSeed('DomainRecord', 'hostmaster@example.org');
    expect(result).toMatchObject({ ok: true, seed: { asset: { domain: 'example.org' } } });
    expect(result.ok && result.notice).toMatch(/e-mail address/);
  });

  it('clears the host bits of a netblock and says so', () => {
    const result = parseSeed('Netblock', '8.8.8.8/24');
    expect(result).toMatchObject({ ok: true, seed: { asset: { cidr: '8.8.8.0/24', type: 'IPv4' } } });
    expect(result.ok && result.notice).toMatch(/host bits/);
  });

  it('writes an IPv6 netblock in RFC 5952 form', () => {
    expect(parseSeed('Netblock', '2001:4860:0000::/32')).toEqual({
      ok: true,
      seed: { type: 'Netblock', asset: { cidr: '2001:4860::/32', type: 'IPv6' } },
    });
  });

  it('refuses an LEI whose check digits do not verify', () => {
    expect(parseSeedArgument('Identifier=lei:851WYGNLUQLFZBSYGB57')).toMatchObject({ ok: false });
  });

  it('accepts a valid LEI in lower case', () => {
    expect(parseSeedArgument('Identifier=lei:inr2ejn1eran0w5zp974')).toMatchObject({
      ok: true,
      seed: { asset: { unique_id: 'lei:INR2EJN1ERAN0W5ZP974' } },
    });
  });
});

describe('organization seeds', () => {
  it('accepts an organization name with letters', () => {
    expect(parseSeedArgument('Organization=Acme, Inc.')).toEqual({
      ok: true,
      seed: { type: 'Organization', asset: { unique_id: 'acme inc', name: 'Acme, Inc.' } },
    });
  });

  it('refuses an organization name made only of punctuation', () => {
    expect(parseSeedArgument('Organization=!!!')).toEqual({
      ok: false,
      error: 'organization name has no letters or digits: "!!!"',
    });
  });

  it('refuses an organization name made only of zero-width characters', () => {
    const result = parseSeedArgument('Organization=\u200b\u200d\ufeff');
    expect(result.ok).toBe(false);
  });

  it('refuses an organization name with control characters', () => {
    expect(parseSeedArgument('Organization=Acme\u001b[2J')).toEqual({
      ok: false,
      error: 'organization name contains control characters',
    });
  });

  it('accepts a name in a non-Latin script', () => {
    expect(parseSeedArgument('Organization=株式会社').ok).toBe(true);
  });
});
