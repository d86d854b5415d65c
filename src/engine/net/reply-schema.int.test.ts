/** A JSON reply checked against the source's wire schema (`getJson`/`postJson` with `schema`). */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeHttpServer, type FakeHttpServer, type FakeRoute } from '../../../test/fakes/http-server';
import { DEFAULT_CONFIG } from '../config/config';
import { createMemoryCredentialStore } from '../credentials/credential-store';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { MalformedBodyError } from './errors';
import { createHttpClient } from './http-client';

const Page = z.object({ data: z.array(z.object({ id: z.string() })) });

let server: FakeHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(route: FakeRoute) {
  server = await startFakeHttpServer(route);
  return createHttpClient({
    source: 'Test',
    baseUrl: server.url,
    rateLimit: { requests: 100, intervalMs: 1000 },
    http: DEFAULT_CONFIG.http,
    clock: systemClock,
    credentials: createMemoryCredentialStore(),
    logger: silentLogger,
  });
}

describe('a JSON reply with a wire schema', () => {
  it('gives the body as the schema parsed it when the reply fits', async () => {
    const http = await clientFor(() => ({ body: { data: [{ id: 'a', extra: 1 }] } }));
    const response = await http.getJson('/page', { schema: Page });
    expect(response.body.data.map((item) => item.id)).toEqual(['a']);
  });

  it('is a malformed_body failure naming the URL and the place when a 200 reply has another shape', async () => {
    const http = await clientFor(() => ({ body: { message: 'Service temporarily under maintenance' } }));
    const failure = await http.getJson('/page', { schema: Page }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MalformedBodyError);
    expect((failure as MalformedBodyError).code).toBe('malformed_body');
    expect((failure as MalformedBodyError).message).toContain(`${server?.url ?? ''}/page`);
    expect((failure as MalformedBodyError).message).toContain('at data');
  });

  it('checks a POST reply too', async () => {
    const http = await clientFor(() => ({ body: { data: 'not a list' } }));
    await expect(http.postJson('/search', { q: 1 }, { schema: Page })).rejects.toThrow(MalformedBodyError);
  });

  it('leaves the body of an accepted non-2xx status unchecked', async () => {
    const http = await clientFor(() => ({ status: 404, body: { errors: [{ title: 'not found' }] } }));
    const response = await http.getJson('/page', { schema: Page, acceptStatus: [404] });
    expect(response.status).toBe(404);
  });
});
