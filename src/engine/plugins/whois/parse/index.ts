/**
 * The pure WHOIS reply parser: ICANN key/value replies (registry and registrar), RPSL-style
 * ccTLD replies with contact handles (.fr, .is, .br), sectioned replies (.uk, .it, .nl, .eu,
 * .be, .ch, .kr) and JPRS bracket replies (.jp). Knows "no match", throttle and refusal replies,
 * and drops redacted values.
 */
import { collectContacts } from './contacts';
import { definesHandle } from './handle-contacts';
import { dateValue, normaliseWhoisDate, orderInReply, orderOfHint, type DateOrder } from './dates';
import { kindOf, type LoweredReply } from './reply-kind';
import { tokenise, type Entry } from './tokenise';
import type { ParsedWhois } from './types';
import { clean, dnssecOf, firstValue, hostNameOf, referralOf, statusesOf } from './values';

export * from './types';
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

/**
 * Facts about the whole reply that only some rules need, worked out on first use: the numeric
 * day/month order the reply settles, and the reply in lower case. (Methods, not closures made
 * per reply: the parse makes no functions on its hot path.)
 */
class ReplyFacts implements LoweredReply {
  private readonly text: string;
  private readonly entries: readonly Entry[];
  private dateOrder: DateOrder | undefined;
  private lowerCase: string | undefined;

  constructor(text: string, entries: readonly Entry[], order: DateOrder | undefined) {
    this.text = text;
    this.entries = entries;
    this.dateOrder = order;
  }

  order(): DateOrder {
    return (this.dateOrder ??= orderInReply(this.entries.map((entry) => entry.value)) ?? 'dmy');
  }

  lowered(): string {
    return (this.lowerCase ??= this.text.toLowerCase());
  }
}

/** A date entry's value; a label known only by a word rule must hold a real date. */
function datedValue(entry: Entry, value: string, reply: ReplyFacts): string | undefined {
  const hinted = orderOfHint(entry.hint);
  // Only a numeric date with both numbers up to 12 asks which comes first.
  const entryOrder = hinted ?? (/^\s*\d{1,2}[-/.]\d{1,2}[-/.]/.test(value) ? reply.order() : 'dmy');
  const cleaned = clean(value);
  if (cleaned === undefined) {
    return undefined;
  }
  const date = normaliseWhoisDate(cleaned, entryOrder) ?? stampInside(cleaned);
  if (entry.label.ruleDate) {
    return date;
  }
  return date ?? dateValue(value, entryOrder);
}

/** A compact stamp after other words (`EIC-UANIC 20120730164230`, `registrar AT ns.il 19960111`). */
function stampInside(value: string): string | undefined {
  const stamp = /(?:^|\s)(\d{8}(?:\d{6})?)(?=\s|$)/.exec(value)?.[1];
  return stamp === undefined
    ? undefined
    : normaliseWhoisDate(stamp.length === 14 ? `${stamp.slice(0, 8)} ${stamp.slice(8)}` : stamp);
}

