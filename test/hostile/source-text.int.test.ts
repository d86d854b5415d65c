/**
 * Text from a hostile source is made safe where it enters the case, for every plugin: names and
 * keys lose bidi controls, zero-width characters and controls, look-alikes are the entity they
 * imitate, long values are bounded so every id fits every request, and the reply kept as the raw
 * record still holds every character.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FIELD_LENGTH } from '../../src/shared/util/source-text';
import { startFakeRdapServer } from '../fakes/rdap-server';
import { repositoryRoot } from '../support/fixtures-dir';
import { autnumWithOrganizations } from './big-replies';
import { FAST_RATE, runSeed, type SeedRun } from './seed-run';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const HIDDEN =
  // eslint-disable-next-line no-control-regex -- the test names the control characters it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;

async function runWithNames(names: string[]): Promise<SeedRun & { names: string[]; raw: string }> {
  const server = await startFakeRdapServer({ root: path.join(repositoryRoot, 'test', 'fixtures', 'rdap') });
  closers.push(() => server.close());
  server.intercept((request) =>
    /\/autnum\/64496$/.test(request.path) ? autnumWithOrganizations(64496, names) : undefined,
  );
  const run = await runSeed({
    plugin: 'rdap',
    sources: { rdap: { bootstrapUrl: server.bootstrapUrl, rateLimit: FAST_RATE } },
    seed: { type: 'AutonomousSystem', asset: { number: 64496 } },
    depth: 1,
    inspect: (graph) => {
      const entities = graph.snapshot().entities;
      return {
        // The contacts' organizations (the registrant's is the reply's own).
        names: entities.flatMap((entity) =>
          entity.type === 'Organization' && entity.asset.name !== 'Hostile Holdings'
            ? [entity.asset.name]
            : [],
        ),
        raw: entities
          .flatMap((entity) => (entity.type === 'AutnumRecord' ? [entity.asset.raw ?? ''] : []))
          .join(''),
      };
    },
  });
  return { ...run, ...(run.inspected as { names: string[]; raw: string }) };
}

describe('text from a hostile source', () => {
  it('loses bidi overrides, zero-width characters and controls in names and ids, and keeps them in the raw record', async () => {
    const run = await runWithNames([
      'Evil \u202Emoc.tfosorcim\u202C Holdings',
      'Null\u0000 Escape\u001B[31m Industries',
    ]);
    expect(run.names).toContain('Evil moc.tfosorcim Holdings');
    expect(run.names).toContain('Null Escape[31m Industries');
    for (const text of [...run.names, ...run.entityIds]) {
      expect(text).not.toMatch(HIDDEN);
    }
    expect(run.raw).toContain('\u202Emoc.tfosorcim\u202C');
    expect(run.raw).toContain('Null\\u0000 Escape\\u001b[31m');
  });

  it('makes a name with zero-width characters the organization it imitates', async () => {
    const run = await runWithNames(['Microsoft Corporation', 'Micro\u200Bsoft Corpo\u200Dration']);
    expect(run.names).toEqual(['Microsoft Corporation']);
  });

  it('bounds a name of a million characters, so every id stays inside the request schemas', async () => {
    const run = await runWithNames([`Long ${'x'.repeat(1_000_000)} Holdings`]);
    expect(run.names).toHaveLength(1);
    expect(run.names[0]?.length).toBe(MAX_FIELD_LENGTH);
    for (const id of run.entityIds) {
      expect(id.length).toBeLessThanOrEqual(4_000);
    }
  });
});
