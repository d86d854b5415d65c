/**
 * The port-43 WHOIS client: asks IANA for the TLD's server, queries the registry, follows the
 * referral to the registrar, with per-server query formats, rate limits, timeouts, a reply size
 * cap, charset decoding and bounded retries of throttle replies.
 */
import net from 'node:net';
import { domainToASCII } from 'node:url';
import {
  NetworkError,
  RateLimitedError,
  ResponseTooLargeError,
  SourceError,
  TimeoutError,
} from '../../net/errors';
import type { Clock } from '../../util/clock';
import { recordReply, type RateLimiter } from '../../core/plugin-api';
import {
  createDestinationPolicy,
  type DestinationPolicy,
  type LookupFunction,
} from '../../net/destination-policy';
import { decodeReply } from './decode';
import { formatWhoisQuery, hintFor } from './server-hints';
import { WHOIS_SOURCE } from './source';
import { RegistrarPartError } from './reply-errors';
import { splitHostPort, whoisUrl } from './address';
import { createPartAsker, hopOf, type LookupFreshness, type WhoisHop } from './parts';

export type { LookupFreshness, WhoisHop } from './parts';
import { DEFAULT_PART_BACKOFF, type PartBackoff, type WhoisPartCache } from './part-cache';
import { parseWhoisReply, WHOIS_ROLES, type ParsedWhois, type WhoisRole } from './parse';

const SOURCE = WHOIS_SOURCE.name;

export interface WhoisClientOptions {
  /** IANA's WHOIS server, `host` or `host:port`. */
  ianaServer: string;
  /** Server name to dialled address (`host:port`), for fakes and local mirrors. */
  servers: Record<string, string>;
  /** Connecting and reading a whole reply must each finish within this time. */
  timeoutMs: number;
  /** Replies larger than this are refused (ResponseTooLargeError). */
  maxReplyBytes: number;
  /** The rate limiter of one server (1 query / s each by default). */
  limiterFor(server: string): RateLimiter;
  /** Counts one query for the running session. */
  countRequest(): void;
  clock: Clock;
  /** Waits before re-asking a server that answered with a throttle reply; one retry per entry. */
  throttleRetryDelaysMs?: number[];
  /** Referrals followed after the registry (registrar, and a registrar's own referral). */
  maxReferrals?: number;
  /**
   * Where the client may connect: the configured servers as set, any other (a server a reply
   * named) only on port 43 and a public unicast address, checked at connect time. Default: a
   * policy trusting `ianaServer` and `servers`.
   */
  destinations?: DestinationPolicy;
  /** Where the parts of lookups are kept (absent: every lookup asks every part). */
  partCache?: WhoisPartCache;
  /** The wait before a failed part is asked again (default DEFAULT_PART_BACKOFF). */
  partBackoff?: PartBackoff;
}

export interface WhoisLookup {
  /** The domain as asked, in ASCII (punycode). */
  domain: string;
  outcome: 'found' | 'not_found';
  hops: WhoisHop[];
  /** The deepest hop that returned the domain's record (its text is the record's `raw`). */
  record?: WhoisHop;
  /** The record: the deepest reply's fields, completed with the registry's where it has none. */
  parsed?: ParsedWhois;
  /** The server whose reply gave each contact (the ContactRecord's key names it). */
  contactServers: Partial<Record<WhoisRole, string>>;
  /** Failures of referral hops after a usable reply (the result is partial, not failed). */
  failures: SourceError[];
}

export interface WhoisClient {
  lookup(domain: string, signal?: AbortSignal, freshness?: LookupFreshness): Promise<WhoisLookup>;
}

interface ExchangeOptions {
  /** The destination policy's resolver for a server a reply named (absent: configured). */
  lookup?: LookupFunction | undefined;
  timeoutMs: number;
  maxReplyBytes: number;
  signal: AbortSignal | undefined;
  url: string;
}

