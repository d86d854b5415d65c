import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer, type FakeRoute } from '../../../test/fakes/http-server';
import { DEFAULT_CONFIG, type RateLimit } from '../config/config';
import { createMemoryCredentialStore, type CredentialStore } from '../credentials/credential-store';
import type { HttpClientOptions } from './types';
import { systemClock } from '../util/clock';
import type { Logger } from '../util/logger';
import {
  HttpStatusError,
  MalformedBodyError,
  MissingCredentialError,
  NetworkError,
  RateLimitedError,
  ResponseTooLargeError,
  SourceError,
  TimeoutError,
} from './errors';
import { createDestinationPolicy, type DestinationPolicy } from './destination-policy';
import { createHttpClient, USER_AGENT } from './http-client';

const FAST: RateLimit = { requests: 100, intervalMs: 1000 };
const API_KEY = 'sk-test-Zq7Xw3Vb9Tn2';

let server: FakeHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(route: FakeRoute): Promise<FakeHttpServer> {
  server = await startFakeHttpServer(route);
  return server;
}

interface LogLine {
  level: string;
  message: string;
  fields: string;
}

function createRecordingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const record =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      lines.push({ level, message, fields: JSON.stringify(fields ?? {}) });
    };
  return {
    lines,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}

function client(
  options: Partial<HttpClientOptions> & {
    http?: Partial<typeof DEFAULT_CONFIG.http>;
    credentials?: CredentialStore;
    logger?: Logger;
    requestTimes?: number[];
    destinations?: DestinationPolicy;
  } = {},
) {
  const { http, credentials, logger, requestTimes, destinations, ...rest } = options;
  return createHttpClient({
    source: 'Test',
    rateLimit: FAST,
    ...(server ? { baseUrl: server.url } : {}),
    ...rest,
    http: { ...DEFAULT_CONFIG.http, ...http },
    clock: systemClock,
    credentials: credentials ?? createMemoryCredentialStore(),
    logger: logger ?? createRecordingLogger(),
    ...(destinations === undefined ? {} : { destinations }),
    hooks: {
      onRequest: () => requestTimes?.push(Date.now()),
      onRateLimitWait: () => undefined,
    },
  });
}

function spacings(times: number[]): number[] {
  return times.slice(1).map((time, index) => time - (times[index] ?? 0));
}

