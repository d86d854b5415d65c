/** RFC 9224 bootstrap client: which RDAP server serves an AS number, an IP network or a domain, with a disk cache. */
import { isObject } from '../../util/is-object';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MalformedBodyError, SourceError } from '../../net/errors';
import type { SourceHttp } from '../../core/plugin-api';
import type { Clock } from '../../util/clock';
import type { Logger } from '../../util/logger';
import { parsePrefix, prefixContains, type IpPrefix } from './ip';
import { withoutUserinfo } from '../../../shared/util/url-password';

export type BootstrapRegistry = 'asn' | 'ipv4' | 'ipv6' | 'dns';

export const BOOTSTRAP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface RdapBootstrap {
  /** Base URL (ending in `/`) of the server responsible for an AS number; throws SourceError. */
  getAutnumServer(asNumber: number, signal?: AbortSignal): Promise<string>;
  /** Base URL of the server responsible for a network (longest-prefix match); throws SourceError. */
  getNetworkServer(cidr: string, signal?: AbortSignal): Promise<string>;
  /**
   * Base URL of the server responsible for a domain (an A-label name), by the longest matching
   * label suffix in dns.json; undefined when no RDAP service is registered for it.
   */
  getDomainServer(name: string, signal?: AbortSignal): Promise<string | undefined>;
}

export interface RdapBootstrapOptions {
  /** Client for the bootstrap files (absolute URLs are passed). */
  http: SourceHttp;
  /** Where the IANA files are, e.g. `https://data.iana.org/rdap/`. */
  baseUrl: string;
  /** `<dataDir>/.rdap-bootstrap`. */
  cacheDir: string;
  clock: Clock;
  logger: Logger;
  maxAgeMs?: number;
}

interface AsnService {
  first: number;
  last: number;
  urls: string[];
}

interface PrefixService {
  prefix: IpPrefix;
  urls: string[];
}

interface LoadedRegistry {
  fetchedAt: number;
  services: unknown[][];
}

/** What a cache file holds: the URL it came from, when, and the registry body. */
interface CacheFile {
  url: string;
  fetchedAt: number;
  body: unknown;
}

