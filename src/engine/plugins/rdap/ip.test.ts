import { describe, expect, it } from 'vitest';
import { formatIpv6, normaliseAddress, parseIpv4, parseIpv6, parsePrefix, prefixContains } from './ip';

describe('IP addresses', () => {
  it('reads IPv4 octets with leading zeros as decimal', () => {
    expect(parseIpv4('074.125.000.000')).toBe(parseIpv4('74.125.0.0'));
    expect(normaliseAddress('192.000.002.255')).toBe('192.0.2.255');
  });

  it('rejects IPv4 text with a bad octet', () => {
    expect(parseIpv4('256.1.1.1')).toBeUndefined();
    expect(parseIpv4('1.2.3')).toBeUndefined();
  });

  it('reads compressed IPv6 and an embedded IPv4 tail', () => {
    expect(parseIpv6('2001:db8::1')).toBe(0x20010db8000000000000000000000001n);
    expect(parseIpv6('::ffff:192.0.2.1')).toBe(0xffffc0000201n);
    expect(parseIpv6('1::2::3')).toBeUndefined();
  });

  it('writes IPv6 in RFC 5952 form', () => {
    expect(formatIpv6(parseIpv6('2001:0240:0000:0000:0000:0000:0000:0000') ?? 0n)).toBe('2001:240::');
    expect(formatIpv6(parseIpv6('2001:db8:0:1:0:0:0:1') ?? 0n)).toBe('2001:db8:0:1::1');
  });

  it('drops a prefix length that a server appended to an address', () => {
    expect(normaliseAddress('2a00:2381:ffff::/128')).toBe('2a00:2381:ffff::');
  });

  it('clears host bits of a prefix and tests containment', () => {
    const outer = parsePrefix('203.0.113.0/24');
    const inner = parsePrefix('203.0.113.130/25');
    expect(inner).toEqual({ version: 4, network: parseIpv4('203.0.113.128'), length: 25 });
    expect(outer && inner && prefixContains(outer, inner)).toBe(true);
    expect(outer && inner && prefixContains(inner, outer)).toBe(false);
  });

  it('treats a bare address as a host prefix', () => {
    expect(parsePrefix('2001:db8::1')?.length).toBe(128);
  });
});
