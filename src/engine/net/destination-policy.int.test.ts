import type { LookupAddress, lookup as dnsLookup } from 'node:dns';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer, type FakeRoute } from '../../../test/fakes/http-server';
import { DEFAULT_CONFIG } from '../config/config';
import { createMemoryCredentialStore } from '../credentials/credential-store';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import {
  createDestinationPolicy,
  DestinationRefusedError,
  type DestinationPolicy,
} from './destination-policy';
import { createHttpClient } from './http-client';
import type { SourceHttp } from './types';

const servers: FakeHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(route: FakeRoute): Promise<FakeHttpServer> {
  const server = await startFakeHttpServer(route);
  servers.push(server);
  return server;
}

function client(baseUrl: string, destinations?: DestinationPolicy): SourceHttp {
  return createHttpClient({
    source: 'GLEIF',
    baseUrl,
    rateLimit: { requests: 100, intervalMs: 1000 },
    http: { ...DEFAULT_CONFIG.http, maxRetries: 0 },
    clock: systemClock,
    credentials: createMemoryCredentialStore(),
    logger: silentLogger,
    ...(destinations === undefined ? {} : { destinations }),
  });
}

/** A resolver that answers a few names from a table and defers to no real DNS. */
function resolverOf(table: Record<string, LookupAddress[]>): typeof dnsLookup {
  return ((
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
  ) => {
    const answer = table[hostname];
    callback(answer === undefined ? new Error(`ENOTFOUND ${hostname}`) : null, answer ?? []);
  }) as unknown as typeof dnsLookup;
}

async function failureOf(pending: Promise<unknown>): Promise<DestinationRefusedError> {
  const error = await pending.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DestinationRefusedError);
  return error as DestinationRefusedError;
}

describe('the HTTP client under the destination policy', () => {
  it('refuses a redirect from a configured loopback fake to another loopback port', async () => {
    const internal = await serve(() => ({ body: { data: [{ id: 'STOLEN' }] } }));
    const configured = await serve(() => ({ status: 302, headers: { location: `${internal.url}/admin` } }));
    const refusal = await failureOf(client(configured.url).getJson('/lei-records'));
    expect(refusal.code).toBe('destination_refused');
    expect(refusal.source).toBe('GLEIF');
    expect(refusal.message).toBe(`refused to connect to ${internal.url}/admin: 127.0.0.1 is loopback`);
    expect(internal.requests).toHaveLength(0);
  });

  it.each([
    ['data:', 'data:application/json,{"data":[]}'],
    ['file:', 'file:///etc/passwd'],
  ])('refuses a redirect to a %s URL', async (_scheme, location) => {
    const configured = await serve(() => ({ status: 302, headers: { location } }));
    const refusal = await failureOf(client(configured.url).getJson('/x'));
    expect(refusal.message).toMatch(/only http and https destinations are followed/);
    expect(configured.requests).toHaveLength(1);
  });

  it('refuses a redirect to the link-local metadata address without connecting', async () => {
    const configured = await serve(() => ({
      status: 307,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    }));
    const refusal = await failureOf(client(configured.url).getJson('/x'));
    expect(refusal.message).toMatch(/169\.254\.169\.254 is link-local/);
  });

  it('refuses an absolute URL taken from a reply when it names an unconfigured loopback server', async () => {
    const internal = await serve(() => ({ body: {} }));
    const configured = await serve(() => ({ body: {} }));
    await failureOf(client(configured.url).getJson(`${internal.url}/autnum/64500`));
    expect(internal.requests).toHaveLength(0);
  });

  it('checks a redirect host name on the address the socket resolves at connect time', async () => {
    const internal = await serve(() => ({ body: { secret: true } }));
    const port = new URL(internal.url).port;
    const configured = await serve(() => ({
      status: 302,
      headers: { location: `http://rebound.example.test:${port}/` },
    }));
    const policy = createDestinationPolicy(
      [configured.url],
      resolverOf({ 'rebound.example.test': [{ address: '127.0.0.1', family: 4 }] }),
    );
    const refusal = await failureOf(client(configured.url, policy).getJson('/x'));
    expect(refusal.message).toBe(
      'refused to connect to rebound.example.test: it resolves only to non-public addresses (127.0.0.1 is loopback)',
    );
    expect(internal.requests).toHaveLength(0);
  });

  it('connects to a configured host name as set, even when it resolves to loopback', async () => {
    const configured = await serve(() => ({ body: { ok: true } }));
    const url = configured.url.replace('127.0.0.1', 'localhost');
    const reply = await client(url, createDestinationPolicy([url])).getJson('/x');
    expect(reply.body).toEqual({ ok: true });
  });

  it('follows a redirect between two configured endpoints', async () => {
    const second = await serve(() => ({ body: { moved: true } }));
    const first = await serve(() => ({ status: 301, headers: { location: `${second.url}/new` } }));
    const reply = await client(first.url, createDestinationPolicy([first.url, second.url])).getJson('/old');
    expect(reply.body).toEqual({ moved: true });
  });
});

describe('a WHOIS referral socket under the destination policy', () => {
  it('is refused in its own lookup when the referred name resolves to loopback', async () => {
    const policy = createDestinationPolicy(
      ['whois.iana.org:43'],
      resolverOf({ 'whois.rebound.example': [{ address: '127.0.0.22', family: 4 }] }),
    );
    const error = await new Promise<unknown>((resolve) => {
      const socket = net.connect({
        host: 'whois.rebound.example',
        port: 43,
        ...policy.whoisConnectOptions('whois.rebound.example', 43, 'WHOIS'),
      });
      socket.on('connect', () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.on('error', resolve);
    });
    expect(error).toBeInstanceOf(DestinationRefusedError);
    expect((error as Error).message).toBe(
      'refused to connect to whois.rebound.example: it resolves only to non-public addresses (127.0.0.22 is loopback)',
    );
  });
});
