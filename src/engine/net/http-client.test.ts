import { describe, expect, it } from 'vitest';
import { createManualClock, flushAsync } from '../../../test/fixtures/net/manual-clock';
import { DEFAULT_CONFIG } from '../config/config';
import { createMemoryCredentialStore } from '../credentials/credential-store';
import { silentLogger } from '../util/logger';
import { DestinationRefusedError } from './destination-policy';
import { captureReplies } from '../util/reply-capture';
import { HttpStatusError, MalformedBodyError, RateLimitedError } from './errors';
import { createHttpClient } from './http-client';
import { backoffMs, describeWait, parseRetryAfter } from './retry-policy';

const NOW = Date.parse('2025-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delta seconds', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7000);
  });

  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:05 GMT', NOW)).toBe(5000);
  });

  it('treats a date in the past as no wait', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', NOW)).toBe(0);
  });

  it('reads a very long wait as it is (the client decides what is too long)', () => {
    expect(parseRetryAfter('86400', NOW)).toBe(86_400_000);
  });

  it('ignores an unreadable value', () => {
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});

describe('describeWait', () => {
  it.each([
    [45_000, '45 s'],
    [20 * 60_000, '20 min'],
    [86_400_000, '24 h'],
    [3 * 86_400_000, '3 days'],
  ])('shows %i ms as %s', (ms, shown) => {
    expect(describeWait(ms)).toBe(shown);
  });
});

describe('backoffMs', () => {
  it('doubles from one attempt to the next', () => {
    expect([0, 1, 2, 3].map(backoffMs)).toEqual([500, 1000, 2000, 4000]);
  });
});

