/**
 * The order and labels of an entity's raw records: the source's own replies first, in the order
 * they were received (a registry's reply, then the registrar's it points to), then the bootstrap
 * and helper files the client read to find that source (IANA's RDAP bootstrap registries, the IANA
 * WHOIS referral), labelled as such. Before, google.com's first record was IANA's 84 KB dns.json.
 */
import type { RawRecord } from './graph';

/** IANA's RDAP bootstrap registries (RFC 9224), wherever they are served from. */
const BOOTSTRAP_FILES = new Set(['dns.json', 'asn.json', 'ipv4.json', 'ipv6.json', 'object-tags.json']);

/** What a raw record is, from where it came: undefined for a source's own reply. */
export function helperLabel(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const file = parsed.pathname.split('/').pop() ?? '';
  if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && BOOTSTRAP_FILES.has(file)) {
    return `RDAP bootstrap file (${file}), read to find the registry`;
  }
  if (parsed.protocol === 'whois:' && parsed.hostname === 'whois.iana.org') {
    return 'IANA referral, read to find the WHOIS server';
  }
  return undefined;
}

/** The source's replies first, helper files after; each group in the order received. */
export function orderRawRecords(records: readonly RawRecord[]): RawRecord[] {
  const replies = records.filter((record) => helperLabel(record.url) === undefined);
  const helpers = records.filter((record) => helperLabel(record.url) !== undefined);
  const byTime = (a: RawRecord, b: RawRecord): number =>
    a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0;
  return [...replies.sort(byTime), ...helpers.sort(byTime)];
}
