import { describe, expect, it } from 'vitest';

import { entityIdOf } from './asset';

describe('entityIdOf', () => {
  it('gives three spellings of one IPv6 netblock one id', () => {
    const ids = ['2001:4860::/32', '2001:4860:0000::/32', '2001:4860:0::/32'].map((cidr) =>
      entityIdOf('Netblock', { cidr, type: 'IPv6' }),
    );
    expect(new Set(ids)).toEqual(new Set(['Netblock:2001:4860::/32']));
  });

  it('keys a netblock written with host bits by its network', () => {
    expect(entityIdOf('Netblock', { cidr: '8.8.8.8/24', type: 'IPv4' })).toBe('Netblock:8.8.8.0/24');
  });

  it('keys an IP address by its canonical spelling', () => {
    expect(entityIdOf('IPAddress', { address: '2001:0DB8::0001', type: 'IPv6' })).toBe(
      'IPAddress:2001:db8::1',
    );
  });

  it('keys a Unicode domain by its A-label', () => {
    expect(entityIdOf('DomainRecord', { domain: 'München.de' })).toBe('DomainRecord:xn--mnchen-3ya.de');
    expect(entityIdOf('FQDN', { name: 'www.münchen.de' })).toBe('FQDN:www.xn--mnchen-3ya.de');
  });

  it('compares identifiers without case', () => {
    expect(entityIdOf('Identifier', { unique_id: 'lei:INR2EJN1ERAN0W5ZP974', id: 'x', id_type: 'lei' })).toBe(
      'Identifier:lei:inr2ejn1eran0w5zp974',
    );
  });
});
