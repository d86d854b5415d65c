import { describe, expect, it } from 'vitest';

import { canonicalCountry } from './country';
import { canonicalHostName, readDomainInput, registrableDomain } from './domain';
import { canonicalEmail } from './email';
import { canonicalCidr, canonicalIp } from './ip';
import { canonicalLei } from './lei';
import { locationKey, locationKeyOfText, withoutCountryPrefix, type AddressParts } from './location';

describe('canonicalLei', () => {
  it.each([
    ['INR2EJN1ERAN0W5ZP974', 'INR2EJN1ERAN0W5ZP974'],
    ['lei:inr2ejn1eran0w5zp974', 'INR2EJN1ERAN0W5ZP974'],
    [' 5493001KJTIIGC8Y1R12 ', '5493001KJTIIGC8Y1R12'],
    ['5493 001K JTII GC8Y 1R12', '5493001KJTIIGC8Y1R12'],
  ])('accepts %s as %s', (input, lei) => {
    expect(canonicalLei(input)).toEqual({ ok: true, lei });
  });

  it('refuses an LEI whose check digits do not verify', () => {
    const result = canonicalLei('lei:851WYGNLUQLFZBSYGB57');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/check digits/);
  });

  it('refuses a code of the wrong shape', () => {
    expect(canonicalLei('INR2EJN1ERAN0W5ZP9').ok).toBe(false);
    expect(canonicalLei('INR2EJN1ERAN0W5ZP9AB').ok).toBe(false);
  });
});

describe('canonicalCidr', () => {
  it.each([
    ['2001:4860::/32', '2001:4860::/32', false],
    ['2001:4860:0000::/32', '2001:4860::/32', false],
    ['2001:4860:0::/32', '2001:4860::/32', false],
    ['2001:4860:0:0:0:0:0:0/32', '2001:4860::/32', false],
    ['2001:DB8::/32', '2001:db8::/32', false],
    ['8.8.8.0/24', '8.8.8.0/24', false],
    ['8.8.8.8/24', '8.8.8.0/24', true],
    ['008.008.008.000/24', '8.8.8.0/24', false],
    ['2001:4860:4860::8888/48', '2001:4860:4860::/48', true],
  ])('writes %s as %s', (input, cidr, hostBitsCleared) => {
    expect(canonicalCidr(input)).toMatchObject({ cidr, hostBitsCleared });
  });

  it.each(['8.8.8.0/33', '2001:db8::/129', '8.8.8/24', 'example.com/24', '8.8.8.0', '8.8.8.0/24/1'])(
    'refuses %s',
    (input) => {
      expect(canonicalCidr(input)).toBeUndefined();
    },
  );
});

describe('canonicalIp', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8', 'IPv4'],
    ['010.001.002.003', '10.1.2.3', 'IPv4'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1', 'IPv6'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1', 'IPv6'],
    ['[2001:db8::1]', '2001:db8::1', 'IPv6'],
  ])('writes %s as %s', (input, address, type) => {
    expect(canonicalIp(input)).toEqual({ address, type });
  });

  it('refuses an IPv6 address with a zone id', () => {
    expect(canonicalIp('fe80::1%eth0')).toBeUndefined();
  });
});

describe('canonicalHostName', () => {
  it.each([
    ['münchen.de', 'xn--mnchen-3ya.de', 'münchen.de'],
    ['例え.jp', 'xn--r8jz45g.jp', '例え.jp'],
    ['Example.COM.', 'example.com', 'example.com'],
    ['xn--mnchen-3ya.de', 'xn--mnchen-3ya.de', 'münchen.de'],
  ])('gives %s the A-label %s and shows %s', (input, ascii, unicode) => {
    expect(canonicalHostName(input)).toEqual({ ascii, unicode });
  });

  it.each(['exa mple.com', 'localhost', '-bad.com', 'a..b.com', '192.168.0.1', 'user@example.com'])(
    'refuses %s',
    (input) => {
      expect(canonicalHostName(input)).toBeUndefined();
    },
  );
});

