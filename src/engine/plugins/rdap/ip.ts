/** IPv4/IPv6 address and prefix arithmetic for bootstrap matching and RDAP address fields. */

export type IpVersion = 4 | 6;

export interface IpPrefix {
  version: IpVersion;
  /** The network address (host bits cleared). */
  network: bigint;
  length: number;
}

const BITS: Record<IpVersion, number> = { 4: 32, 6: 128 };

/** Parses dotted IPv4 text; leading zeros are decimal (ARIN writes `074.125.000.000`). */
export function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) {
    return undefined;
  }
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) {
      return undefined;
    }
    const octet = Number(part);
    if (octet > 255) {
      return undefined;
    }
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

/** Parses IPv6 text, with `::` compression and an optional embedded IPv4 tail. */
export function parseIpv6(text: string): bigint | undefined {
  const lower = text.toLowerCase();
  if (!/^[0-9a-f:.]+$/.test(lower) || lower.split('::').length > 2) {
    return undefined;
  }
  let groups: number[];
  const [head = '', tail] = lower.split('::');
  const toGroups = (part: string): number[] | undefined => {
    if (part === '') {
      return [];
    }
    const result: number[] = [];
    const pieces = part.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === undefined) {
          return undefined;
        }
        result.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        result.push(parseInt(piece, 16));
      } else {
        return undefined;
      }
    }
    return result;
  };
  const headGroups = toGroups(head);
  const tailGroups = tail === undefined ? [] : toGroups(tail);
  if (!headGroups || !tailGroups) {
    return undefined;
  }
  if (tail === undefined) {
    if (headGroups.length !== 8) {
      return undefined;
    }
    groups = headGroups;
  } else {
    const missing = 8 - headGroups.length - tailGroups.length;
    if (missing < 1) {
      return undefined;
    }
    groups = [...headGroups, ...(new Array(missing).fill(0) as number[]), ...tailGroups];
  }
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** Parses an address of either version. */
export function parseIp(text: string): { version: IpVersion; value: bigint } | undefined {
  const trimmed = text.trim();
  if (trimmed.includes(':')) {
    const value = parseIpv6(trimmed);
    return value === undefined ? undefined : { version: 6, value };
  }
  const value = parseIpv4(trimmed);
  return value === undefined ? undefined : { version: 4, value };
}

export function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** RFC 5952 text: lowercase, no leading zeros, the longest run of two or more zero groups as `::`. */
export function formatIpv6(value: bigint): string {
  const groups: number[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) {
    groups.push(Number((value >> shift) & 0xffffn));
  }
  let bestStart = -1;
  let bestLength = 0;
  for (let start = 0; start < 8;) {
    if (groups[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < 8 && groups[end] === 0) {
      end += 1;
    }
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestLength < 2) {
    return hex.join(':');
  }
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

export function formatIp(version: IpVersion, value: bigint): string {
  return version === 4 ? formatIpv4(value) : formatIpv6(value);
}

/**
 * Canonical text of an RDAP address field. Some servers append a prefix length to start and end
 * addresses (`2a00:2381:ffff::/128`); it is dropped. Unparseable text is returned trimmed.
 */
export function normaliseAddress(text: string): string {
  const address = text.trim().replace(/\/\d{1,3}$/, '');
  const parsed = parseIp(address);
  return parsed ? formatIp(parsed.version, parsed.value) : text.trim();
}

/** Parses `address/length` (or a bare address, as a host prefix); host bits are cleared. */
export function parsePrefix(text: string): IpPrefix | undefined {
  const [address = '', lengthText, extra] = text.trim().split('/');
  if (extra !== undefined) {
    return undefined;
  }
  const parsed = parseIp(address);
  if (!parsed) {
    return undefined;
  }
  const bits = BITS[parsed.version];
  if (lengthText !== undefined && !/^\d{1,3}$/.test(lengthText)) {
    return undefined;
  }
  const length = lengthText === undefined ? bits : Number(lengthText);
  if (length > bits) {
    return undefined;
  }
  return { version: parsed.version, network: maskNetwork(parsed.value, length, bits), length };
}

function maskNetwork(value: bigint, length: number, bits: number): bigint {
  const hostBits = BigInt(bits - length);
  return (value >> hostBits) << hostBits;
}

/** True when `inner` lies wholly inside `outer`. */
export function prefixContains(outer: IpPrefix, inner: IpPrefix): boolean {
  if (outer.version !== inner.version || outer.length > inner.length) {
    return false;
  }
  return maskNetwork(inner.network, outer.length, BITS[outer.version]) === outer.network;
}
