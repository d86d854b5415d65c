import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGleifServer, type FakeGleifServer } from '../../../../test/fakes/gleif-server';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';

let server: FakeGleifServer;

beforeAll(async () => {
  server = await startFakeGleifServer({
    fixturesDir: path.join(repositoryRoot, 'test', 'fixtures', 'gleif'),
  });
});

afterAll(async () => {
  await server.close();
});

const get = async (pathAndQuery: string): Promise<{ status: number; type: string; body: unknown }> => {
  const response = await fetch(`${server.url}${pathAndQuery}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.json(),
  };
};

describe('fake LEI registry', () => {
  it('answers a search whose query contains a recorded one with that reply', async () => {
    const reply = await get('/api/v1/fuzzycompletions?field=entity.legalName&q=Northwind%20Traders%20Inc');
    expect(reply.type).toBe('application/vnd.api+json');
    expect((reply.body as { data: unknown[] }).data).toHaveLength(5);
  });

  it('answers a search contained in a recorded query with that reply', async () => {
    const reply = await get('/api/v1/fuzzycompletions?field=entity.legalName&q=BARE');
    expect((reply.body as { data: unknown[] }).data).toHaveLength(1);
  });

  it('answers an unmatched search with an empty list', async () => {
    expect((await get('/api/v1/fuzzycompletions?field=entity.legalName&q=zzz')).body).toEqual({ data: [] });
  });

  it('answers an unknown LEI with 404 and a JSON:API errors body', async () => {
    const reply = await get('/api/v1/lei-records/984500NOSUCHLEI00090');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ errors: [{ status: '404', title: 'Not Found' }] });
  });

  it('serves a bare direct-children URL as the first page of the smallest recorded size, links rewritten', async () => {
    const reply = await get('/api/v1/lei-records/984500NWTRADERS00003/direct-children');
    const body = reply.body as { data: unknown[]; links: { next: string } };
    expect(body.data).toHaveLength(2);
    expect(body.links.next).toBe(
      `${server.url}/api/v1/lei-records/984500NWTRADERS00003/direct-children?page%5Bnumber%5D=2&page%5Bsize%5D=2`,
    );
  });

  it('logs every request', async () => {
    const before = server.apiRequests().length;
    await get('/api/v1/lei-records/984500NWTRADERS00003');
    expect(
      server
        .apiRequests()
        .slice(before)
        .map((request) => request.path),
    ).toEqual(['/api/v1/lei-records/984500NWTRADERS00003']);
  });
});
