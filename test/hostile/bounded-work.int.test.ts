/**
 * The work one handler run does is bounded whatever a source sends: a reply mapping to more
 * entities than a run may write, or a family with more children than a run reads, stores the
 * first ones and records a failure that says what was cut.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ENTITIES_PER_RUN } from '../../src/engine/core/findings-cap';
import { MAX_CHILDREN_PER_RUN } from '../../src/engine/plugins/gleif/client';
import { MAX_CONTACTS_PER_RECORD } from '../../src/engine/plugins/rdap/mapping';
import { generateFamily } from '../fakes/gleif-family';
import { startFakeGleifServer } from '../fakes/gleif-server';
import { startFakeRdapServer } from '../fakes/rdap-server';
import { repositoryRoot } from '../support/fixtures-dir';
import { autnumWithContacts } from './big-replies';
import { FAST_RATE, runSeed } from './seed-run';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('bounded work per handler run', () => {
  it('an autnum reply with 6,000 contacts reads the first contacts a record may hold and says how many it cut', async () => {
    const server = await startFakeRdapServer({ root: path.join(repositoryRoot, 'test', 'fixtures', 'rdap') });
    closers.push(() => server.close());
    server.intercept((request) =>
      /\/autnum\/64496$/.test(request.path) ? autnumWithContacts(64496, 6000) : undefined,
    );
    const run = await runSeed({
      plugin: 'rdap',
      sources: { rdap: { bootstrapUrl: server.bootstrapUrl, rateLimit: FAST_RATE } },
      seed: { type: 'AutonomousSystem', asset: { number: 64496 } },
      depth: 1,
    });
    expect(run.progress.state).toBe('done');
    const cut = run.progress.failures.filter((failure) => failure.code === 'too_large');
    // The registrant and the 6,000 contacts under it.
    expect(cut.map((failure) => failure.message)).toEqual([
      `the reply lists 6001 contacts; read the first ${MAX_CONTACTS_PER_RECORD}`,
    ]);
    const contacts = run.entityIds.filter((id) => id.startsWith('ContactRecord:'));
    expect(contacts).toHaveLength(MAX_CONTACTS_PER_RECORD);
    expect(run.entityIds.length).toBeLessThanOrEqual(MAX_ENTITIES_PER_RUN);
  }, 120_000);

  it('a holding with endless pages of children reads no more than a run may keep, and says so', async () => {
    const server = await startFakeGleifServer({
      fixturesDir: path.join(repositoryRoot, 'test', 'fixtures', 'gleif'),
    });
    closers.push(() => server.close());
    const family = generateFamily({ origin: server.url, children: 24_000 });
    server.setOverride((request) => family.override(request));
    const lei = family.holdingLei;
    const run = await runSeed({
      plugin: 'gleif',
      sources: { gleif: { baseUrl: server.url, rateLimit: FAST_RATE } },
      seed: { type: 'Identifier', asset: { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' } },
      depth: 0,
    });
    const pages = server.apiRequests().filter((request) => request.path.endsWith('/direct-children'));
    expect(pages).toHaveLength(Math.ceil(MAX_CHILDREN_PER_RUN / 200));
    expect(run.progress.failures.map((failure) => [failure.code, failure.message])).toEqual([
      [
        'too_large',
        `more than ${MAX_CHILDREN_PER_RUN} direct children of ${lei} (${pages.length} pages read); kept the first ${MAX_CHILDREN_PER_RUN}`,
      ],
    ]);
    const children = run.entityIds.filter((id) => id.startsWith('Organization:harbour family subsidiary'));
    expect(children).toHaveLength(MAX_CHILDREN_PER_RUN);
  }, 120_000);
});