describe('createHttpClient against a fake server', () => {
  it('returns the parsed JSON of a 200 reply with its status and headers', async () => {
    await serve(() => ({ body: { data: { id: 'X1' } }, headers: { 'x-trace': 'yes' } }));
    const reply = await client().getJson<{ data: { id: string } }>('/things/X1');
    expect(reply.status).toBe(200);
    expect(reply.body.data.id).toBe('X1');
    expect(reply.headers['x-trace']).toBe('yes');
    expect(server?.requests[0]?.headers['user-agent']).toBe(USER_AGENT);
  });

  it('joins a relative path to the base URL keeping the base path and encodes the query', async () => {
    const fake = await serve(() => ({ body: {} }));
    await client({ baseUrl: `${fake.url}/api/v1` }).getJson('lei-records', {
      query: { 'filter[entity.legalName]': 'Acme & Sons', 'page[size]': 10 },
    });
    expect(fake.requests[0]?.path).toBe('/api/v1/lei-records');
    expect(fake.requests[0]?.query.get('filter[entity.legalName]')).toBe('Acme & Sons');
    expect(fake.requests[0]?.query.get('page[size]')).toBe('10');
  });

  it('uses an absolute URL as it is', async () => {
    const fake = await serve(() => ({ body: {} }));
    await client({
      baseUrl: 'http://127.0.0.1:1/unused',
      destinations: createDestinationPolicy(['http://127.0.0.1:1/unused', fake.url]),
    }).getJson(`${fake.url}/next?page=2`);
    expect(fake.requests[0]?.url).toBe('/next?page=2');
  });

  it('returns an accepted 404 as an answer', async () => {
    await serve(() => ({ status: 404, body: { errors: [{ title: 'not found' }] } }));
    const reply = await client().getJson('/missing', { acceptStatus: [404] });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ errors: [{ title: 'not found' }] });
  });

  it('throws HttpStatusError for a 404 that was not accepted', async () => {
    await serve(() => ({ status: 404, body: 'no such thing' }));
    const error = await client()
      .getJson('/missing')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(404);
  });

  it('retries a 429 with Retry-After 0 and never sends faster than the rate limit', async () => {
    let calls = 0;
    const fake = await serve(() => {
      calls += 1;
      return calls <= 2 ? { status: 429, headers: { 'retry-after': '0' }, body: {} } : { body: { ok: true } };
    });
    const requestTimes: number[] = [];
    const reply = await client({ rateLimit: { requests: 1, intervalMs: 200 }, requestTimes }).getJson('/x');
    expect(reply.body).toEqual({ ok: true });
    expect(fake.requests).toHaveLength(3);
    // Send times (the onRequest hook, called right after each grant) are never closer than the
    // interval. Arrival stamps share the event loop with the client, so only their span is checked.
    for (const gap of spacings(requestTimes)) {
      expect(gap).toBeGreaterThanOrEqual(200 - 2);
    }
    const arrivals = fake.requests.map((request) => request.at);
    expect((arrivals[2] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(2 * 200 - 100);
  });

  it('throws RateLimitedError when still throttled after the allowed retries', async () => {
    const fake = await serve(() => ({ status: 429, headers: { 'retry-after': '0' }, body: {} }));
    const error = await client({ http: { maxRetries: 2 } })
      .getJson('/x')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(fake.requests).toHaveLength(3);
  });

  it('retries a 503 and returns the later success', async () => {
    let calls = 0;
    const fake = await serve(() => {
      calls += 1;
      return calls === 1 ? { status: 503, headers: { 'retry-after': '0' }, body: 'busy' } : { body: [1, 2] };
    });
    const reply = await client().getJson('/x');
    expect(reply.body).toEqual([1, 2]);
    expect(fake.requests).toHaveLength(2);
  });

  it('throws MalformedBodyError for a 200 whose body is not JSON', async () => {
    await serve(() => ({ body: '<html>oops</html>' }));
    await expect(client().getJson('/x')).rejects.toBeInstanceOf(MalformedBodyError);
  });

  it('accepts an application/rdap+json reply', async () => {
    await serve(() => ({ headers: { 'content-type': 'application/rdap+json' }, body: '{"handle":"AS1"}' }));
    expect((await client().getJson('/autnum/1')).body).toEqual({ handle: 'AS1' });
  });

  it('decodes the body as UTF-8', async () => {
    await serve(() => ({ body: Buffer.from('{"name":"Société Générale 株式会社"}', 'utf8') }));
    expect((await client().getJson('/x')).body).toEqual({ name: 'Société Générale 株式会社' });
  });

  it('throws TimeoutError when the reply takes longer than the timeout', async () => {
    await serve(() => ({ body: {}, delayMs: 1500 }));
    const error = await client({ http: { timeoutMs: 200, maxRetries: 0 } })
      .getJson('/slow')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('rejects with an aborted SourceError when the caller aborts', async () => {
    await serve(() => ({ body: {}, delayMs: 1500 }));
    const controller = new AbortController();
    const pending = client().getJson('/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('session cancelled')), 50);
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).code).toBe('aborted');
  });

  it('stops reading a body larger than the cap', async () => {
    await serve(() => ({ body: JSON.stringify({ blob: 'x'.repeat(5000) }) }));
    await expect(client({ http: { maxBodyBytes: 1000 } }).getJson('/big')).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it('stops reading a chunked body without length once it passes the cap', async () => {
    await serve(() => ({
      headers: { 'transfer-encoding': 'chunked' },
      body: JSON.stringify({ blob: 'y'.repeat(50_000) }),
    }));
    await expect(client({ http: { maxBodyBytes: 1000 } }).getJson('/big')).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it('follows a redirect, taking the limiter for each hop', async () => {
    const fake = await serve((request) =>
      request.path === '/old' ? { status: 301, headers: { location: '/new' } } : { body: { moved: true } },
    );
    const requestTimes: number[] = [];
    const reply = await client({ requestTimes }).getJson('/old');
    expect(reply.body).toEqual({ moved: true });
    expect(reply.url).toBe(`${fake.url}/new`);
    expect(fake.requests.map((request) => request.path)).toEqual(['/old', '/new']);
    expect(requestTimes).toHaveLength(2);
  });

  it('reports a redirect loop as a NetworkError', async () => {
    await serve((request) => ({ status: 302, headers: { location: request.path === '/a' ? '/b' : '/a' } }));
    await expect(client().getJson('/a')).rejects.toThrow(/redirect loop/);
    await expect(client().getJson('/a')).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives up after the maximum number of redirects', async () => {
    const fake = await serve((request) => ({
      status: 302,
      headers: { location: `/hop${Number(request.path.replace('/hop', '')) + 1}` },
    }));
    await expect(client({ maxRedirects: 3 }).getJson('/hop0')).rejects.toThrow(/more than 3 redirects/);
    expect(fake.requests).toHaveLength(4);
  });

  it('posts a JSON body with a JSON content type', async () => {
    const fake = await serve((request) => ({ body: { echoed: JSON.parse(request.body) as unknown } }));
    const reply = await client().postJson('/search', { dsl: { offset: 0, limit: 10 } });
    expect(fake.requests[0]?.method).toBe('POST');
    expect(fake.requests[0]?.headers['content-type']).toBe('application/json');
    expect(reply.body).toEqual({ echoed: { dsl: { offset: 0, limit: 10 } } });
  });

  it('retries a POST on 429 like a GET', async () => {
    let calls = 0;
    const fake = await serve(() => {
      calls += 1;
      return calls === 1 ? { status: 429, headers: { 'retry-after': '0' } } : { body: { items: [] } };
    });
    await client().postJson('/search', { q: 1 });
    expect(fake.requests.map((request) => request.body)).toEqual(['{"q":1}', '{"q":1}']);
  });

  it('sends the stored key as a Bearer header', async () => {
    const fake = await serve(() => ({ body: {} }));
    const credentials = createMemoryCredentialStore({ companydata: API_KEY });
    await client({ bearerCredential: 'companydata', credentials }).getJson('/x');
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('throws MissingCredentialError without sending a request when no key is stored', async () => {
    const fake = await serve(() => ({ body: {} }));
    await expect(client({ bearerCredential: 'companydata' }).getJson('/x')).rejects.toBeInstanceOf(
      MissingCredentialError,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('does not send the key to another host after a redirect', async () => {
    const other = await startFakeHttpServer(() => ({ body: { elsewhere: true } }));
    try {
      const fake = await serve(() => ({ status: 302, headers: { location: `${other.url}/landing` } }));
      const credentials = createMemoryCredentialStore({ companydata: API_KEY });
      // Both hosts configured: the redirect is allowed, the key still stays with its own host.
      const destinations = createDestinationPolicy([fake.url, other.url]);
      await client({ bearerCredential: 'companydata', credentials, destinations }).getJson('/x');
      expect(other.requests).toHaveLength(1);
      expect(other.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('throws NetworkError when nothing listens on the port', async () => {
    const fake = await serve(() => ({ body: {} }));
    const closedUrl = fake.url;
    await fake.close();
    server = undefined;
    await expect(client({ baseUrl: closedUrl }).getJson('/x')).rejects.toBeInstanceOf(NetworkError);
  });

  it('keeps the API key out of every error message and log line', async () => {
    const routes: Record<string, FakeRoute> = {
      '/status': () => ({ status: 500, body: 'boom' }),
      '/malformed': () => ({ body: `not json ${API_KEY}` }),
      '/slow': () => ({ body: {}, delayMs: 1000 }),
      '/big': () => ({ body: 'z'.repeat(5000) }),
      '/throttled': () => ({ status: 429, headers: { 'retry-after': '0' } }),
      '/loop': () => ({ status: 302, headers: { location: `/loop?api_key=${API_KEY}` } }),
    };
    const fake = await serve((request) => (routes[request.path] ?? (() => ({ status: 404 })))(request));
    const logger = createRecordingLogger();
    const credentials = createMemoryCredentialStore({ companydata: API_KEY });
    const http = client({
      bearerCredential: 'companydata',
      credentials,
      logger,
      http: { timeoutMs: 200, maxBodyBytes: 1000, maxRetries: 1 },
    });
    const messages: string[] = [];
    for (const path of [...Object.keys(routes), `${fake.url}/status?token=${API_KEY}&page=1`]) {
      const error = await http.getJson(path).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SourceError);
      messages.push((error as Error).message, String(error), JSON.stringify(error));
    }
    const everything = [...messages, ...logger.lines.map((line) => `${line.message} ${line.fields}`)].join(
      '\n',
    );
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(fake.requests.some((request) => request.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
    expect(everything).not.toContain(API_KEY);
    expect(everything).toContain('token=REDACTED');
  });
});

describe('a shared rate-limit ledger that fails', () => {
  it('is reported as a request not sent because the shared rate limit could not be read, not as aborted', async () => {
    server = await serve(() => ({ body: { ok: true } }));
    const http = createHttpClient({
      source: 'Test',
      rateLimit: FAST,
      baseUrl: server.url,
      http: DEFAULT_CONFIG.http,
      clock: systemClock,
      credentials: createMemoryCredentialStore(),
      logger: createRecordingLogger(),
      createLimiter: () => ({
        acquire: () => Promise.reject(new Error('terminating connection due to administrator command')),
      }),
    });
    const failure = await http.getJson('/thing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceError);
    expect((failure as SourceError).code).toBe('network');
    expect((failure as SourceError).message).toBe(
      `the shared rate limit could not be read (terminating connection due to administrator command); request to ${server.url}/thing not sent`,
    );
    expect(server.requests).toHaveLength(0);
  });
});