/** The `services` array of a bootstrap file; throws when the body is not one. */
function readServices(body: unknown, url: string): unknown[][] {
  if (!isObject(body) || !Array.isArray(body.services)) {
    throw new MalformedBodyError(url, 'not an RDAP bootstrap file (no services)', 'RDAP');
  }
  const services: unknown[][] = [];
  for (const service of body.services as unknown[]) {
    if (!Array.isArray(service) || !Array.isArray(service[0]) || !Array.isArray(service[1])) {
      throw new MalformedBodyError(url, 'a bootstrap service is not [entries, urls]', 'RDAP');
    }
    services.push(service as unknown[]);
  }
  return services;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** HTTPS first (RFC 9224 §3), then whatever else is listed; always ending in `/`. */
export function chooseServerUrl(urls: string[]): string | undefined {
  const chosen = urls.find((url) => url.toLowerCase().startsWith('https://')) ?? urls[0];
  if (chosen === undefined) {
    return undefined;
  }
  return chosen.endsWith('/') ? chosen : `${chosen}/`;
}

export function matchAutnum(services: unknown[][], asNumber: number): string | undefined {
  const parsed: AsnService[] = [];
  for (const [entries, urls] of services) {
    for (const entry of stringsOf(entries)) {
      const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(entry);
      if (match?.[1] !== undefined) {
        const first = Number(match[1]);
        parsed.push({
          first,
          last: match[2] === undefined ? first : Number(match[2]),
          urls: stringsOf(urls),
        });
      }
    }
  }
  const hit = parsed.find((service) => asNumber >= service.first && asNumber <= service.last);
  return hit ? chooseServerUrl(hit.urls) : undefined;
}

export function matchNetwork(services: unknown[][], target: IpPrefix): string | undefined {
  let best: PrefixService | undefined;
  for (const [entries, urls] of services) {
    for (const entry of stringsOf(entries)) {
      const prefix = parsePrefix(entry);
      if (prefix && prefixContains(prefix, target) && (!best || prefix.length > best.prefix.length)) {
        best = { prefix, urls: stringsOf(urls) };
      }
    }
  }
  return best ? chooseServerUrl(best.urls) : undefined;
}

/**
 * RFC 9224 §4: the entry matching the most labels at the end of the name wins ("com" for
 * "example.com", "co.uk" over "uk" when both are listed). Entries compare in lower case.
 */
export function matchDomain(services: unknown[][], name: string): string | undefined {
  const labels = name.toLowerCase().replace(/\.$/, '').split('.');
  let best: { labels: number; urls: string[] } | undefined;
  for (const [entries, urls] of services) {
    for (const entry of stringsOf(entries)) {
      const suffix = entry
        .toLowerCase()
        .replace(/^\.|\.$/g, '')
        .split('.');
      const matches =
        suffix.length <= labels.length &&
        suffix.every((label, index) => labels[labels.length - suffix.length + index] === label);
      if (matches && (!best || suffix.length > best.labels)) {
        best = { labels: suffix.length, urls: stringsOf(urls) };
      }
    }
  }
  return best ? chooseServerUrl(best.urls) : undefined;
}

/** Resolves as `promise` does, or rejects as soon as `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) {
    return promise;
  }
  if (signal.aborted) {
    return Promise.reject(new SourceError('aborted', 'RDAP bootstrap lookup was aborted', 'RDAP'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void =>
      reject(new SourceError('aborted', 'RDAP bootstrap lookup was aborted', 'RDAP'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function createRdapBootstrap(options: RdapBootstrapOptions): RdapBootstrap {
  const { http, cacheDir, clock, logger } = options;
  const maxAgeMs = options.maxAgeMs ?? BOOTSTRAP_MAX_AGE_MS;
  const baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const loaded = new Map<BootstrapRegistry, LoadedRegistry>();
  const inFlight = new Map<BootstrapRegistry, Promise<LoadedRegistry>>();

  const urlOf = (registry: BootstrapRegistry): string => new URL(`${registry}.json`, baseUrl).toString();
  // The cache file names and holds the URL without its user name and password: a configured
  // password is a secret and never lands in a file (issue 24), not even hashed into a file name.
  const cachePathOf = (url: string, registry: BootstrapRegistry): string =>
    path.join(
      cacheDir,
      `${registry}-${createHash('sha256').update(withoutUserinfo(url)).digest('hex').slice(0, 16)}.json`,
    );
  const isFresh = (fetchedAt: number): boolean => {
    const age = clock.now() - fetchedAt;
    return age >= 0 && age < maxAgeMs;
  };

  const readCache = async (file: string, url: string): Promise<LoadedRegistry | undefined> => {
    let content: string;
    try {
      content = await readFile(file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const cached = JSON.parse(content) as unknown;
      if (!isObject(cached) || cached.url !== withoutUserinfo(url) || typeof cached.fetchedAt !== 'number') {
        throw new Error('not a bootstrap cache file');
      }
      return { fetchedAt: cached.fetchedAt, services: readServices(cached.body, url) };
    } catch (error) {
      logger.warn('RDAP bootstrap cache file unreadable; fetching it again', {
        file,
        reason: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  };

  const writeCache = async (file: string, entry: CacheFile): Promise<void> => {
    try {
      await mkdir(cacheDir, { recursive: true });
      // Write then rename, so a crash never leaves a half-written file behind.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, JSON.stringify(entry), 'utf8');
      await rename(temporary, file);
    } catch (error) {
      logger.warn('RDAP bootstrap cache not written', {
        file,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const load = async (registry: BootstrapRegistry): Promise<LoadedRegistry> => {
    const url = urlOf(registry);
    const file = cachePathOf(url, registry);
    const cached = await readCache(file, url);
    if (cached && isFresh(cached.fetchedAt)) {
      return cached;
    }
    try {
      const response = await http.getJson(url);
      const services = readServices(response.body, url);
      const fetchedAt = clock.now();
      await writeCache(file, { url: withoutUserinfo(url), fetchedAt, body: response.body });
      return { fetchedAt, services };
    } catch (error) {
      if (cached && !(error instanceof SourceError && error.code === 'aborted')) {
        // Stale data beats none: registries move rarely, and the next lookup tries again.
        logger.warn('RDAP bootstrap refresh failed; using the stale copy', {
          url: withoutUserinfo(url),
          reason: error instanceof Error ? error.message : String(error),
        });
        return { fetchedAt: cached.fetchedAt, services: cached.services };
      }
      throw error;
    }
  };

  const getServices = async (registry: BootstrapRegistry, signal?: AbortSignal): Promise<unknown[][]> => {
    const current = loaded.get(registry);
    if (current && isFresh(current.fetchedAt)) {
      return current.services;
    }
    let pending = inFlight.get(registry);
    if (!pending) {
      // Shared by every waiter, so one session's cancellation must not fail the others' lookups.
      pending = load(registry).finally(() => inFlight.delete(registry));
      inFlight.set(registry, pending);
    }
    const result = await abortable(pending, signal);
    loaded.set(registry, result);
    return result.services;
  };

  return {
    async getAutnumServer(asNumber, signal) {
      if (!Number.isInteger(asNumber) || asNumber < 0 || asNumber > 4_294_967_295) {
        throw new SourceError('unsupported', `AS${asNumber} is not a valid AS number`, 'RDAP');
      }
      const server = matchAutnum(await getServices('asn', signal), asNumber);
      if (server === undefined) {
        throw new SourceError('not_found', `no RDAP server serves AS${asNumber} (IANA bootstrap)`, 'RDAP');
      }
      return server;
    },
    async getNetworkServer(cidr, signal) {
      const prefix = parsePrefix(cidr);
      if (!prefix) {
        throw new SourceError('unsupported', `${cidr} is not an IP network`, 'RDAP');
      }
      const server = matchNetwork(await getServices(prefix.version === 4 ? 'ipv4' : 'ipv6', signal), prefix);
      if (server === undefined) {
        throw new SourceError('not_found', `no RDAP server serves ${cidr} (IANA bootstrap)`, 'RDAP');
      }
      return server;
    },
    async getDomainServer(name, signal) {
      return matchDomain(await getServices('dns', signal), name);
    },
  };
}
