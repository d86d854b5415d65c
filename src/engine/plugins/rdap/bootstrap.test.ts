import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError, SourceError } from '../../net/errors';
import type { HttpResponse, SourceHttp } from '../../core/plugin-api';
import type { Clock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { chooseServerUrl, createRdapBootstrap, type RdapBootstrap } from './bootstrap';

const DAY = 24 * 60 * 60 * 1000;

const FILES: Record<string, unknown> = {
  'asn.json': {
    services: [
      [
        ['1-100', '300'],
        ['http://one.example/rdap', 'https://one.example/rdap'],
      ],
      [['200-299'], ['https://two.example/']],
    ],
  },
  'ipv4.json': {
    services: [
      [['10.0.0.0/8'], ['https://wide.example/']],
      [['10.1.0.0/16'], ['https://narrow.example/']],
    ],
  },
  'ipv6.json': {
    services: [
      [['2001:db8::/32'], ['https://six.example/']],
      [['2001:db8:8000::/33'], ['https://sixhalf.example/']],
    ],
  },
};

interface FakeHttp extends SourceHttp {
  urls: string[];
  fail: boolean;
  bodies: Record<string, unknown>;
}

function fakeHttp(): FakeHttp {
  const http: FakeHttp = {
    urls: [],
    fail: false,
    bodies: { ...FILES },
    getJson: <TBody>(url: string): Promise<HttpResponse<TBody>> => {
      http.urls.push(url);
      if (http.fail) {
        return Promise.reject(new NetworkError(url, 'connection refused', 'RDAP'));
      }
      const body = http.bodies[url.slice(url.lastIndexOf('/') + 1)];
      return Promise.resolve({ status: 200, url, headers: {}, body: body as TBody });
    },
    postJson: () => Promise.reject(new Error('not used')),
  };
  return http;
}

function fakeClock(start = Date.UTC(2024, 0, 1)): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => now, sleep: () => Promise.resolve(), advance: (ms) => (now += ms) };
}

let cacheDir: string;
let http: FakeHttp;
let clock: ReturnType<typeof fakeClock>;

function bootstrap(): RdapBootstrap {
  return createRdapBootstrap({
    http,
    baseUrl: 'https://iana.example/rdap',
    cacheDir,
    clock,
    logger: silentLogger,
  });
}

beforeEach(async () => {
  cacheDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'rdap-bootstrap-')), '.rdap-bootstrap');
  http = fakeHttp();
  clock = fakeClock();
});

afterEach(async () => {
  await rm(path.dirname(cacheDir), { recursive: true, force: true });
});

