/**
 * IP addresses and netblocks in one canonical spelling, so that `2001:4860::/32`,
 * `2001:4860:0000::/32` and `2001:4860:0::/32` are one Netblock and `8.8.8.8/24` is `8.8.8.0/24`.
 * IPv6 is written as RFC 5952 says (lower case, zeros compressed once, longest run first);
 * IPv4 as four decimal octets. Parsing is ipaddr.js's, after one rule of ours: a zero-padded
 * IPv4 octet (`010.001.002.003`, as some WHOIS and RDAP servers print) is decimal, never the
 * octal that inet_aton would read.
 */
import ipaddr from 'ipaddr.js';

export type IpVersion = 'IPv4' | 'IPv6';

export interface CanonicalIp {
  address: string;
  type: IpVersion;
}

export interface CanonicalCidr {
  /** Network address and prefix length, e.g. `8.8.8.0/24`. */
  cidr: string;
  type: IpVersion;
  /** True when the input had host bits set (`8.8.8.8/24`) that were cleared. */
  hostBitsCleared: boolean;
}

/** Strips leading zeros from dotted-quad octets (decimal reading), leaving anything else alone. */
function unpadIpv4(text: string): string {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(text)
    ? text
        .split('.')
        .map((octet) => String(Number(octet)))
        .join('.')
    : text;
}

function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const trimmed = unpadIpv4(text.trim().replace(/^\[(.*)\]$/, '$1'));
  if (ipaddr.IPv4.isValidFourPartDecimal(trimmed)) {
    return ipaddr.IPv4.parse(trimmed);
  }
  // Zone ids (`fe80::1%eth0`) name a local interface: not an address an investigation can share.
  if (trimmed.includes(':') && !trimmed.includes('%') && ipaddr.IPv6.isValid(trimmed)) {
    return ipaddr.IPv6.parse(trimmed);
  }
  return undefined;
}

function format(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  // toRFC5952String: lower case, longest zero run compressed (first on a tie), no leading zeros.
  return address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toRFC5952String() : address.toString();
}

/** The canonical spelling of an IPv4 or IPv6 address, or undefined when it is not one. */
export function canonicalIp(text: string): CanonicalIp | undefined {
  const address = parseAddress(text);
  return address === undefined
    ? undefined
    : { address: format(address), type: address.kind() === 'ipv6' ? 'IPv6' : 'IPv4' };
}

/** The canonical network of a CIDR (host bits cleared), or undefined when it is not one. */
export function canonicalCidr(text: string): CanonicalCidr | undefined {
  const [addressText, prefixText, extra] = text.trim().split('/');
  if (addressText === undefined || prefixText === undefined || extra !== undefined) {
    return undefined;
  }
  if (!/^\d{1,3}$/.test(prefixText)) {
    return undefined;
  }
  const address = parseAddress(addressText);
  const prefix = Number(prefixText);
  if (address === undefined || prefix > (address.kind() === 'ipv6' ? 128 : 32)) {
    return undefined;
  }
  const network =
    address.kind() === 'ipv6'
      ? ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`)
      : ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
  const cidr = `${format(network)}/${prefix}`;
  return {
    cidr,
    type: address.kind() === 'ipv6' ? 'IPv6' : 'IPv4',
    hostBitsCleared: format(network) !== format(address),
  };
}