/** The domain a domain-name value names (`EXAMPLE.COM.`, `example.com (ACE)`), lower case. */
function domainOf(value: string): string | undefined {
  const token = value.trim().split(/\s+/)[0]?.toLowerCase().replace(/\.$/, '');
  return token !== undefined && /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(token) ? token : undefined;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const NS_RECORD = /\bNS\s+(\S+)/;
const HOST_BREAK = /[\s,]/;
const HOST_BREAKS = /[\s,]+/;

/**
 * The name servers of one name-server line: `ns1.example.com 192.0.2.1` (addresses dropped),
 * several on one line (`NS1.X.COM   NS2.X.COM`), `google.pt NS ns4.google.com.` (the zone's NS
 * record: the host after `NS`). The queried domain itself is not its own name server.
 */
function nameServersOf(line: string, domain: string | undefined): string[] {
  // Each pattern only when its text can be there: most lines are one host name.
  const record = line.includes('NS') ? NS_RECORD.exec(line) : null;
  const trimmed = line.trim();
  const tokens =
    record?.[1] !== undefined
      ? [record[1]]
      : HOST_BREAK.test(trimmed)
        ? trimmed.split(HOST_BREAKS)
        : [trimmed];
  const hosts: string[] = [];
  for (const token of tokens) {
    const host = IPV4.test(token) ? undefined : hostNameOf(token);
    if (host !== undefined && host !== domain) {
      hosts.push(host);
    } else if (hosts.length === 0) {
      // The first word is no host: not a name-server line (`Not Delegated`, `(none)`).
      return [];
    }
  }
  return hosts;
}

/** The domain a domain entry names, as written (lower case, no root dot). */
function domainNamed(entry: Entry): string {
  return firstValue(entry).toLowerCase().replace(/\.$/, '');
}

/** Blocks that hold several records of which only the queried domain's is wanted (Verisign). */
function foreignBlocks(entries: Entry[]): Set<number> {
  const blocks = new Set<number>();
  for (const entry of entries) {
    // A handle inside a role's section (`registrant: !Contact` then `nic-handle:`) is that
    // role's own object, not a record kept for reference.
    const inRoleSection = entry.section?.sectionRole !== undefined;
    if (entry.key === 'server name' || (definesHandle(entry) && !inRoleSection)) {
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
  const domainEntries = entries.filter((entry) => entry.label.domain && firstValue(entry) !== '');
  if (wanted !== undefined && domainEntries.length > 1) {
    // Blocks naming another domain go; several blocks naming the queried one (a thin reply
    // followed by the registrar's thick one) all stay.
    const matches = new Set(
      domainEntries.filter((entry) => domainNamed(entry) === wanted).map((entry) => entry.block),
    );
    for (const entry of domainEntries) {
      if (matches.size > 0 && !matches.has(entry.block)) {
        foreign.add(entry.block);
      }
    }
  }
  const result: ParsedWhois = { kind: 'record', status: [], nameServers: [], contacts: {} };
  // The date order is read from the reply only when a date needs it (most are unambiguous).
  const reply = new ReplyFacts(text, entries, options.dateOrder);
  let domainBlock: number | undefined;
  const seenHosts = new Set<string>();
  for (const entry of entries) {
    if (foreign.has(entry.block)) {
      continue;
    }
    const field = entry.label.record;
    if (field === undefined) {
      continue;
    }
    const inContactSection = entry.section?.roleHeading === true && !entry.label.recordLabel;
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
      // The first value of a field wins: a later one is not read at all.
      case 'punycode':
        if (result.punycode === undefined) {
          result.punycode = clean(value)?.toLowerCase();
        }
        break;
      case 'id':
        if (result.id === undefined) {
          result.id = clean(value);
        }
        break;
      case 'whoisServer': {
        // (`referral` and `whoisServer` are set together.)
        if (result.referral !== undefined) {
          break;
        }
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
        // Contacts have creation and change dates of their own, but never an expiry: an expiry
        // date under a contact heading is the record's (.hk lists it in the registrant's part).
        const target = DATE_TARGETS[field];
        if ((inContactSection && field !== 'expires') || result[target] !== undefined) {
          break;
        }
        const date = datedValue(entry, value, reply);
        if (date !== undefined) {
          result[target] = date;
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
        if (result.dnssec === undefined) {
          result.dnssec = dnssecOf(value);
        }
        break;
      case 'nameServer':
        if (!inContactSection) {
          for (const line of [entry.value, ...entry.more]) {
            for (const host of nameServersOf(line, wanted)) {
              if (!seenHosts.has(host)) {
                seenHosts.add(host);
                result.nameServers.push(host);
              }
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
  // A reply that names the queried domain only in a sentence ("Not found: example.co",
  // "Query: example.je") is still about it.
  if (
    result.domain === undefined &&
    wanted !== undefined &&
    (text.includes(wanted) || text.includes(wanted.toUpperCase()) || reply.lowered().includes(wanted))
  ) {
    result.domain = wanted;
  }
  result.kind = kindOf(text, entries, result, reply);
  return result;
}
