/**
 * What we know about particular WHOIS servers, as data keyed by server name (never code keyed by
 * a domain): the query line a server expects, the charset it answers in when that is not UTF-8,
 * and the day/month order of its numeric dates. A server not listed gets the defaults: the bare
 * domain as query, charset detection (valid UTF-8 first), and day/month order read from the reply.
 */
import type { DateOrder } from './parse';

export interface WhoisServerHint {
  /** The query line; `{domain}` is replaced by the ASCII domain. */
  query?: string;
  /** A WHATWG encoding label for TextDecoder, tried when the reply is not valid UTF-8. */
  charset?: string;
  /** Numeric dates (`03-04-2020`) are day first (`dmy`) or month first (`mdy`). */
  dateOrder?: DateOrder;
}

export const SERVER_HINTS: Readonly<Record<string, WhoisServerHint>> = {
  // Without the flags DENIC answers with a short summary and no ACE form.
  'whois.denic.de': { query: '-T dn,ace {domain}' },
  // Without the keyword Verisign also lists name-server records matching the name.
  'whois.verisign-grs.com': { query: 'domain {domain}' },
  'whois.crsnic.net': { query: 'domain {domain}' },
  'whois.nic.tr': { charset: 'iso-8859-9', dateOrder: 'dmy' },
  'whois.twnic.net.tw': { charset: 'big5' },
  'whois.nic.or.kr': { charset: 'euc-kr' },
  'whois.cnnic.cn': { charset: 'gb18030' },
  'whois.tcinet.ru': { charset: 'koi8-r' },
  'whois.ripn.net': { charset: 'koi8-r' },
  'whois.registro.br': { charset: 'iso-8859-1' },
  'whois.nic.es': { charset: 'iso-8859-1', dateOrder: 'dmy' },
  'whois.dns.pt': { charset: 'iso-8859-1', dateOrder: 'dmy' },
  'whois.nic.fr': { dateOrder: 'dmy' },
  'whois.co.ug': { dateOrder: 'dmy' },
  'whois.nic.hu': { charset: 'iso-8859-2' },
  'whois.dns.pl': { charset: 'iso-8859-2' },
  'whois.nic.cz': { dateOrder: 'dmy' },
  'whois.jprs.jp': { charset: 'shift_jis' },
};

/** The hint for a server (empty when none is known). Lookups ignore Object's own members. */
export function hintFor(server: string): WhoisServerHint {
  const name = server.toLowerCase();
  return Object.hasOwn(SERVER_HINTS, name) ? (SERVER_HINTS[name] ?? {}) : {};
}

/** The query line a server expects for a domain. */
export function formatWhoisQuery(server: string, domain: string): string {
  return (hintFor(server).query ?? '{domain}').replace('{domain}', domain);
}