/** A fetch that answers from a script and records the clock time of each call. */
function scriptedFetch(clock: { now(): number }, replies: (() => Response)[]) {
  const calls: { at: number; url: string }[] = [];
  const fetchImplementation = (input: string | URL | Request): Promise<Response> => {
    const reply = replies[calls.length] ?? replies[replies.length - 1];
    calls.push({ at: clock.now(), url: input instanceof Request ? input.url : input.toString() });
    if (!reply) {
      throw new Error('no scripted reply');
    }
    return Promise.resolve(reply());
  };
  return { calls, fetch: fetchImplementation };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

describe('createHttpClient retries', () => {
  it('waits the Retry-After of a 429 and also the rate limit before the retry', async () => {
    const clock = createManualClock(NOW);
    const scripted = scriptedFetch(clock, [json(429, {}, { 'retry-after': '3' }), json(200, { ok: true })]);
    const waits: number[] = [];
    const http = createHttpClient({
      source: 'Test',
      baseUrl: 'https://api.example.test',
      rateLimit: { requests: 1, intervalMs: 5000 },
      http: DEFAULT_CONFIG.http,
      clock,
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scripted.fetch,
      hooks: { onRequest: () => undefined, onRateLimitWait: (_source, ms) => waits.push(ms) },
    });
    const pending = http.getJson('/x');
    await clock.advance(10_000);
    expect((await pending).body).toEqual({ ok: true });
    // Retry-After asked for 3 s, but the limiter's 5 s interval governs the retry.
    expect(scripted.calls.map((call) => call.at - NOW)).toEqual([0, 5000]);
    expect(waits).toEqual([2000]);
  });

  it('backs off exponentially on a 503 without Retry-After', async () => {
    const clock = createManualClock(NOW);
    const scripted = scriptedFetch(clock, [json(503, {}), json(503, {}), json(200, [])]);
    const http = createHttpClient({
      source: 'Test',
      baseUrl: 'https://api.example.test',
      rateLimit: { requests: 100, intervalMs: 1000 },
      http: { ...DEFAULT_CONFIG.http, maxRetries: 2 },
      clock,
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scripted.fetch,
    });
    const pending = http.getJson('/x');
    await clock.advance(10_000);
    await pending;
    expect(scripted.calls.map((call) => call.at - NOW)).toEqual([0, 500, 1500]);
  });

  it('fails a 429 at once with "retry after <time>" when Retry-After is above the cap', async () => {
    const clock = createManualClock(NOW);
    const scripted = scriptedFetch(clock, [json(429, {}, { 'retry-after': '86400' }), json(200, {})]);
    const http = createHttpClient({
      source: 'Test',
      baseUrl: 'https://api.example.test',
      rateLimit: { requests: 100, intervalMs: 1000 },
      http: DEFAULT_CONFIG.http,
      clock,
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scripted.fetch,
    });
    // No clock advance: the failure must not wait for anything.
    const error = await http.getJson('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).message).toBe(
      'rate limited by https://api.example.test/x: retry after 2025-03-02T12:00:00.000Z (in 24 h)',
    );
    expect((error as RateLimitedError).retryAt).toBe(NOW + 86_400_000);
    expect(scripted.calls).toHaveLength(1);
    expect(clock.pendingSleeps()).toBe(0);
  });

  it('fails a 503 at once with its retry time when the HTTP-date is beyond a configured cap', async () => {
    const clock = createManualClock(NOW);
    const scripted = scriptedFetch(clock, [
      json(503, {}, { 'retry-after': 'Sat, 01 Mar 2025 12:10:00 GMT' }),
      json(200, {}),
    ]);
    const http = createHttpClient({
      source: 'Test',
      baseUrl: 'https://api.example.test',
      rateLimit: { requests: 100, intervalMs: 1000 },
      http: { ...DEFAULT_CONFIG.http, maxRetryAfterMs: 5000 },
      clock,
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scripted.fetch,
    });
    const error = await http.getJson('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).message).toBe(
      'HTTP 503 from https://api.example.test/x: retry after 2025-03-01T12:10:00.000Z (in 10 min)',
    );
    expect(scripted.calls).toHaveLength(1);
  });

  it('says when to retry after the last allowed retry was throttled too', async () => {
    const clock = createManualClock(NOW);
    const scripted = scriptedFetch(clock, [json(429, {}, { 'retry-after': '2' })]);
    const http = createHttpClient({
      source: 'Test',
      baseUrl: 'https://api.example.test',
      rateLimit: { requests: 100, intervalMs: 1000 },
      http: { ...DEFAULT_CONFIG.http, maxRetries: 1 },
      clock,
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scripted.fetch,
    });
    const pending = http.getJson('/x').catch((caught: unknown) => caught);
    await clock.advance(5000);
    const error = (await pending) as RateLimitedError;
    expect(error.message).toMatch(
      /^rate limited by https:\/\/api\.example\.test\/x: retry after .* \(in 2 s\)$/,
    );
    expect(scripted.calls).toHaveLength(2);
  });

  it('stops waiting for a retry when the caller aborts', async () => {
    const clock = createManualClock(NOW);
    const scripted = scriptedFetch(clock, [json(429, {}, { 'retry-after': '30' }), json(200, {})]);
    const http = createHttpClient({
      source: 'Test',
      baseUrl: 'https://api.example.test',
      rateLimit: { requests: 100, intervalMs: 1000 },
      http: DEFAULT_CONFIG.http,
      clock,
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scripted.fetch,
    });
    const controller = new AbortController();
    const pending = http.getJson('/x', { signal: controller.signal }).catch((error: unknown) => error);
    await flushAsync();
    controller.abort(new Error('session cancelled'));
    const error = (await pending) as { code?: string; message?: string };
    expect(error.code).toBe('aborted');
    expect(scripted.calls).toHaveLength(1);
  });

  it('refuses a redirect from https to http', async () => {
    const clock = createManualClock(NOW);
    const scripted = scriptedFetch(clock, [
      () => new Response(null, { status: 301, headers: { location: 'http://api.example.test/x' } }),
      json(200, {}),
    ]);
    const http = createHttpClient({
      source: 'Test',
      baseUrl: 'https://api.example.test',
      rateLimit: { requests: 100, intervalMs: 1000 },
      http: DEFAULT_CONFIG.http,
      clock,
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scripted.fetch,
    });
    const error = await http.getJson('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DestinationRefusedError);
    expect((error as Error).message).toBe(
      'refused to connect to http://api.example.test/x: a redirect from https to http is not followed',
    );
    expect(scripted.calls).toHaveLength(1);
  });

  it('shares one limiter between the hops of a request and across requests of the source', async () => {
    const clock = createManualClock(NOW);
    const scripted = scriptedFetch(clock, [
      () => new Response(null, { status: 302, headers: { location: 'https://api.example.test/y' } }),
      json(200, {}),
      json(200, {}),
    ]);
    const http = createHttpClient({
      source: 'Test',
      baseUrl: 'https://api.example.test',
      rateLimit: { requests: 1, intervalMs: 2000 },
      http: DEFAULT_CONFIG.http,
      clock,
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scripted.fetch,
    });
    const both = Promise.all([http.getJson('/x'), http.getJson('/z')]);
    await clock.advance(10_000);
    await both;
    expect(scripted.calls.map((call) => call.at - NOW)).toEqual([0, 2000, 4000]);
  });

  it('keeps one limiter per host when rate-limiting per host, with overrides', async () => {
    const clock = createManualClock(NOW);
    const scripted = scriptedFetch(clock, [json(200, {})]);
    const http = createHttpClient({
      source: 'RDAP',
      rateLimit: { requests: 1, intervalMs: 2000 },
      perHost: { 'slow.example.test': { requests: 1, intervalMs: 6000 } },
      http: DEFAULT_CONFIG.http,
      clock,
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scripted.fetch,
    });
    const all = Promise.all([
      http.getJson('https://fast.example.test/a'),
      http.getJson('https://slow.example.test/a'),
      http.getJson('https://fast.example.test/b'),
      http.getJson('https://slow.example.test/b'),
    ]);
    await clock.advance(10_000);
    await all;
    const times = Object.fromEntries(scripted.calls.map((call) => [call.url, call.at - NOW]));
    expect(times).toEqual({
      'https://fast.example.test/a': 0,
      'https://slow.example.test/a': 0,
      'https://fast.example.test/b': 2000,
      'https://slow.example.test/b': 6000,
    });
  });
});

describe('createHttpClient with a caller reading the text', () => {
  const client = (replies: (() => Response)[]) =>
    createHttpClient({
      source: 'Test',
      baseUrl: 'https://api.example.test',
      rateLimit: { requests: 100, intervalMs: 1000 },
      http: DEFAULT_CONFIG.http,
      clock: createManualClock(NOW),
      credentials: createMemoryCredentialStore(),
      logger: silentLogger,
      fetch: scriptedFetch(createManualClock(NOW), replies).fetch,
    });

  it('gives a 2xx body decoded to readText, answers what it reads, and still keeps the text as the raw reply', async () => {
    const http = client([json(200, { name: 'Example' })]);
    const read: string[] = [];
    const { result, replies } = await captureReplies(() =>
      http.getJson('/x', {
        readText: (text, reply) => {
          read.push(`${reply.contentType ?? ''} ${text}`);
          return Promise.resolve({ readBy: 'caller' });
        },
      }),
    );
    expect(read).toEqual(['application/json {"name":"Example"}']);
    expect(result.body).toEqual({ readBy: 'caller' });
    expect(replies.map((reply) => reply.text)).toEqual(['{"name":"Example"}']);
  });

  it('does not read an accepted 404, and fails with what readText throws', async () => {
    const notFound = client([() => new Response('no such object', { status: 404 })]);
    const readText = (): Promise<unknown> => Promise.reject(new MalformedBodyError('https://x.test/', 'bad'));
    expect((await notFound.getJson('/x', { acceptStatus: [404], readText })).body).toBeNull();
    const malformed = client([json(200, {})]);
    await expect(malformed.getJson('/x', { readText })).rejects.toThrow(MalformedBodyError);
  });
});
