/**
 * Where the engine may connect (SSRF policy, issue 11.7).
 *
 * Endpoints the user configured (source base URLs, the RDAP bootstrap URL and `rdap.hosts`, the
 * IANA WHOIS server and `whois.servers`) are trusted as set: a loopback fake or a company-internal
 * mirror works when the user names it. Every other destination came from a source's reply (an HTTP
 * redirect, an RDAP bootstrap service URL or `links`, a WHOIS referral) and must be http(s), or
 * WHOIS on port 43, on a PUBLIC UNICAST address.
 *
 * The address is checked on the address the socket actually connects to, inside the connect step
 * (a `lookup` hook for host names, the connector itself for IP literals), so there is no gap between
 * a check and the connection for DNS rebinding to slip through.
 */
import {
  lookup as dnsLookup,
  type LookupAddress,
  type LookupAllOptions,
  type LookupOneOptions,
} from 'node:dns';
import { isIP } from 'node:net';
import type { AppConfig } from '../config/config';
import { nonPublicReason } from './address-ranges';
import { SourceError, urlForMessage } from './errors';
import { redactUrl } from './redact';

export { nonPublicReason } from './address-ranges';

/** The port a WHOIS referral may name (RFC 3912). */
export const WHOIS_PORT = 43;

/** A destination refused by the policy: recorded as a failure, nothing is sent. */
export class DestinationRefusedError extends SourceError {
  override readonly name = 'DestinationRefusedError';
  readonly destination: string;
  readonly reason: string;
  constructor(destination: string, reason: string, source?: string) {
    super('destination_refused', `refused to connect to ${destination}: ${reason}`, source);
    this.destination = destination;
    this.reason = reason;
  }
}

/** The `lookup` option of net.connect / tls.connect (and of undici's connector). */
export type LookupFunction = (
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

export interface DestinationPolicy {
  /** True when host:port is an endpoint the user configured (trusted as set, any address). */
  isConfigured(host: string, port: number): boolean;
  /**
   * Checks an HTTP destination before anything is sent: the scheme (http and https only) and,
   * for a destination that is not configured and names an IP literal, its address. Throws
   * DestinationRefusedError. Host names are checked again at connect time (see `guardedLookup`).
   */
  checkHttpUrl(url: URL, source?: string): void;
  /**
   * Options to spread into `net.connect` for a WHOIS server: `{}` for a configured server; for a
   * referral, a `lookup` that refuses non-public addresses. Throws DestinationRefusedError at once
   * for a referral to a port other than 43 or to a non-public IP literal.
   */
  whoisConnectOptions(host: string, port: number, source?: string): { lookup?: LookupFunction };
  /**
   * A `lookup` for a socket that resolves the name and refuses the connection when no resolved
   * address is public (non-public ones are dropped: only public addresses are tried).
   */
  guardedLookup(source?: string): LookupFunction;
  /** This policy with more configured endpoints (a client's own base URL). */
  including(endpoints: readonly string[]): DestinationPolicy;
}

/**
 * Every endpoint named in the configuration, as URLs or `host[:port]` texts. A host named without
 * a port (an `rdap.hosts` key such as `rdap.lacnic.net`) is trusted on any port.
 */
export function configuredEndpoints(config: AppConfig): string[] {
  const { gleif, companydata, rdap, whois } = config.sources;
  return [
    gleif.baseUrl,
    companydata.baseUrl,
    rdap.bootstrapUrl,
    ...Object.keys(rdap.hosts),
    whois.ianaServer,
    ...Object.values(whois.servers),
  ];
}

interface TrustedEndpoint {
  host: string;
  /** undefined: any port. */
  port: number | undefined;
}

export function createDestinationPolicy(
  endpoints: readonly string[],
  resolve: typeof dnsLookup = dnsLookup,
): DestinationPolicy {
  const trusted = endpoints.flatMap((endpoint) => {
    const parsed = parseEndpoint(endpoint);
    return parsed === undefined ? [] : [parsed];
  });

  const isConfigured = (host: string, port: number): boolean => {
    const wanted = normaliseHost(host);
    return trusted.some((endpoint) => endpoint.host === wanted && (endpoint.port ?? port) === port);
  };

  const refuseNonPublicLiteral = (host: string, shown: string, source: string | undefined): void => {
    const bare = normaliseHost(host);
    if (isIP(bare) !== 0) {
      const reason = nonPublicReason(bare);
      if (reason !== undefined) {
        throw new DestinationRefusedError(shown, `${bare} is ${reason}`, source);
      }
    }
  };

  const guardedLookup =
    (source?: string): LookupFunction =>
    (hostname, options, callback) => {
      resolve(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) {
          callback(error, []);
          return;
        }
        const publicOnes = addresses.filter((entry) => nonPublicReason(entry.address) === undefined);
        const first = publicOnes[0];
        if (first === undefined) {
          const seen = addresses.map((entry) => `${entry.address} is ${nonPublicReason(entry.address)}`);
          const refusal = new DestinationRefusedError(
            hostname,
            `it resolves only to non-public addresses (${seen.join(', ') || 'none'})`,
            source,
          );
          callback(refusal, []);
          return;
        }
        if (options.all === true) {
          callback(null, publicOnes);
        } else {
          callback(null, first.address, first.family);
        }
      });
    };

  return {
    isConfigured,
    checkHttpUrl(url, source) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        // The rest of a data: or javascript: URL is the attacker's text: never shown.
        throw new DestinationRefusedError(
          `a ${url.protocol} URL`,
          'only http and https destinations are followed',
          source,
        );
      }
      const shown = urlForMessage(redactUrl(url));
      if (!isConfigured(url.hostname, portOf(url))) {
        refuseNonPublicLiteral(url.hostname, shown, source);
      }
    },
    whoisConnectOptions(host, port, source) {
      if (isConfigured(host, port)) {
        return {};
      }
      const shown = `${host}:${port}`;
      if (port !== WHOIS_PORT) {
        throw new DestinationRefusedError(shown, `a WHOIS referral must use port ${WHOIS_PORT}`, source);
      }
      refuseNonPublicLiteral(host, shown, source);
      return { lookup: guardedLookup(source) };
    },
    guardedLookup,
    including: (more) => createDestinationPolicy([...endpoints, ...more], resolve),
  };
}

/** The effective port of an http(s) URL. */
export function portOf(url: URL): number {
  if (url.port !== '') {
    return Number(url.port);
  }
  return url.protocol === 'https:' ? 443 : 80;
}

/** Lower case, IPv6 brackets and zone removed, trailing dot of a FQDN removed. */
function normaliseHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .replace(/\.$/, '');
}

function parseEndpoint(endpoint: string): TrustedEndpoint | undefined {
  const text = endpoint.trim();
  if (text === '') {
    return undefined;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return { host: normaliseHost(url.hostname), port: portOf(url) };
    } catch {
      return undefined;
    }
  }
  // host, host:port, [v6], [v6]:port, or a bare IPv6 address.
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    return { host: normaliseHost(bracketed[1] ?? ''), port: numberOrUndefined(bracketed[2]) };
  }
  if (isIP(text) === 6) {
    return { host: normaliseHost(text), port: undefined };
  }
  const [host = '', port] = text.split(':');
  return { host: normaliseHost(host), port: numberOrUndefined(port) };
}

function numberOrUndefined(text: string | undefined): number | undefined {
  return text === undefined || text === '' ? undefined : Number(text);
}
