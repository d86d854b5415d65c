/** RDAP queries: find the responsible server through the bootstrap, fetch and check the object. */
import type { Netblock } from '../../../shared/model/asset';
import { SourceError } from '../../net/errors';
import type { SourceHttp } from '../../core/plugin-api';
import type { RdapBootstrap } from './bootstrap';
import { parseRdapObject, RDAP_JSON, type RdapObject } from './parse';

/** What the RDAP plugin's setup gives its handlers. */
export interface RdapResources {
  /** Rate-limited per RDAP server host:port; follows redirects between registries. */
  http: SourceHttp;
  bootstrap: RdapBootstrap;
}

export interface RdapReply {
  object: RdapObject;
  /** The reply as JSON text, kept in the record's `raw` field. */
  raw: string;
}

async function fetchObject(
  http: SourceHttp,
  url: string,
  objectClass: 'autnum' | 'ip network',
  what: string,
  signal: AbortSignal,
): Promise<RdapReply> {
  const response = await http.getJson(url, {
    signal,
    acceptStatus: [404],
    headers: { accept: `${RDAP_JSON}, application/json;q=0.9` },
  });
  if (response.status === 404) {
    throw new SourceError('not_found', `RDAP server has no record of ${what} (${response.url})`, 'RDAP');
  }
  const object = parseRdapObject(response.body, objectClass, response.url);
  return { object, raw: JSON.stringify(object) };
}

/** `GET <server>autnum/<n>` at the registry the bootstrap names. */
export async function queryAutnum(
  resources: RdapResources,
  asNumber: number,
  signal: AbortSignal,
): Promise<RdapReply> {
  const server = await resources.bootstrap.getAutnumServer(asNumber, signal);
  return fetchObject(resources.http, `${server}autnum/${asNumber}`, 'autnum', `AS${asNumber}`, signal);
}

/** `GET <server>ip/<cidr>` at the registry the bootstrap names (longest prefix). */
export async function queryNetwork(
  resources: RdapResources,
  netblock: Pick<Netblock, 'cidr'>,
  signal: AbortSignal,
): Promise<RdapReply> {
  const server = await resources.bootstrap.getNetworkServer(netblock.cidr, signal);
  return fetchObject(resources.http, `${server}ip/${netblock.cidr}`, 'ip network', netblock.cidr, signal);
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