describe('bootstrap matching', () => {
  it('finds the server of an AS number by range and by single number', async () => {
    const client = bootstrap();
    await expect(client.getAutnumServer(1)).resolves.toBe('https://one.example/rdap/');
    await expect(client.getAutnumServer(300)).resolves.toBe('https://one.example/rdap/');
    await expect(client.getAutnumServer(299)).resolves.toBe('https://two.example/');
  });

  it('fails with not_found for an AS number no registry serves', async () => {
    await expect(bootstrap().getAutnumServer(150)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('fails with unsupported for something that is not an AS number or a network', async () => {
    await expect(bootstrap().getAutnumServer(-1)).rejects.toMatchObject({ code: 'unsupported' });
    await expect(bootstrap().getNetworkServer('not-a-cidr')).rejects.toMatchObject({ code: 'unsupported' });
  });

  it('picks the longest matching prefix for IPv4 and IPv6', async () => {
    const client = bootstrap();
    await expect(client.getNetworkServer('10.1.2.0/24')).resolves.toBe('https://narrow.example/');
    await expect(client.getNetworkServer('10.2.0.0/16')).resolves.toBe('https://wide.example/');
    await expect(client.getNetworkServer('10.0.0.0/8')).resolves.toBe('https://wide.example/');
    await expect(client.getNetworkServer('2001:db8:8001::/48')).resolves.toBe('https://sixhalf.example/');
    await expect(client.getNetworkServer('2001:db8:1::/48')).resolves.toBe('https://six.example/');
  });

  it('does not give a network to a registry that holds only part of it', async () => {
    await expect(bootstrap().getNetworkServer('10.0.0.0/7')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('prefers an HTTPS server URL', () => {
    expect(chooseServerUrl(['http://a.example/x', 'https://a.example/x'])).toBe('https://a.example/x/');
    expect(chooseServerUrl(['http://a.example/'])).toBe('http://a.example/');
    expect(chooseServerUrl([])).toBeUndefined();
  });
});

describe('bootstrap cache', () => {
  it('fetches each registry file once from the configured base URL', async () => {
    const client = bootstrap();
    await Promise.all([
      client.getAutnumServer(1),
      client.getAutnumServer(200),
      client.getNetworkServer('10.0.0.0/8'),
    ]);
    await client.getAutnumServer(5);
    expect(http.urls).toEqual(['https://iana.example/rdap/asn.json', 'https://iana.example/rdap/ipv4.json']);
  });

  it('serves a fresh cache file without the network', async () => {
    await bootstrap().getAutnumServer(1);
    http.fail = true;
    clock.advance(DAY - 1000);
    await expect(bootstrap().getAutnumServer(1)).resolves.toBe('https://one.example/rdap/');
    expect(http.urls).toHaveLength(1);
  });

  it('fetches again once the cache is older than a day, also in a running client', async () => {
    const client = bootstrap();
    await client.getAutnumServer(1);
    clock.advance(DAY + 1);
    http.bodies['asn.json'] = { services: [[['1-100'], ['https://moved.example/']]] };
    await expect(client.getAutnumServer(1)).resolves.toBe('https://moved.example/');
    expect(http.urls).toHaveLength(2);
  });

  it('keeps using a stale copy when the refresh fails', async () => {
    await bootstrap().getAutnumServer(1);
    clock.advance(2 * DAY);
    http.fail = true;
    await expect(bootstrap().getAutnumServer(1)).resolves.toBe('https://one.example/rdap/');
    expect(http.urls).toHaveLength(2);
  });

  it('fails clearly with neither a cache nor a reachable bootstrap server', async () => {
    http.fail = true;
    await expect(bootstrap().getAutnumServer(1)).rejects.toBeInstanceOf(SourceError);
  });

  it('rejects a reply that is not a bootstrap file and caches nothing', async () => {
    http.bodies['asn.json'] = { description: 'not a registry' };
    await expect(bootstrap().getAutnumServer(1)).rejects.toMatchObject({ code: 'malformed_body' });
    await expect(readdir(cacheDir)).rejects.toThrow();
  });

  it('keys cache files by the URL they came from', async () => {
    await bootstrap().getAutnumServer(1);
    const other = createRdapBootstrap({
      http,
      baseUrl: 'https://mirror.example/rdap/',
      cacheDir,
      clock,
      logger: silentLogger,
    });
    await other.getAutnumServer(1);
    expect(http.urls).toEqual(['https://iana.example/rdap/asn.json', 'https://mirror.example/rdap/asn.json']);
    expect(await readdir(cacheDir)).toHaveLength(2);
  });
});

describe('bootstrap cancellation', () => {
  it('rejects an aborted lookup without failing another waiting on the same fetch', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: SourceHttp = {
      getJson: async <TBody>(url: string) => {
        await gate;
        return http.getJson<TBody>(url);
      },
      postJson: () => Promise.reject(new Error('not used')),
    };
    const client = createRdapBootstrap({
      http: slow,
      baseUrl: 'https://iana.example/rdap/',
      cacheDir,
      clock,
      logger: silentLogger,
    });
    const controller = new AbortController();
    const cancelled = client.getAutnumServer(1, controller.signal);
    const other = client.getAutnumServer(200);
    controller.abort();
    release();
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
    await expect(other).resolves.toBe('https://two.example/');
  });
});