/** Sends one query line and reads the reply until the server closes the connection. */
export function exchangeWhois(address: string, query: string, options: ExchangeOptions): Promise<Buffer> {
  const { host, port } = splitHostPort(address);
  const { timeoutMs, maxReplyBytes, signal, url, lookup } = options;
  return new Promise<Buffer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new SourceError('aborted', `query to ${url} cancelled`, SOURCE));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const socket = net.connect(lookup === undefined ? { host, port } : { host, port, lookup });
    const settle = (error: Error | undefined): void => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (error) {
        reject(error);
      } else {
        resolve(Buffer.concat(chunks, size));
      }
    };
    const onAbort = (): void => settle(new SourceError('aborted', `query to ${url} cancelled`, SOURCE));
    const connectTimer = setTimeout(() => settle(new TimeoutError(url, timeoutMs, SOURCE)), timeoutMs);
    const totalTimer = setTimeout(() => settle(new TimeoutError(url, timeoutMs, SOURCE)), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
      clearTimeout(connectTimer);
      // The total timer is restarted: connecting and reading each get the whole budget.
      totalTimer.refresh();
      socket.write(`${query}\r\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxReplyBytes) {
        settle(new ResponseTooLargeError(url, maxReplyBytes, SOURCE));
        return;
      }
      chunks.push(chunk);
    });
    socket.once('end', () => settle(undefined));
    socket.once('close', () => settle(undefined));
    socket.once('error', (error: Error) =>
      // A refusal of the destination policy (raised in the connect-time lookup) stays one.
      settle(error instanceof SourceError ? error : new NetworkError(url, error.message, SOURCE)),
    );
  });
}

/** Registrar fields first; the registry's fill what the registrar's reply does not have. */
function mergeReplies(registry: ParsedWhois, registrar: ParsedWhois): ParsedWhois {
  const merged: ParsedWhois = {
    kind: 'record',
    status: registrar.status.length > 0 ? registrar.status : registry.status,
    nameServers: registrar.nameServers.length > 0 ? registrar.nameServers : registry.nameServers,
    contacts: { ...registry.contacts },
  };
  const scalars = [
    'domain',
    'punycode',
    'id',
    'registrar',
    'whoisServer',
    'referral',
    'createdDate',
    'updatedDate',
    'expirationDate',
    'dnssec',
  ] as const;
  for (const field of scalars) {
    const value = registrar[field] ?? registry[field];
    if (value !== undefined) {
      (merged as unknown as Record<string, unknown>)[field] = value;
    }
  }
  for (const role of WHOIS_ROLES) {
    const contact = registrar.contacts[role];
    if (contact !== undefined) {
      merged.contacts[role] = contact;
    }
  }
  return merged;
}

export function createWhoisClient(options: WhoisClientOptions): WhoisClient {
  const ianaName = splitHostPort(options.ianaServer).host.toLowerCase();
  const retryDelays = options.throttleRetryDelaysMs ?? [5_000, 20_000];
  const maxReferrals = options.maxReferrals ?? 3;
  const destinations =
    options.destinations ?? createDestinationPolicy([options.ianaServer, ...Object.values(options.servers)]);

  const addressOf = (server: string): string => {
    const mapped = options.servers[server] ?? options.servers[splitHostPort(server).host];
    if (mapped !== undefined) {
      return mapped;
    }
    if (server === ianaName) {
      return options.ianaServer;
    }
    return server;
  };

  /** One query with the server's rate limit, retried after throttle replies. */
  const askServer = async (
    server: string,
    query: string,
    domain: string,
    signal?: AbortSignal,
  ): Promise<WhoisHop> => {
    const name = splitHostPort(server).host;
    const url = whoisUrl(name, query);
    const address = addressOf(server);
    const dialled = splitHostPort(address);
    // Refused before anything is sent (a referral to another port or a non-public literal).
    const { lookup: guarded } = destinations.whoisConnectOptions(dialled.host, dialled.port, SOURCE);
    const hint = hintFor(name);
    for (let attempt = 0; ; attempt += 1) {
      await options.limiterFor(name).acquire(signal);
      options.countRequest();
      const bytes = await exchangeWhois(address, query, {
        timeoutMs: options.timeoutMs,
        maxReplyBytes: options.maxReplyBytes,
        signal,
        url,
        lookup: guarded,
      });
      const decoded = decodeReply(bytes, hint.charset);
      const parsed = parseWhoisReply(
        decoded.text,
        domain,
        hint.dateOrder === undefined ? {} : { dateOrder: hint.dateOrder },
      );
      if (parsed.kind !== 'throttled') {
        recordReply(url, decoded.text, options.clock.now());
        return { server: name, query, text: decoded.text, charset: decoded.charset, parsed, cached: false };
      }
      const delay = retryDelays[attempt];
      if (delay === undefined) {
        throw new RateLimitedError(url, SOURCE);
      }
      await options.clock.sleep(delay, signal);
    }
  };

  const ask = createPartAsker({
    cache: options.partCache,
    backoff: options.partBackoff ?? DEFAULT_PART_BACKOFF,
    clock: options.clock,
    askServer,
  });

  const lookup = async (
    domain: string,
    signal?: AbortSignal,
    freshness?: LookupFreshness,
  ): Promise<WhoisLookup> => {
    const ascii = domainToASCII(domain.trim().replace(/\.$/, ''));
    if (ascii === '' || !ascii.includes('.')) {
      throw new SourceError(
        'unsupported',
        `not a registrable domain name: ${JSON.stringify(domain)}`,
        SOURCE,
      );
    }
    const tld = ascii.slice(ascii.lastIndexOf('.') + 1);
    const hops: WhoisHop[] = [];
    const failures: SourceError[] = [];

    const iana = hopOf(await ask(ianaName, tld, tld, signal, freshness));
    hops.push(iana);
    const registryServer = iana.parsed.referral;
    if (registryServer === undefined) {
      throw new SourceError('unsupported', `IANA names no WHOIS server for .${tld}`, SOURCE);
    }

    const registryQuery = formatWhoisQuery(splitHostPort(registryServer).host, ascii);
    const registry = hopOf(await ask(registryServer, registryQuery, ascii, signal, freshness));
    hops.push(registry);
    if (registry.parsed.kind === 'not_found') {
      return { domain: ascii, outcome: 'not_found', hops, contactServers: {}, failures };
    }

    let record = registry;
    let parsed = registry.parsed;
    const contactServers: Partial<Record<WhoisRole, string>> = {};
    const noteContacts = (hop: WhoisHop): void => {
      for (const role of WHOIS_ROLES) {
        if (hop.parsed.contacts[role] !== undefined) {
          contactServers[role] = hop.server;
        }
      }
    };
    noteContacts(registry);
    const visited = new Set([ianaName, splitHostPort(registryServer).host]);
    let next = record.parsed.referral;
    for (let referrals = 0; referrals < maxReferrals && next !== undefined; referrals += 1) {
      const nextName = splitHostPort(next).host;
      if (visited.has(nextName)) {
        break;
      }
      visited.add(nextName);
      const outcome = await ask(next, formatWhoisQuery(nextName, ascii), ascii, signal, freshness);
      if (!('hop' in outcome)) {
        failures.push(new RegistrarPartError(nextName, outcome.failure, outcome.retryAt));
        break;
      }
      const hop = outcome.hop;
      hops.push(hop);
      if (hop.parsed.kind !== 'record') {
        break;
      }
      record = hop;
      parsed = mergeReplies(parsed, hop.parsed);
      noteContacts(hop);
      next = hop.parsed.referral;
    }
    return { domain: ascii, outcome: 'found', hops, record, parsed, contactServers, failures };
  };

  return { lookup };
}
