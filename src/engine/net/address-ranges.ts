/**
 * Which IP addresses are public unicast: the special-purpose ranges of the IANA IPv4 and IPv6
 * registries (RFC 6890 and its updates) as data. An address in none of them is public; an address
 * in one is refused as a destination that a source's reply pointed to, with the range's name in
 * the message so the user sees why ("169.254.169.254 is link-local").
 */
import { isIPv4, isIPv6 } from 'node:net';

interface SpecialRange {
  /** First address of the range, as a bigint of 32 (IPv4) or 128 (IPv6) bits. */
  start: bigint;
  prefix: number;
  label: string;
}

const IPV4_SPECIAL: readonly (readonly [string, string])[] = [
  ['0.0.0.0/8', '"this network"'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared (carrier-grade NAT)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved for IETF protocols'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
];

// Only 2000::/3 is allocated as global unicast; everything else is named here first so that a
// message says "link-local" rather than "not global unicast".
const IPV6_SPECIAL: readonly (readonly [string, string])[] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['100::/64', 'discard-only'],
  ['fc00::/7', 'unique local (private)'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
  ['2001::/23', 'reserved for IETF protocols'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segment routing'],
];

/** IPv6 ranges that carry an IPv4 address in their low bits: the embedded address decides. */
const IPV6_EMBEDDING_IPV4: readonly (readonly [string, number])[] = [
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the last 32 bits.
  ['::ffff:0:0/96', 0],
  ['64:ff9b::/96', 0],
  // 6to4 (2002:AABB:CCDD::/48): bits 16-47.
  ['2002::/16', 80],
];

const GLOBAL_UNICAST_V6 = parseCidr('2000::/3', 128);
const IPV4_RANGES = IPV4_SPECIAL.map(([cidr, label]) => ({ ...parseCidr(cidr, 32), label }));
const IPV6_RANGES = IPV6_SPECIAL.map(([cidr, label]) => ({ ...parseCidr(cidr, 128), label }));
const IPV6_EMBEDDINGS = IPV6_EMBEDDING_IPV4.map(([cidr, shift]) => ({ ...parseCidr(cidr, 128), shift }));

/**
 * Why an IP address is not a public unicast destination (e.g. `loopback`), or undefined when it
 * is one. Anything that is not an IP address at all is refused too ("not an IP address").
 */
export function nonPublicReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) {
    return rangeOf(ipv4ToBigInt(bare), 32, IPV4_RANGES)?.label;
  }
  if (!isIPv6(bare)) {
    return 'not an IP address';
  }
  const value = ipv6ToBigInt(bare);
  for (const embedding of IPV6_EMBEDDINGS) {
    if (inRange(value, 128, embedding)) {
      const embedded = (value >> BigInt(embedding.shift)) & 0xffffffffn;
      const reason = rangeOf(embedded, 32, IPV4_RANGES)?.label;
      return reason === undefined ? undefined : `${reason} (embedded IPv4)`;
    }
  }
  const named = rangeOf(value, 128, IPV6_RANGES)?.label;
  if (named !== undefined) {
    return named;
  }
  return inRange(value, 128, GLOBAL_UNICAST_V6) ? undefined : 'not global unicast';
}

function rangeOf(value: bigint, bits: number, ranges: readonly SpecialRange[]): SpecialRange | undefined {
  // Later entries are more specific (2001:db8::/32 inside 2001::/23): the last match names it.
  let found: SpecialRange | undefined;
  for (const range of ranges) {
    if (inRange(value, bits, range)) {
      found = range;
    }
  }
  return found;
}

function inRange(value: bigint, bits: number, range: { start: bigint; prefix: number }): boolean {
  const shift = BigInt(bits - range.prefix);
  return value >> shift === range.start >> shift;
}

function parseCidr(cidr: string, bits: number): { start: bigint; prefix: number } {
  const [address = '', prefix = ''] = cidr.split('/');
  return { start: bits === 32 ? ipv4ToBigInt(address) : ipv6ToBigInt(address), prefix: Number(prefix) };
}

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** A valid IPv6 text (checked with isIPv6) as 128 bits; handles `::` and a dotted IPv4 tail. */
function ipv6ToBigInt(address: string): bigint {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const v4 = ipv4ToBigInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}
