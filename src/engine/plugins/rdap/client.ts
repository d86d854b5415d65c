/** RDAP requests: find the responsible server through the bootstrap, fetch and check the object. */
import type { AutnumRecord, IPNetRecord, Netblock } from '../../../shared/model/asset';
import { SourceError } from '../../net/errors';
import type { OffThreadRunner, SourceHttp } from '../../core/plugin-api';
import type { RdapBootstrap } from './bootstrap';
import type { DomainReply } from './domain-contacts';
import { findSelfLink, parseRdapObject, RDAP_JSON, type RdapObject } from './mapping';
import { readRedactions } from './redaction';
import { registrationReader, type RegistrationAsset, type RegistrationRead } from './registration-read';
import { parseRdapReply } from './wire';

/** What the RDAP plugin's setup gives its handlers. */
export interface RdapResources {
  /** Rate-limited per RDAP server host:port; follows redirects between registries. */
  http: SourceHttp;
  bootstrap: RdapBootstrap;
  /** Where a record's reply is read into its expansion (a compute worker). */
  offThread: OffThreadRunner;
}

async function fetchRegistration(
  resources: RdapResources,
  url: string,
  asset: RegistrationAsset,
  what: string,
  signal: AbortSignal,
): Promise<RegistrationRead> {
  const response = await resources.http.getJson<RegistrationRead>(url, {
    signal,
    acceptStatus: [404],
    headers: { accept: `${RDAP_JSON}, application/json;q=0.9` },
    // A registration reply can be megabytes (thousands of contacts): read on a compute worker.
    readText: registrationReader(resources.offThread, asset, signal),
  });
  if (response.status === 404) {
    throw new SourceError('not_found', `RDAP server has no record of ${what} (${response.url})`, 'RDAP');
  }
  return response.body;
}

/** `GET <server>autnum/<n>` at the registry the bootstrap names: the AutnumRecord it gives. */
export async function queryAutnum(
  resources: RdapResources,
  asNumber: number,
  signal: AbortSignal,
): Promise<AutnumRecord> {
  const server = await resources.bootstrap.getAutnumServer(asNumber, signal);
  const asset = { objectClass: 'autnum', number: asNumber } as const;
  const read = await fetchRegistration(
    resources,
    `${server}autnum/${asNumber}`,
    asset,
    `AS${asNumber}`,
    signal,
  );
  return (read as Extract<RegistrationRead, { objectClass: 'autnum' }>).record;
}

/** `GET <server>ip/<cidr>` at the registry the bootstrap names (longest prefix): its IPNetRecord. */
export async function queryNetwork(
  resources: RdapResources,
  netblock: Netblock,
  signal: AbortSignal,
): Promise<IPNetRecord> {
  const server = await resources.bootstrap.getNetworkServer(netblock.cidr, signal);
  const asset = {
    objectClass: 'ip network',
    netblock: { cidr: netblock.cidr, type: netblock.type },
  } as const;
  const read = await fetchRegistration(
    resources,
    `${server}ip/${netblock.cidr}`,
    asset,
    netblock.cidr,
    signal,
  );
  return (read as Extract<RegistrationRead, { objectClass: 'ip network' }>).record;
}

/** The stored reply of a record, or undefined when it is missing or no longer parses. */
export function readStoredReply(
  raw: string | undefined,
  objectClass: 'autnum' | 'ip network',
): RdapObject | undefined {
  if (raw === undefined || raw.trim() === '') {
    return undefined;
  }
  try {
    return parseRdapObject(JSON.parse(raw), objectClass, 'stored record');
  } catch {
    return undefined;
  }
}

/** A domain reply, or the server's authoritative "no such domain" (HTTP 404). */
export type DomainFetch = { found: true; reply: DomainReply } | { found: false; url: string };

/** `GET` a domain object and check it against the wire schema; a 404 is a no-match, not an error. */
export async function fetchDomain(http: SourceHttp, url: string, signal: AbortSignal): Promise<DomainFetch> {
  const response = await http.getJson(url, {
    signal,
    acceptStatus: [404],
    headers: { accept: `${RDAP_JSON}, application/json;q=0.9` },
  });
  if (response.status === 404) {
    return { found: false, url: response.url };
  }
  const object = parseRdapReply(response.body, 'domain', response.url);
  return {
    found: true,
    reply: {
      url: response.url,
      server: new URL(response.url).host,
      object,
      redactions: readRedactions(object),
    },
  };
}

/**
 * The registrar's RDAP URL a registry reply points to (`links` rel `related`, type
 * application/rdap+json: RFC 9083 §4.2 and the ICANN gTLD profile), unless it is the same object
 * again (the reply's own URL or self link, whatever the query string: registro.br and CentralNic
 * link back to themselves). The URL is untrusted, the reply chose it: only http(s) is followed,
 * through the same client, limits and checks as any reply.
 */
export function findRegistrarLink(object: RdapObject, replyUrl: string): string | undefined {
  const sameObject = (url: URL): boolean =>
    [replyUrl, findSelfLink(object.links)].some((other) => {
      try {
        const parsed = other === undefined ? undefined : new URL(other);
        return (
          parsed !== undefined &&
          parsed.host.toLowerCase() === url.host.toLowerCase() &&
          parsed.pathname.toLowerCase() === url.pathname.toLowerCase()
        );
      } catch {
        return false;
      }
    });
  const links = Array.isArray(object.links) ? object.links : [];
  for (const link of links) {
    if (typeof link !== 'object' || link === null) {
      continue;
    }
    const { rel, type, href } = link as Record<string, unknown>;
    if (
      typeof rel !== 'string' ||
      rel.toLowerCase() !== 'related' ||
      typeof type !== 'string' ||
      type.toLowerCase() !== RDAP_JSON ||
      typeof href !== 'string'
    ) {
      continue;
    }
    let url: URL;
    try {
      url = new URL(href.trim(), replyUrl);
    } catch {
      continue;
    }
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !sameObject(url)) {
      return url.toString();
    }
  }
  return undefined;
}
