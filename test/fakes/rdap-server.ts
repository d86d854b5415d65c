/**
 * A fake RDAP service on 127.0.0.1 standing in for all five registries under path prefixes
 * (`/arin/`, `/ripe/`, `/apnic/`, `/lacnic/`, `/afrinic/`), plus the IANA bootstrap files under
 * `/bootstrap/` with their service URLs rewritten to point here. It serves a directory laid out as
 * `bootstrap/{asn,ipv4,ipv6}.json` and `responses/<rir>/{autnum_<n>,ip_<address>}.json` (the shared
 * recorded fixtures, or the project's synthetic ones). Every request is logged.
 *
 * Domains: `bootstrap/dns.json`'s service URLs are rewritten to `<url>/dns/<host>/<path>`, and
 * `/dns/<host>/.../domain/<name>` serves `responses/domain/<host>_<name>.json` (name in lower case,
 * as the recorded files are named) with its `related` RDAP links rewritten the same way,
 * so a registry's link to its registrar's RDAP leads to the registrar's recorded reply here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TypedAsset } from '../../src/shared/model/asset';
import type { SessionProgress } from '../../src/shared/model/session';
import {
  createEngine,
  createMemoryCredentialStore,
  resolveConfig,
  type AppConfig,
  type Clock,
  type Engine,
  type OpenCase,
  type PluginDefinition,
  type RateLimit,
} from '../../src/engine/index';
import { rdapPlugin } from '../../src/engine/plugins/rdap/plugin';
import { startFakeHttpServer, type FakeReply, type FakeRequest, type FakeHttpServer } from './http-server';

export const RIRS = ['arin', 'ripe', 'apnic', 'lacnic', 'afrinic'] as const;
export type Rir = (typeof RIRS)[number];

export interface FakeRdapServerOptions {
  /** Directory holding `bootstrap/` and `responses/`. */
  root: string;
  /** Point a registry's bootstrap entries at another server (e.g. a second fake, for per-host limits). */
  rirBaseUrls?: Partial<Record<Rir, string>>;
  /**
   * Registries whose replies are served through an HTTP redirect to the host named in the reply's
   * self link, as LACNIC does for Brazil's registro.br (default: every reply whose self link names a
   * host that is not the registry's own).
   */
  followSelfLinkHosts?: boolean;
}

export interface FakeRdapServer {
  readonly url: string;
  /** `<url>/bootstrap/` : the bootstrap base URL to configure. */
  readonly bootstrapUrl: string;
  readonly requests: FakeRequest[];
  /** `/dns/<host>/<path>`: where this fake serves what the real `https://<host>/<path>` would. */
  fakeDomainUrl(url: string): string;
  /** Requests for RDAP objects (not the bootstrap files), in arrival order. */
  objectRequests(): FakeRequest[];
  /** Answer some requests differently (429s, redirect loops, broken bodies); undefined passes through. */
  intercept(handler: ((request: FakeRequest) => FakeReply | undefined) | undefined): void;
  close(): Promise<void>;
}

const RDAP_HEADERS = { 'content-type': 'application/rdap+json' };

const OWN_HOSTS: Record<Rir, string> = {
  arin: 'rdap.arin.net',
  ripe: 'rdap.db.ripe.net',
  apnic: 'rdap.apnic.net',
  lacnic: 'rdap.lacnic.net',
  afrinic: 'rdap.afrinic.net',
};

/** An RDAP error reply (RFC 9083 §6). */
export function rdapError(status: number, title: string, description?: string): FakeReply {
  return {
    status,
    headers: RDAP_HEADERS,
    body: {
      rdapConformance: ['rdap_level_0'],
      errorCode: status,
      title,
      ...(description === undefined ? {} : { description: [description] }),
    },
  };
}

function rirOfUrl(url: string): Rir | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  return RIRS.find((rir) => host.includes(rir));
}