describe('readDomainInput', () => {
  it('reduces a pasted URL to its registrable domain with a notice', () => {
    const result = readDomainInput('https://www.example.co.uk/about?x=1');
    expect(result).toMatchObject({ ok: true, domain: { ascii: 'example.co.uk' } });
    expect(result.ok && result.notice).toMatch(/URL .* reduced to its domain example\.co\.uk/);
  });

  it('reduces an e-mail address to its domain with a notice', () => {
    const result = readDomainInput('abuse@Example.com');
    expect(result).toMatchObject({ ok: true, domain: { ascii: 'example.com' } });
    expect(result.ok && result.notice).toMatch(/e-mail address/);
  });

  it('takes a domain as it is, without a notice', () => {
    expect(readDomainInput('münchen.de')).toEqual({
      ok: true,
      domain: { ascii: 'xn--mnchen-3ya.de', unicode: 'münchen.de' },
    });
  });

  it('refuses a public suffix', () => {
    expect(readDomainInput('co.uk').ok).toBe(false);
  });
});

describe('registrableDomain', () => {
  it("takes an unlisted top-level label as a one-label suffix (the list's default rule)", () => {
    expect(registrableDomain('host.example.invalidtld')).toBe('example.invalidtld');
  });

  it('knows multi-label public suffixes', () => {
    expect(registrableDomain('www.example.co.uk')).toBe('example.co.uk');
  });
});

describe('canonicalEmail', () => {
  it('lower-cases the address and writes the domain as an A-label', () => {
    expect(canonicalEmail('Info@München.DE')).toEqual({
      address: 'info@xn--mnchen-3ya.de',
      domain: 'xn--mnchen-3ya.de',
    });
  });

  it('refuses text that is not an address', () => {
    expect(canonicalEmail('not an address')).toBeUndefined();
    expect(canonicalEmail('a b@example.com')).toBeUndefined();
  });
});

describe('canonicalCountry', () => {
  it.each([
    ['US', 'US'],
    ['usa', 'US'],
    ['United States of America', 'US'],
    ['Deutschland', 'DE'],
    ['Allemagne', 'DE'],
    ['DEU', 'DE'],
    ['276', 'DE'],
    ['UK', 'GB'],
    ['United Kingdom', 'GB'],
    ['日本', 'JP'],
  ])('reads %s as %s', (input, code) => {
    expect(canonicalCountry(input)).toBe(code);
  });

  it('does not take an unknown word for a country', () => {
    expect(canonicalCountry('Redmond')).toBeUndefined();
  });
});

