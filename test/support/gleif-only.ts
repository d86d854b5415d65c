/**
 * The GLEIF-only setup shared by the review tests (CLI, app services, team cases): a settings file
 * that sends every source but GLEIF to a closed port, and a fake registry whose search for the brand
 * "Lantern Quay" answers one partial match, so a run leaves one candidate pending review.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startFakeGleifServer, type FakeGleifServer } from '../fakes/gleif-server';
import { repositoryRoot } from './fixtures-dir';

/**
 * A configuration file pointing GLEIF at `gleifUrl` with a fast limit and every other source at a
 * closed loopback port, so a run asks the registry only.
 */
export async function writeGleifOnlyConfig(file: string, gleifUrl: string): Promise<void> {
  const closed = 'http://127.0.0.1:9';
  const fast = { requests: 50, intervalMs: 1 };
  await writeFile(
    file,
    JSON.stringify({
      sources: {
        gleif: { baseUrl: gleifUrl, rateLimit: fast },
        companydata: { baseUrl: closed, rateLimit: fast },
        rdap: { bootstrapUrl: `${closed}/`, rateLimit: fast },
        whois: { ianaServer: '127.0.0.1:9', rateLimit: fast },
      },
      http: { timeoutMs: 5000, maxRetries: 0 },
    }),
  );
}

/**
 * The fake registry on the synthetic family in test/fixtures/app/gleif, whose search for "Lantern
 * Quay" answers one name that only contains it: a partial match (the recorded reply of the fuller
 * name, served for the shorter query).
 */
export async function startPartialMatchGleif(): Promise<FakeGleifServer> {
  const fixturesDir = path.join(repositoryRoot, 'test', 'fixtures', 'app', 'gleif');
  const gleif = await startFakeGleifServer({ fixturesDir });
  const partialReply = await readFile(
    path.join(fixturesDir, 'fuzzycompletions_lantern-quay-trading.json'),
    'utf8',
  );
  gleif.setOverride((request) =>
    request.path === '/api/v1/fuzzycompletions' && request.query.get('q')?.toLowerCase() === 'lantern quay'
      ? { status: 200, headers: { 'content-type': 'application/vnd.api+json' }, body: partialReply }
      : undefined,
  );
  return gleif;
}