/** IPv4/IPv6 text to a number, for range matching (test helper, lenient). */
function addressValue(text: string): { version: 4 | 6; value: bigint } | undefined {
  const address = text.trim().replace(/\/\d+$/, '');
  if (address.includes(':')) {
    const [head = '', tail] = address.toLowerCase().split('::');
    const groups = (part: string): string[] => (part === '' ? [] : part.split(':'));
    const headGroups = groups(head);
    const tailGroups = tail === undefined ? [] : groups(tail);
    const all = [
      ...headGroups,
      ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'),
      ...tailGroups,
    ];
    if (all.length !== 8 || all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) {
      return undefined;
    }
    return {
      version: 6,
      value: all.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n),
    };
  }
  const octets = address.split('.');
  if (octets.length !== 4 || octets.some((octet) => !/^\d{1,3}$/.test(octet) || Number(octet) > 255)) {
    return undefined;
  }
  return { version: 4, value: octets.reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n) };
}

/** The first and last address of a queried `ip/<address>[/<length>]`. */
function queriedRange(query: string): { version: 4 | 6; first: bigint; last: bigint } | undefined {
  const [address = '', lengthText] = query.split('/');
  const parsed = addressValue(address);
  if (!parsed) {
    return undefined;
  }
  const bits = parsed.version === 4 ? 32 : 128;
  const length = lengthText === undefined ? bits : Number(lengthText);
  if (!Number.isInteger(length) || length < 0 || length > bits) {
    return undefined;
  }
  const hostBits = BigInt(bits - length);
  const first = (parsed.value >> hostBits) << hostBits;
  return { version: parsed.version, first, last: first + (1n << hostBits) - 1n };
}

interface RecordedNetwork {
  file: string;
  version: 4 | 6;
  first: bigint;
  last: bigint;
}