describe('location keys', () => {
  // GLEIF records as the recorded replies spell them (../shared/fixtures/gleif: upper case, lines
  // as a list, region with its ISO prefix, country code), each beside how a WHOIS or RDAP reply
  // writes the same place (mixed case, ", " between lines, state code, country name or alpha-3).
  const oneAddress: [source: string, gleif: AddressParts, whois: string][] = [
    [
      'Microsoft headquarters (GLEIF INR2EJN1ERAN0W5ZP974)',
      {
        lines: ['ONE MICROSOFT WAY'],
        city: 'REDMOND',
        province: 'US-WA',
        postalCode: '98052-8300',
        country: 'US',
      },
      'One Microsoft Way, Redmond, WA, 98052-8300, United States',
    ],
    [
      'a two-line registered agent address (Amazon UK legal address)',
      {
        lines: ['C/O CORPORATION SERVICE COMPANY', '251 LITTLE FALLS DRIVE'],
        city: 'WILMINGTON',
        province: 'US-DE',
        postalCode: '19808',
        country: 'US',
      },
      'c/o Corporation Service Company\n251 Little Falls Drive\nWilmington, DE 19808\nUSA',
    ],
    [
      'a Canadian suite (PUMA Canada)',
      {
        lines: ['165 GALAXY BLVD SUITE 201'],
        city: 'Toronto',
        province: 'CA-ON',
        postalCode: 'M9W 0C8',
        country: 'CA',
      },
      '165 Galaxy Blvd., Suite 201, Toronto, ON, M9W 0C8, Canada',
    ],
    [
      'a German street with ß (PUMA SE)',
      {
        lines: ['PUMA Way 1'],
        city: 'Herzogenaurach',
        province: 'DE-BY',
        postalCode: '91074',
        country: 'DE',
      },
      'Puma Way 1, Herzogenaurach, BY, 91074, Germany',
    ],
  ];

  it.each(oneAddress)('gives the GLEIF and the WHOIS spelling of %s one key', (_source, gleif, whois) => {
    expect(locationKeyOfText(whois)).toBe(locationKey(gleif));
  });

  // Pairs of real spellings of one place from the recorded replies, and country-level Locations.
  it.each([
    // ARIN's RDAP vCard label and MarkMonitor's WHOIS registrant block for Google
    [
      '1600 Amphitheatre Parkway, Mountain View, CA, 94043, UNITED STATES',
      '1600 Amphitheatre Parkway Mountain View CA 94043 US',
    ],
    ['Siezenheimer Straße 39 A, Salzburg, 5020, AT', 'SIEZENHEIMER STRASSE 39 A SALZBURG 5020 AUSTRIA'],
    ['Bahnhofstrasse 1, Zürich, 8001, CH', 'Bahnhofstrasse 1 Zurich 8001 Switzerland'],
    ['ＯＮＥ　ＭＩＣＲＯＳＯＦＴ　ＷＡＹ REDMOND', 'One Microsoft Way Redmond'],
    ['GB', 'United Kingdom'],
    ['GB', 'UK'],
    ['US', 'United States of America'],
    ['Bayern DE', 'Bayern, Germany'],
    ['Bayern 80331 DE', 'Bayern, 80331, DEU'],
  ])('reads %j and %j as one place', (first, second) => {
    expect(locationKeyOfText(first)).toBe(locationKeyOfText(second));
  });

  it('writes the country as its lower-case alpha-2 code at the end of the key', () => {
    expect(locationKeyOfText('One Microsoft Way, Redmond, WA, 98052-8300, United States')).toBe(
      'one microsoft way redmond wa 98052 8300 us',
    );
  });

  it.each([
    [
      'house number',
      'One Microsoft Way, Redmond, WA, 98052-8300, US',
      'Two Microsoft Way, Redmond, WA, 98052-8300, US',
    ],
    [
      'house number',
      '251 Little Falls Drive, Wilmington, DE 19808, US',
      '252 Little Falls Drive, Wilmington, DE 19808, US',
    ],
    [
      'postal code',
      'ONE MICROSOFT WAY REDMOND WA 98052-8300 US',
      'ONE MICROSOFT WAY REDMOND WA 98052-6399 US',
    ],
    [
      'postal code',
      '251 Little Falls Drive, Wilmington, DE 19808, US',
      '251 Little Falls Drive, Wilmington, DE 19801, US',
    ],
    ['country', 'Hauptstrasse 1, 10115 Berlin, DE', 'Hauptstrasse 1, 10115 Berlin, AT'],
    ['city', '1 Main Street, Springfield, 62701, US', '1 Main Street, Shelbyville, 62701, US'],
    ['a voiced kana', '東京都千代田区ガ1', '東京都千代田区カ1'],
  ])('keeps addresses that differ in their %s apart', (_part, first, second) => {
    expect(locationKeyOfText(first)).not.toBe(locationKeyOfText(second));
  });

  it('does not read a trailing number as an ISO numeric country code', () => {
    expect(locationKeyOfText('Rua Exemplo 100')).toBe('rua exemplo 100');
  });

  it('joins multi-line streets one way whatever the source used', () => {
    expect(locationKey({ lines: ['Building 92', 'One Microsoft Way'], country: 'US' })).toBe(
      locationKeyOfText('Building 92, One Microsoft Way, US'),
    );
  });

  it('drops the ISO country prefix of a region only when it is one', () => {
    expect(withoutCountryPrefix('US-WA')).toBe('WA');
    expect(withoutCountryPrefix('ＵＳ-ＷＡ')).toBe('WA');
    expect(withoutCountryPrefix('XX-1')).toBe('XX-1');
    expect(withoutCountryPrefix('Al-Qassim')).toBe('Al-Qassim');
  });
});
