/**
 * The pure WHOIS reply parser: ICANN key/value replies (registry and registrar), RPSL-style
 * ccTLD replies with contact handles (.fr, .is, .br), sectioned replies (.uk, .it, .nl, .eu,
 * .be, .ch, .kr) and JPRS bracket replies (.jp). Knows "no match", throttle and refusal replies,
 * and drops redacted values.
 */
import { collectContacts } from './contacts';
import { dateValue, normaliseWhoisDate, orderInReply, orderOfHint, type DateOrder } from './dates';
import { DOMAIN_KEYS, HANDLE_KEYS, isRuleDateLabel, recordFieldOf, SECTION_ROLES } from './labels';
import { kindOf } from './reply-kind';
import { tokenise, type Entry } from './tokenise';
import type { ParsedWhois } from './types';
import { clean, dnssecOf, firstValue, hostNameOf, referralOf, statusesOf } from './values';

export * from './types';
export { flattenParsedWhois } from './flatten';
export { normaliseWhoisDate, type DateOrder } from './dates';
export { hostNameOf, isRedacted } from './values';

export interface ParseOptions {
  /** Numeric day/month order the server uses (a per-server hint); else the reply decides. */
  dateOrder?: DateOrder;
}

const DATE_TARGETS = {
  created: 'createdDate',
  updated: 'updatedDate',
  expires: 'expirationDate',
} as const;

/** A date entry's value; a label known only by a word rule must hold a real date. */
function datedValue(entry: Entry, value: string, order: DateOrder): string | undefined {
  const entryOrder = orderOfHint(entry.hint) ?? order;
  if (isRuleDateLabel(entry.key)) {
    const cleaned = clean(value);
    return cleaned === undefined ? undefined : normaliseWhoisDate(cleaned, entryOrder);
  }
  return dateValue(value, entryOrder);
}

/** The domain a domain-name value names (`EXAMPLE.COM.`, `example.com (ACE)`), lower case. */
function domainOf(value: string): string | undefined {
  const token = value.trim().split(/\s+/)[0]?.toLowerCase().replace(/\.$/, '');
  return token !== undefined && /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(token) ? token : undefined;
}

/** Blocks that hold several records of which only the queried domain's is wanted (Verisign). */
function foreignBlocks(entries: Entry[]): Set<number> {
  const blocks = new Set<number>();
  for (const entry of entries) {
    if (entry.key === 'server name' || HANDLE_KEYS.has(entry.key)) {
      blocks.add(entry.block);
    }
  }
  return blocks;
}

/**
 * Parses one reply. `query` (the domain asked for) picks the right record when a registry
 * answers with several (Verisign's name-server and domain records).
 */
export function parseWhoisReply(text: string, query?: string, options: ParseOptions = {}): ParsedWhois {
  const entries = tokenise(text);
  const foreign = foreignBlocks(entries);
  const wanted = query?.toLowerCase().replace(/\.$/, '');
  // With several domain records, keep the queried one's block only.
  const domainEntries = entries.filter((entry) => DOMAIN_KEYS.has(entry.key) && firstValue(entry) !== '');
  if (wanted !== undefined && domainEntries.length > 1) {
    // Blocks naming another domain go; several blocks naming the queried one (a thin reply
    // followed by the registrar's thick one) all stay.
    const named = (entry: Entry): string => firstValue(entry).toLowerCase().replace(/\.$/, '');
    const matches = new Set(
      domainEntries.filter((entry) => named(entry) === wanted).map((entry) => entry.block),
    );
    for (const entry of domainEntries) {
      if (matches.size > 0 && !matches.has(entry.block)) {
        foreign.add(entry.block);
      }
    }
  }
  const result: ParsedWhois = { kind: 'record', status: [], nameServers: [], contacts: {} };
  const order = options.dateOrder ?? orderInReply(entries.map((entry) => entry.value)) ?? 'dmy';
  let domainBlock: number | undefined;
  for (const entry of entries) {
    if (foreign.has(entry.block)) {
      continue;
    }
    const field = recordFieldOf(entry.key);
    if (field === undefined) {
      continue;
    }
    const inContactSection =
      entry.section !== undefined &&
      SECTION_ROLES[entry.section] !== undefined &&
      entry.section !== 'registrar';
    const value = firstValue(entry);
    switch (field) {
      case 'domain':
        if (result.domain === undefined && value !== '' && !inContactSection) {
          const domain = domainOf(value);
          if (domain !== undefined) {
            result.domain = domain;
            domainBlock = entry.block;
          }
        }
        break;
      case 'punycode':
        result.punycode ??= clean(value)?.toLowerCase();
        break;
      case 'id':
        result.id ??= clean(value);
        break;
      case 'whoisServer': {
        const referral = referralOf(value);
        if (referral !== undefined) {
          result.referral ??= referral;
          result.whoisServer ??= referral.replace(/:\d+$/, '');
        }
        break;
      }
      case 'created':
      case 'updated':
      case 'expires': {
        if (inContactSection) {
          break;
        }
        const date = datedValue(entry, value, order);
        if (date !== undefined) {
          const target = DATE_TARGETS[field];
          result[target] ??= date;
        }
        break;
      }
      case 'status':
        if (!inContactSection) {
          for (const status of statusesOf(value)) {
            if (!result.status.includes(status)) {
              result.status.push(status);
            }
          }
        }
        break;
      case 'dnssec':
        result.dnssec ??= dnssecOf(value);
        break;
      case 'nameServer':
        if (!inContactSection) {
          for (const line of [entry.value, ...entry.more]) {
            const host = hostNameOf(line);
            if (host !== undefined && !result.nameServers.includes(host)) {
              result.nameServers.push(host);
            }
          }
        }
        break;
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