function readJsonOrNull(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function selfHost(file: string): string | undefined {
  const body = readJsonOrNull(file);
  const links = Array.isArray(body?.links) ? (body.links as Record<string, unknown>[]) : [];
  const self = links.find((link) => link.rel === 'self' && typeof link.href === 'string');
  try {
    return self ? new URL(self.href as string).hostname : undefined;
  } catch {
    return undefined;
  }
}

export async function startFakeRdapServer(options: FakeRdapServerOptions): Promise<FakeRdapServer> {
  const responses = path.join(options.root, 'responses');
  const networks = new Map<Rir, RecordedNetwork[]>();
  for (const rir of RIRS) {
    const directory = path.join(responses, rir);
    const list: RecordedNetwork[] = [];
    for (const name of existsSync(directory) ? readdirSync(directory) : []) {
      if (!name.startsWith('ip_') || !name.endsWith('.json')) {
        continue;
      }
      const body = readJsonOrNull(path.join(directory, name));
      const first = typeof body?.startAddress === 'string' ? addressValue(body.startAddress) : undefined;
      const last = typeof body?.endAddress === 'string' ? addressValue(body.endAddress) : undefined;
      if (first && last && first.version === last.version) {
        list.push({
          file: path.join(directory, name),
          version: first.version,
          first: first.value,
          last: last.value,
        });
      }
    }
    networks.set(rir, list);
  }
  const followSelfLinkHosts = options.followSelfLinkHosts ?? true;
  let interceptor: ((request: FakeRequest) => FakeReply | undefined) | undefined;
  let base = '';

  const serveFile = (file: string): FakeReply => ({
    status: 200,
    headers: RDAP_HEADERS,
    body: readFileSync(file, 'utf8'),
  });

  const serveBootstrap = (name: string): FakeReply => {
    const file = path.join(options.root, 'bootstrap', name);
    if (!/^(asn|ipv4|ipv6|dns|object-tags)\.json$/.test(name) || !existsSync(file)) {
      return { status: 404, body: 'no such bootstrap file' };
    }
    const registry = JSON.parse(readFileSync(file, 'utf8')) as { services: [string[], string[]][] };
    if (name === 'dns.json') {
      registry.services = registry.services.map(([entries, urls]) => [entries, urls.map(toFakeDomainUrl)]);
      return { status: 200, headers: { 'content-type': 'application/json' }, body: registry };
    }
    registry.services = registry.services.map(([entries, urls]) => {
      const rir = urls.map(rirOfUrl).find((item) => item !== undefined);
      return [entries, rir === undefined ? urls : [options.rirBaseUrls?.[rir] ?? `${base}/${rir}/`]];
    });
    return { status: 200, headers: { 'content-type': 'application/json' }, body: registry };
  };

  /** The recorded reply of one registry for `autnum/<n>` or `ip/<address>[/<length>]`. */
  const findFile = (rir: Rir, objectPath: string): string | undefined => {
    const autnum = /^autnum\/(?:AS)?(\d+)$/i.exec(objectPath);
    const ip = /^ip\/(.+)$/.exec(objectPath);
    if (autnum?.[1] !== undefined) {
      const candidate = path.join(responses, rir, `autnum_${autnum[1]}.json`);
      return existsSync(candidate) ? candidate : undefined;
    }
    if (ip?.[1] !== undefined) {
      const range = queriedRange(decodeURIComponent(ip[1]));
      const containing = (networks.get(rir) ?? [])
        .filter((network) => range && network.version === range.version)
        .filter((network) => range && network.first <= range.first && network.last >= range.last)
        .sort((a, b) => (a.last - a.first < b.last - b.first ? -1 : 1));
      return containing[0]?.file;
    }
    return undefined;
  };

  /**
   * Serves `<rir>/<object path>`. A resource recorded at another registry (transferred since the
   * bootstrap file was written, as AS1234 from ARIN to RIPE) is redirected there, as the RIRs do;
   * a reply whose self link names another host (registro.br under LACNIC) is redirected to it.
   */
  const serveObject = (rir: Rir, objectPath: string, viaHost?: string): FakeReply => {
    const file = findFile(rir, objectPath);
    if (file === undefined) {
      const holder = viaHost === undefined ? RIRS.find((other) => findFile(other, objectPath)) : undefined;
      return holder === undefined
        ? rdapError(404, 'Not Found', `no ${objectPath} at this registry`)
        : { status: 301, headers: { location: `${base}/${holder}/${objectPath}` } };
    }
    const host = selfHost(file);
    if (
      followSelfLinkHosts &&
      viaHost === undefined &&
      host !== undefined &&
      host !== OWN_HOSTS[rir] &&
      !host.includes(rir)
    ) {
      return { status: 302, headers: { location: `${base}/via/${host}/${rir}/${objectPath}` } };
    }
    return serveFile(file);
  };

  /** `https://host/path` as the same path under this fake's `/dns/host/`. */
  const toFakeDomainUrl = (url: string): string => {
    try {
      const parsed = new URL(url);
      return `${base}/dns/${parsed.host}${parsed.pathname}${parsed.search}`;
    } catch {
      return url;
    }
  };

  /** A recorded domain reply, its RDAP links pointing into this fake. */
  const serveDomain = (host: string, objectPath: string): FakeReply => {
    const name = /(?:^|\/)domain\/([^/?]+)$/.exec(objectPath)?.[1];
    const file =
      name === undefined
        ? undefined
        : path.join(
            responses,
            'domain',
            `${host}_${decodeURIComponent(name).toLowerCase().replace(/\.$/, '')}.json`,
          );
    if (file === undefined || !existsSync(file)) {
      return rdapError(404, 'Not Found', `no ${objectPath} at ${host}`);
    }
    const body = JSON.parse(readFileSync(file, 'utf8')) as {
      links?: { href?: unknown; type?: unknown; rel?: unknown }[];
    };
    for (const link of Array.isArray(body.links) ? body.links : []) {
      if (typeof link.href === 'string' && link.type === 'application/rdap+json' && link.rel === 'related') {
        link.href = toFakeDomainUrl(link.href);
      }
    }
    return { status: 200, headers: RDAP_HEADERS, body };
  };

  const route = (request: FakeRequest): FakeReply => {
    const intercepted = interceptor?.(request);
    if (intercepted) {
      return intercepted;
    }
    const domain = /^\/dns\/([^/]+)\/(.+)$/.exec(request.path);
    if (domain?.[1] !== undefined && domain[2] !== undefined) {
      return serveDomain(domain[1], domain[2]);
    }
    const bootstrap = /^\/bootstrap\/([^/]+)$/.exec(request.path);
    if (bootstrap?.[1] !== undefined) {
      return serveBootstrap(bootstrap[1]);
    }
    const via = /^\/via\/([^/]+)\/([a-z]+)\/(.+)$/.exec(request.path);
    if (
      via?.[1] !== undefined &&
      via[3] !== undefined &&
      (RIRS as readonly string[]).includes(via[2] ?? '')
    ) {
      return serveObject(via[2] as Rir, via[3], via[1]);
    }
    const object = /^\/([a-z]+)\/(.+)$/.exec(request.path);
    if (object?.[2] !== undefined && (RIRS as readonly string[]).includes(object[1] ?? '')) {
      return serveObject(object[1] as Rir, object[2]);
    }
    return rdapError(404, 'Not Found');
  };

  const server: FakeHttpServer = await startFakeHttpServer(route);
  base = server.url;
  return {
    url: server.url,
    bootstrapUrl: `${server.url}/bootstrap/`,
    fakeDomainUrl: (url) => toFakeDomainUrl(url),
    requests: server.requests,
    objectRequests: () => server.requests.filter((request) => !request.path.startsWith('/bootstrap/')),
    intercept: (handler) => {
      interceptor = handler;
    },
    close: () => server.close(),
  };
}

/** A fake RDAP service, an engine with only the RDAP plugin, and a case file in a temporary data directory. */
export interface RdapHarness {
  readonly server: FakeRdapServer;
  readonly engine: Engine;
  readonly kase: OpenCase;
  readonly dataDir: string;
  /** Runs one session from the seeds and resolves with its final progress. */
  run(seeds: TypedAsset[], options?: { depth?: number; refresh?: boolean }): Promise<SessionProgress>;
  /** `from|relation|to` of every edge in the case, sorted. */
  edgeKeys(): string[];
  /** Ids of every entity in the case, sorted. */
  entityIds(): string[];
  close(): Promise<void>;
}

export interface RdapHarnessOptions {
  root: string;
  /** Extra configuration merged into the RDAP source settings. */
  rdap?: { rateLimit?: RateLimit; hosts?: Record<string, RateLimit> };
  /** Reuse a data directory (bootstrap cache) across harnesses. */
  dataDir?: string;
  server?: FakeRdapServer;
  clock?: Clock;
  http?: Partial<AppConfig['http']>;
  /** Plugins registered after RDAP (e.g. WHOIS, the domain lookup's fallback). */
  plugins?: PluginDefinition[];
  /** WHOIS server addresses (a fake WHOIS set) for those plugins. */
  whois?: { ianaServer: string; servers: Record<string, string> };
}

export async function openRdapHarness(options: RdapHarnessOptions): Promise<RdapHarness> {
  const server = options.server ?? (await startFakeRdapServer({ root: options.root }));
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'rdap-')));
  const config = resolveConfig({
    sources: {
      rdap: {
        bootstrapUrl: server.bootstrapUrl,
        rateLimit: options.rdap?.rateLimit ?? { requests: 100, intervalMs: 1000 },
        ...(options.rdap?.hosts === undefined ? {} : { hosts: options.rdap.hosts }),
      },
      ...(options.whois === undefined
        ? {}
        : { whois: { ...options.whois, rateLimit: { requests: 100, intervalMs: 1000 } } }),
    },
    http: { timeoutMs: 5000, ...options.http },
  });
  const engine = createEngine({
    config,
    dataDir,
    credentials: createMemoryCredentialStore(),
    plugins: [rdapPlugin, ...(options.plugins ?? [])],
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  const kase = engine.openCase(path.join(dataDir, 'case.sqlite'));
  return {
    server,
    engine,
    kase,
    dataDir,
    run: (seeds, runOptions = {}) => kase.startSession({ seeds, ...runOptions }).done,
    edgeKeys: () =>
      kase.graph
        .snapshot()
        .edges.map((edge) => `${edge.from}|${edge.relation}|${edge.to}`)
        .sort(),
    entityIds: () =>
      kase.graph
        .snapshot()
        .entities.map((entity) => entity.id)
        .sort(),
    close: async () => {
      await engine.close();
      if (!options.server) {
        await server.close();
      }
      if (!options.dataDir) {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
