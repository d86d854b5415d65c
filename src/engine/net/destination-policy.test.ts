import type { LookupAddress, lookup as dnsLookup } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/config';
import {
  configuredEndpoints,
  createDestinationPolicy,
  DestinationRefusedError,
  nonPublicReason,
  type LookupFunction,
} from './destination-policy';

describe('nonPublicReason', () => {
  it.each([
    ['127.0.0.22', 'loopback'],
    ['10.0.0.10', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['0.0.0.0', '"this network"'],
    ['192.0.2.7', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['[fe80::1%eth0]', 'link-local'],
    ['fd12:3456::1', 'unique local (private)'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved for IETF protocols'],
    ['::ffff:127.0.0.1', 'loopback (embedded IPv4)'],
    ['::ffff:7f00:1', 'loopback (embedded IPv4)'],
    ['64:ff9b::a9fe:a9fe', 'link-local (embedded IPv4)'],
    ['2002:c0a8:101::1', 'private (embedded IPv4)'],
    ['::7f00:1', 'not global unicast'],
    ['localhost', 'not an IP address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
  ])('accepts the public unicast address %s', (address) => {
    expect(nonPublicReason(address)).toBeUndefined();
  });
});

/** A resolver answering from a table, counting its calls. */
function tableResolver(table: Record<string, LookupAddress[]>) {
  const calls: string[] = [];
  const resolve = ((
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
  ) => {
    calls.push(hostname);
    const answer = table[hostname];
    if (answer === undefined) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      callback(error, []);
    } else {
      callback(null, answer);
    }
  }) as unknown as typeof dnsLookup;
  return { resolve, calls };
}

function runLookup(
  lookup: LookupFunction,
  hostname: string,
  all: boolean,
): Promise<{ error: Error | null; address: unknown; family: unknown }> {
  return new Promise((resolve) => {
    lookup(hostname, all ? { all: true } : {}, (error, address, family) => {
      resolve({ error, address, family });
    });
  });
}

describe('createDestinationPolicy', () => {
  const policy = createDestinationPolicy([
    'http://127.0.0.1:8080/api',
    'https://rdap.example.test/',
    'whois.example.test:4343',
    'rdap.lacnic.net',
  ]);

  it('treats the host and port of a configured URL as configured, and no other port', () => {
    expect(policy.isConfigured('127.0.0.1', 8080)).toBe(true);
    expect(policy.isConfigured('127.0.0.1', 8081)).toBe(false);
    expect(policy.isConfigured('RDAP.example.test', 443)).toBe(true);
    expect(policy.isConfigured('rdap.example.test', 80)).toBe(false);
  });

  it('treats a configured host named without a port as configured on any port', () => {
    expect(policy.isConfigured('rdap.lacnic.net', 443)).toBe(true);
    expect(policy.isConfigured('rdap.lacnic.net', 8443)).toBe(true);
  });

  it('lets a configured loopback endpoint through as set', () => {
    expect(() => policy.checkHttpUrl(new URL('http://127.0.0.1:8080/x'))).not.toThrow();
  });

  it('refuses another loopback port than the configured one', () => {
    expect(() => policy.checkHttpUrl(new URL('http://127.0.0.1:8081/x'))).toThrow(
      /refused to connect to http:\/\/127\.0\.0\.1:8081\/x: 127\.0\.0\.1 is loopback/,
    );
  });

  it.each([
    'data:application/json,{"data":[]}',
    'file:///etc/passwd',
    'ftp://ftp.example.test/x',
    'javascript:alert(1)',
  ])('refuses the non-http destination %s without quoting it', (url) => {
    let caught: unknown;
    try {
      policy.checkHttpUrl(new URL(url), 'GLEIF');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DestinationRefusedError);
    const refusal = caught as DestinationRefusedError;
    expect(refusal.code).toBe('destination_refused');
    expect(refusal.source).toBe('GLEIF');
    expect(refusal.message).toMatch(/only http and https destinations are followed/);
    expect(refusal.message).not.toContain(url.slice(url.indexOf(':') + 1, url.indexOf(':') + 6));
  });

  it('refuses a link-local IP literal such as the cloud metadata address', () => {
    expect(() => policy.checkHttpUrl(new URL('http://169.254.169.254/latest/meta-data/'))).toThrow(
      /169\.254\.169\.254 is link-local/,
    );
    expect(() => policy.checkHttpUrl(new URL('http://[::ffff:a9fe:a9fe]/'))).toThrow(/link-local/);
  });

  it('leaves a public host name to the connect-time check', () => {
    expect(() => policy.checkHttpUrl(new URL('https://rdap.arin.net/registry/autnum/1'))).not.toThrow();
  });

  it('hides the credentials of a refused URL', () => {
    expect(() => policy.checkHttpUrl(new URL('http://user:hunter22@10.0.0.1/'))).toThrow(
      /refused to connect to http:\/\/10\.0\.0\.1\/: 10\.0\.0\.1 is private/,
    );
    try {
      policy.checkHttpUrl(new URL('http://user:hunter22@10.0.0.1/'));
    } catch (error) {
      expect(String(error)).not.toContain('hunter22');
    }
  });
});

describe('guardedLookup', () => {
  const { resolve, calls } = tableResolver({
    'internal.example.test': [{ address: '10.1.2.3', family: 4 }],
    'mixed.example.test': [
      { address: '127.0.0.1', family: 4 },
      { address: '8.8.8.8', family: 4 },
    ],
    'public.example.test': [{ address: '2606:4700::1111', family: 6 }],
  });
  const policy = createDestinationPolicy([], resolve);

  it('refuses a name that resolves only to non-public addresses, naming them', async () => {
    const { error } = await runLookup(policy.guardedLookup('RDAP'), 'internal.example.test', false);
    expect(error).toBeInstanceOf(DestinationRefusedError);
    expect(error?.message).toBe(
      'refused to connect to internal.example.test: it resolves only to non-public addresses (10.1.2.3 is private)',
    );
  });

  it('hands the socket only the public addresses of a mixed answer', async () => {
    expect(await runLookup(policy.guardedLookup(), 'mixed.example.test', true)).toEqual({
      error: null,
      address: [{ address: '8.8.8.8', family: 4 }],
      family: undefined,
    });
    expect(await runLookup(policy.guardedLookup(), 'mixed.example.test', false)).toEqual({
      error: null,
      address: '8.8.8.8',
      family: 4,
    });
  });

  it('passes a resolver error on unchanged', async () => {
    const { error } = await runLookup(policy.guardedLookup(), 'nowhere.example.test', false);
    expect(error?.message).toMatch(/ENOTFOUND/);
  });

  it('resolves once per lookup: the answer checked is the answer connected to', async () => {
    calls.length = 0;
    await runLookup(policy.guardedLookup(), 'public.example.test', false);
    expect(calls).toEqual(['public.example.test']);
  });
});

describe('whoisConnectOptions', () => {
  const policy = createDestinationPolicy(['whois.iana.org:43', '127.0.0.1:4343']);

  it('connects to a configured WHOIS server as set, whatever its address and port', () => {
    expect(policy.whoisConnectOptions('127.0.0.1', 4343)).toEqual({});
  });

  it('refuses a referral to a port other than 43', () => {
    expect(() => policy.whoisConnectOptions('whois.example.test', 22, 'WHOIS')).toThrow(
      'refused to connect to whois.example.test:22: a WHOIS referral must use port 43',
    );
  });

  it('refuses a referral to a non-public IP literal', () => {
    expect(() => policy.whoisConnectOptions('127.0.0.22', 43)).toThrow(/127\.0\.0\.22 is loopback/);
    expect(() => policy.whoisConnectOptions('10.0.0.10', 43)).toThrow(/10\.0\.0\.10 is private/);
  });

  it('gives a referral to a host name the guarded lookup', () => {
    expect(policy.whoisConnectOptions('whois.registrar.example', 43).lookup).toBeTypeOf('function');
  });
});

describe('configuredEndpoints', () => {
  it('lists every endpoint the configuration names', () => {
    const config = {
      ...DEFAULT_CONFIG,
      sources: {
        ...DEFAULT_CONFIG.sources,
        whois: { ...DEFAULT_CONFIG.sources.whois, servers: { com: 'whois.example.test:4343' } },
      },
    };
    expect(configuredEndpoints(config)).toEqual([
      'https://api.gleif.org',
      'https://data.api.aviato.co',
      'https://data.iana.org/rdap/',
      'rdap.lacnic.net',
      'whois.iana.org:43',
      'whois.example.test:4343',
    ]);
  });
});
