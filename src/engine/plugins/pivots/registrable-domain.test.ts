import { describe, expect, it } from 'vitest';
import { emailDomain, registrableDomain } from './registrable-domain';

describe('registrable domain (Public Suffix List)', () => {
  it('is one label below the public suffix', () => {
    expect(registrableDomain('ns1.google.com')).toBe('google.com');
    expect(registrableDomain('shop.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('Example.COM.')).toBe('example.com');
  });

  it('treats private suffixes as hosting, not registries', () => {
    expect(registrableDomain('someone.github.io')).toBe('github.io');
  });

  it('gives the A-label of an internationalised name', () => {
    expect(registrableDomain('www.bücher.de')).toBe('xn--bcher-kva.de');
  });

  it('gives nothing for IP addresses, bare suffixes and non-names', () => {
    expect(registrableDomain('192.0.2.1')).toBeUndefined();
    expect(registrableDomain('co.uk')).toBeUndefined();
    expect(registrableDomain('localhost')).toBeUndefined();
    expect(registrableDomain('not a host')).toBeUndefined();
  });

  it('reads the domain of an e-mail address', () => {
    expect(emailDomain('Jane@Mail.Example.org')).toBe('mail.example.org');
    expect(emailDomain('no-at-sign')).toBeUndefined();
  });
});
