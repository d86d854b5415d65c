/**
 * The pure WHOIS reply parser: ICANN key/value replies (registry and registrar), RPSL-style
 * ccTLD replies with contact handles (.fr, .is, .br), sectioned replies (.uk, .it, .nl, .eu,
 * .be, .ch, .kr) and JPRS bracket replies (.jp). Knows "no match", throttle and refusal replies,
 * and drops redacted values.
 */
import { collectContacts } from './contacts';
import { dateValue } from './dates';
import {
  CREATED_KEYS,
  DNSSEC_KEYS,
  DOMAIN_KEYS,
  EXPIRES_KEYS,
  ID_KEYS,
  NAME_SERVER_KEYS,
  PUNY_KEYS,
  SECTION_ROLES,
  STATUS_KEYS,
  UPDATED_KEYS,
  WHOIS_SERVER_KEYS,
} from './labels';
import { kindOf } from './reply-kind';
import { tokenise, type Entry } from './tokenise';
import type { ParsedWhois } from './types';
import { clean, dnssecOf, firstValue, hostNameOf, referralOf, statusesOf } from './values';

export * from './types';
export { flattenParsedWhois } from './flatten';
export { normaliseWhoisDate } from './dates';
export { hostNameOf, isRedacted } from './values';

/** Blocks that hold several records of which only the queried domain's is wanted (Verisign). */
function foreignBlocks(entries: Entry[]): Set<number> {
  const blocks = new Set<number>();
  for (const entry of entries) {
    if (entry.key === 'server name' || entry.key === 'nic-hdl' || entry.key === 'nic-hdl-br') {
      blocks.add(entry.block);
    }
  }
  return blocks;
}

/**
 * Parses one reply. `query` (the domain asked for) picks the right record when a registry
 * answers with several (Verisign's name-server and domain records).
 */
export function parseWhoisReply(text: string, query?: string): ParsedWhois {
  const entries = tokenise(text);
  const foreign = foreignBlocks(entries);
  const wanted = query?.toLowerCase().replace(/\.$/, '');
  // With several domain records, keep the queried one's block only.
  const domainEntries = entries.filter((entry) => DOMAIN_KEYS.has(entry.key) && firstValue(entry) !== '');
  if (wanted !== undefined && domainEntries.length > 1) {
    const match = domainEntries.find((entry) => firstValue(entry).toLowerCase() === wanted);
    for (const entry of domainEntries) {
      if (match !== undefined && entry.block !== match.block) {
        foreign.add(entry.block);
      }
    }
  }
  const result: ParsedWhois = { kind: 'record', status: [], nameServers: [], contacts: {} };
  let domainBlock: number | undefined;
  for (const entry of entries) {
    if (foreign.has(entry.block)) {
      continue;
    }
    const inContactSection =
      entry.section !== undefined &&
      SECTION_ROLES[entry.section] !== undefined &&
      entry.section !== 'registrar';
    const value = firstValue(entry);
    const key = entry.key;
    if (DOMAIN_KEYS.has(key) && result.domain === undefined && value !== '') {
      result.domain = value.toLowerCase().replace(/\.$/, '');
      domainBlock = entry.block;
    } else if (PUNY_KEYS.has(key)) {
      result.punycode ??= clean(value)?.toLowerCase();
    } else if (ID_KEYS.has(key)) {
      result.id ??= clean(value);
    } else if (WHOIS_SERVER_KEYS.has(key)) {
      const referral = referralOf(value);
      if (referral !== undefined) {
        result.referral ??= referral;
        result.whoisServer ??= referral.replace(/:\d+$/, '');
      }
    } else if (inContactSection) {
      continue;
    } else if (CREATED_KEYS.has(key)) {
      result.createdDate ??= dateValue(value);
    } else if (UPDATED_KEYS.has(key)) {
      result.updatedDate ??= dateValue(value);
    } else if (EXPIRES_KEYS.has(key)) {
      result.expirationDate ??= dateValue(value);
    } else if (STATUS_KEYS.has(key)) {
      for (const status of statusesOf(value, key)) {
        if (!result.status.includes(status)) {
          result.status.push(status);
        }
      }
    } else if (DNSSEC_KEYS.has(key)) {
      result.dnssec ??= dnssecOf(value);
    } else if (NAME_SERVER_KEYS.has(key)) {
      for (const line of [entry.value, ...entry.more]) {
        const host = hostNameOf(line);
        if (host !== undefined && !result.nameServers.includes(host)) {
          result.nameServers.push(host);
        }
      }
    }
  }
  const contacts = collectContacts(entries, foreign, domainBlock).build();
  result.contacts = contacts;
  const registrar = contacts.registrar;
  result.registrar = registrar?.organization ?? registrar?.name;
  if (registrar?.organization === undefined && registrar?.name !== undefined) {
    registrar.organization = registrar.name;
    delete registrar.name;
  }
  result.kind = kindOf(text, entries, result);
  return result;
}
