/** What kind of answer a reply is: a record, "no match", a throttle or a refusal. */
import type { Entry } from './tokenise';
import type { ParsedWhois, WhoisReplyKind } from './types';

const NOT_FOUND = [
  /^\s*no match\b/im,
  /^\s*not found\.?\s*$/im,
  /no entries found/i,
  /^\s*status:\s*(free|available)\s*$/im,
  /requested domain was not found/i,
  /^\s*domain not found/im,
  /no data found/i,
  /no match for domain/i,
  /no matching record/i,
  /object does not exist/i,
];
const THROTTLED = [
  /limit exceeded/i,
  /exceeded (?:your |the )?(?:quota|query limit|maximum|allowed)/i,
  /quota of queries/i,
  /query rate/i,
  /too many (?:queries|requests|connections)/i,
  /rate limit/i,
  /try again later/i,
];
const REFUSED = [
  /database is (?:currently )?down/i,
  /not authori[sz]ed/i,
  /access (?:denied|refused)/i,
  /temporarily unavailable/i,
];

export function kindOf(text: string, entries: Entry[], parsed: ParsedWhois): WhoisReplyKind {
  const hasRecord =
    parsed.nameServers.length > 0 || parsed.createdDate !== undefined || parsed.registrar !== undefined;
  if (entries.some((entry) => entry.key === 'source' && entry.value.toUpperCase() === 'IANA')) {
    return 'referral';
  }
  if (!hasRecord && NOT_FOUND.some((pattern) => pattern.test(text))) {
    return 'not_found';
  }
  if (!hasRecord && REFUSED.some((pattern) => pattern.test(text))) {
    return 'refused';
  }
  if (!hasRecord && THROTTLED.some((pattern) => pattern.test(text))) {
    return 'throttled';
  }
  if (parsed.domain === undefined && !hasRecord) {
    return 'empty';
  }
  return 'record';
}
