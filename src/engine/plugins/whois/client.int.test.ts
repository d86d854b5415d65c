import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWhoisServers, type FakeWhoisServers } from '../../../../test/fakes/whois-server';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import type { Clock } from '../../util/clock';
import { createWhoisClient, type WhoisClient, type WhoisClientOptions } from './client';

const FIXTURES = path.join(repositoryRoot, 'test', 'fixtures', 'whois');

let fake: FakeWhoisServers;
let acquired: string[];
let counted: number;
let slept: number[];

/** Sleeps are recorded and skipped: the client's backoff is checked without waiting for it. */
const instantClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => {
    slept.push(ms);
    return Promise.resolve();
  },
};

function createClient(overrides: Partial<WhoisClientOptions> = {}): WhoisClient {
  return createWhoisClient({
    ianaServer: 'whois.iana.org',
    servers: fake.servers,
    timeoutMs: 2000,
    maxReplyBytes: 1024 * 1024,
    limiterFor: (server) => ({
      acquire: () => {
        acquired.push(server);
        return Promise.resolve(0);
      },
    }),
    countRequest: () => {
      counted += 1;
    },
    clock: instantClock,
    throttleRetryDelaysMs: [50, 200],
    ...overrides,
  });
}

beforeEach(async () => {
  fake = await startFakeWhoisServers({ directory: FIXTURES, extraServers: ['whois.silent.test'] });
  acquired = [];
  counted = 0;
  slept = [];
});

afterEach(async () => {
  await fake.close();
});

describe('WHOIS client against fake servers', () => {
  it('asks IANA, then the registry, then the registrar it refers to', async () => {
    const lookup = await createClient().lookup('acme-widgets.test');
    expect(fake.queries.map((query) => [query.server, query.raw])).toEqual([
      ['whois.iana.org', 'test'],
      ['whois.nic.test', 'acme-widgets.test'],
      ['whois.registrar.test', 'acme-widgets.test'],
    ]);
    expect(lookup.outcome).toBe('found');
    expect(lookup.record?.server).toBe('whois.registrar.test');
    expect(lookup.parsed?.contacts.registrant?.organization).toBe('Acme Widgets Ltd');
    expect(lookup.failures).toEqual([]);
  });

  it('waits on the rate limiter of each server and counts each query', async () => {
    await createClient().lookup('acme-widgets.test');
    expect(acquired).toEqual(['whois.iana.org', 'whois.nic.test', 'whois.registrar.test']);
    expect(counted).toBe(3);
  });

  it('stops following referrals when they come back to a server already asked', async () => {
    const lookup = await createClient().lookup('loop.test');
    expect(fake.queries.map((query) => query.server)).toEqual([
      'whois.iana.org',
      'whois.nic.test',
      'whois.loop-a.test',
      'whois.loop-b.test',
    ]);
    expect(lookup.record?.server).toBe('whois.loop-b.test');
    expect(lookup.parsed?.contacts.registrant?.organization).toBe('Loop Holder B');
  });

  it('answers "not found" for a domain the registry does not know, without an error', async () => {
    const lookup = await createClient().lookup('missing.test');
    expect(lookup.outcome).toBe('not_found');
    expect(lookup.record).toBeUndefined();
  });

  it('uses the registry reply alone when the registry names no registrar server', async () => {
    const lookup = await createClient().lookup('plain.test');
    expect(fake.queries.map((query) => query.server)).toEqual(['whois.iana.org', 'whois.nic.test']);
    expect(lookup.parsed).toMatchObject({ domain: 'plain.test', nameServers: ['ns.plain.test'] });
  });

  it('retries a throttled query after the backoff delay and then reads the answer', async () => {
    fake.enqueue('whois.nic.test', { kind: 'reply', body: 'WHOIS LIMIT EXCEEDED - SEE WWW.EXAMPLE.TEST\n' });
    const lookup = await createClient().lookup('plain.test');
    expect(slept).toEqual([50]);
    expect(fake.queries.filter((query) => query.server === 'whois.nic.test')).toHaveLength(2);
    expect(lookup.outcome).toBe('found');
  });

  it('gives up with a rate-limit error after the bounded retries', async () => {
    fake.setBehaviour('whois.nic.test', {
      kind: 'reply',
      body: 'You have exceeded your quota of queries.\n',
    });
    await expect(createClient().lookup('plain.test')).rejects.toMatchObject({ code: 'rate_limited' });
    expect(slept).toEqual([50, 200]);
    expect(fake.queries.filter((query) => query.server === 'whois.nic.test')).toHaveLength(3);
  });

  it('fails with a timeout when the registry never answers', async () => {
    fake.setBehaviour('whois.nic.test', { kind: 'silent' });
    await expect(createClient({ timeoutMs: 300 }).lookup('plain.test')).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('whois://whois.nic.test/plain.test') as string,
    });
  });

  it('fails with a timeout when the registry answers one byte at a time too slowly', async () => {
    fake.setBehaviour('whois.nic.test', { kind: 'slow', intervalMs: 50 });
    await expect(createClient({ timeoutMs: 300 }).lookup('plain.test')).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('reads a reply sent byte by byte when it completes in time', async () => {
    fake.setBehaviour('whois.nic.test', {
      kind: 'slow',
      intervalMs: 1,
      body: 'Domain: plain.test\nnserver: ns.plain.test\n',
    });
    const lookup = await createClient().lookup('plain.test');
    expect(lookup.parsed?.nameServers).toEqual(['ns.plain.test']);
  });

  it('fails clearly when the registry closes the connection without answering', async () => {
    fake.setBehaviour('whois.nic.test', { kind: 'close' });
    await expect(createClient().lookup('plain.test')).rejects.toMatchObject({
      code: 'malformed_body',
      message: expect.stringContaining('empty reply') as string,
    });
  });

  it('refuses a 10 MB reply at the size cap', async () => {
    fake.setBehaviour('whois.nic.test', { kind: 'huge', bytes: 10 * 1024 * 1024 });
    await expect(createClient().lookup('plain.test')).rejects.toMatchObject({ code: 'too_large' });
  });

  it('keeps the registry record and records the failure when the registrar fails', async () => {
    fake.setBehaviour('whois.registrar.test', { kind: 'silent' });
    const lookup = await createClient({ timeoutMs: 300 }).lookup('acme-widgets.test');
    expect(lookup.outcome).toBe('found');
    expect(lookup.record?.server).toBe('whois.nic.test');
    expect(lookup.parsed?.registrar).toBe('Example Registrar Ltd.');
    expect(lookup.failures.map((failure) => failure.code)).toEqual(['timeout']);
  });

  it('decodes NUL bytes and invalid UTF-8 in a reply without failing', async () => {
    const body = Buffer.concat([
      Buffer.from('Domain Name: plain.test\nRegistrant Organization: Caf'),
      Buffer.from([0xe9, 0x00, 0x20, 0xff]),
      Buffer.from(' Ltd\nName Server: ns.plain.test\n\u0000'),
    ]);
    fake.setBehaviour('whois.nic.test', { kind: 'reply', body });
    const lookup = await createClient().lookup('plain.test');
    expect(lookup.record?.charset).toBe('windows-1252');
    expect(lookup.parsed?.contacts.registrant?.organization).toBe('Café ÿ Ltd');
    expect(lookup.record?.text.includes('\u0000')).toBe(false);
  });

  describe('referrals named by a reply (untrusted) against the destination policy', () => {
    const referringReply = (referral: string): string =>
      `Domain Name: ACME-WIDGETS.TEST\nRegistrar WHOIS Server: ${referral}\nRegistrar: Example Registrar Ltd.\nCreation Date: 2001-02-03T04:05:06Z\nName Server: NS1.ACME-WIDGETS.TEST\n`;

    it('refuses a referral to a loopback address, records the refusal and keeps the registry record', async () => {
      fake.setBehaviour('whois.nic.test', { kind: 'reply', body: referringReply('127.0.0.22') });
      const lookup = await createClient().lookup('acme-widgets.test');
      expect(lookup.outcome).toBe('found');
      expect(lookup.record?.server).toBe('whois.nic.test');
      expect(lookup.failures.map((failure) => failure.code)).toEqual(['destination_refused']);
      expect(lookup.failures[0]?.message).toContain('127.0.0.22');
      expect(fake.queries.map((query) => query.server)).toEqual(['whois.iana.org', 'whois.nic.test']);
    });

    it('refuses a referral to a port other than 43 before connecting', async () => {
      fake.setBehaviour('whois.nic.test', { kind: 'reply', body: referringReply('127.0.0.22:22') });
      const lookup = await createClient().lookup('acme-widgets.test');
      expect(lookup.failures.map((failure) => failure.code)).toEqual(['destination_refused']);
      expect(counted).toBe(2);
    });

    it('follows a referral to a server the user configured, whatever its address', async () => {
      const lookup = await createClient().lookup('acme-widgets.test');
      expect(lookup.record?.server).toBe('whois.registrar.test');
      expect(lookup.failures).toEqual([]);
    });
  });

  it('fails with unrecognised_reply, keeping the text, for a reply with no known field and no "no match"', async () => {
    fake.setBehaviour('whois.nic.test', {
      kind: 'reply',
      body: 'Bienvenue. Ce serveur ne parle que de .test\n',
    });
    await expect(createClient().lookup('plain.test')).rejects.toMatchObject({
      code: 'unrecognised_reply',
      reply: 'Bienvenue. Ce serveur ne parle que de .test\n',
    });
  });

  it('fails clearly when IANA names no server for the TLD', async () => {
    await expect(createClient().lookup('example.nowhere')).rejects.toMatchObject({ code: 'unsupported' });
  });

  it('cancels an in-flight query when the signal aborts', async () => {
    fake.setBehaviour('whois.nic.test', { kind: 'silent' });
    const controller = new AbortController();
    const pending = createClient({ timeoutMs: 5000 }).lookup('plain.test', controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});
