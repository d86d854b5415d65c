import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWhoisServers, type FakeWhoisServers } from '../../../../../test/fakes/whois-server';
import { repositoryRoot } from '../../../../../test/support/fixtures-dir';
import { DEFAULT_CONFIG, type AppConfig } from '../../../config/config';
import { createMemoryCredentialStore } from '../../../credentials/credential-store';
import { createEngine } from '../../../engine';
import type { Engine, OpenCase } from '../../../engine-types';
import { systemClock, type Clock } from '../../../util/clock';
import { createWhoisPlugin } from '../plugin';

const FIXTURES = path.join(repositoryRoot, 'test', 'fixtures', 'whois');
const REGISTRAR = 'whois.registrar.test';
const MINUTE = 60_000;

let dir: string;
let fake: FakeWhoisServers;
let engine: Engine | undefined;
let clockShiftMs = 0;
const clock: Clock = {
  now: () => Date.now() + clockShiftMs,
  sleep: (ms, signal) => systemClock.sleep(ms, signal),
};

beforeEach(async () => {
  clockShiftMs = 0;
  dir = await mkdtemp(path.join(os.tmpdir(), 'whois-parts-'));
  fake = await startFakeWhoisServers({ directory: FIXTURES });
});

afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

/** One engine on the data directory `dir` (its part cache in `<dir>/.whois-parts`), one case. */
function openCase(caseName = 'case'): OpenCase {
  const config: AppConfig = {
    ...DEFAULT_CONFIG,
    sources: {
      ...DEFAULT_CONFIG.sources,
      whois: {
        ianaServer: fake.ianaAddress,
        servers: fake.servers,
        rateLimit: { requests: 100, intervalMs: 1000 },
      },
    },
    whoisClient: { ...DEFAULT_CONFIG.whoisClient, timeoutMs: 300 },
  };
  engine ??= createEngine({
    config,
    dataDir: dir,
    clock,
    credentials: createMemoryCredentialStore(),
    plugins: [createWhoisPlugin({ throttleRetryDelaysMs: [10] })],
  });
  return engine.openCase(path.join(dir, `${caseName}.sqlite`));
}

const seed = { type: 'DomainRecord' as const, asset: { domain: 'acme-widgets.test' } };
const SEED_ID = 'DomainRecord:acme-widgets.test';

describe('WHOIS lookup parts, cached and retried apart', () => {
  it('says the registrar was unreachable and when it is retried, keeping the registry record', async () => {
    fake.setBehaviour(REGISTRAR, { kind: 'silent' });
    const open = openCase();
    const first = await open.startSession({ seeds: [seed], depth: 0 }).done;
    expect(first.failures).toMatchObject([{ code: 'timeout', entityId: SEED_ID }]);
    expect(first.failures[0]?.message).toMatch(
      /^registrar's WHOIS unreachable, retried at \d{4}-\d\d-\d\d \d\d:\d\d UTC \(whois\.registrar\.test: /,
    );
    const relations = open.graph.exportJson().edges.map((edge) => edge.relation);
    expect(relations).toContain('name_server');
  });

  it('costs no query on a second run within the registrar backoff and one, to the registrar, after it', async () => {
    fake.setBehaviour(REGISTRAR, { kind: 'silent' });
    const open = openCase();
    await open.startSession({ seeds: [seed], depth: 0 }).done;
    expect(fake.queries.map((query) => query.server)).toEqual([
      'whois.iana.org',
      'whois.nic.test',
      REGISTRAR,
    ]);

    let asked = fake.queries.length;
    const second = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(fake.queries).toHaveLength(asked);
    expect(second.requestsBySource).toEqual({});
    expect(second.failures[0]?.message).toMatch(/^registrar's WHOIS unreachable, retried at /);

    fake.setBehaviour(REGISTRAR, undefined);
    clockShiftMs = 11 * MINUTE;
    asked = fake.queries.length;
    const third = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(fake.queries.slice(asked).map((query) => query.server)).toEqual([REGISTRAR]);
    expect(third.failures).toEqual([]);
    // The registrar's contacts arrive with its reply; the registry's record is still there.
    const relations = open.graph.exportJson().edges.map((edge) => edge.relation);
    expect(relations).toContain('registrant_contact');
    expect(relations).toContain('name_server');
  });

  it('waits longer after each failure of the same part in a row', async () => {
    fake.setBehaviour(REGISTRAR, { kind: 'silent' });
    const open = openCase();
    await open.startSession({ seeds: [seed], depth: 0 }).done;
    clockShiftMs = 11 * MINUTE;
    const second = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(fake.queries.filter((query) => query.server === REGISTRAR)).toHaveLength(2);
    // Second failure: 30 minutes (10 x 3) from now, so 20 minutes later it is not asked yet.
    clockShiftMs = 31 * MINUTE;
    const third = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(fake.queries.filter((query) => query.server === REGISTRAR)).toHaveLength(2);
    expect(second.failures).toHaveLength(1);
    expect(third.failures[0]?.message).toMatch(/retried at/);
  });

  it('costs no query on a second run within the TTL for a domain fully read', async () => {
    const open = openCase();
    await open.startSession({ seeds: [seed], depth: 0 }).done;
    const asked = fake.queries.length;
    const second = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(second.failures).toEqual([]);
    expect(fake.queries).toHaveLength(asked);
  });

  it('reads a domain fully read in another case of the same data directory from the part cache', async () => {
    await openCase('first').startSession({ seeds: [seed], depth: 0 }).done;
    const asked = fake.queries.length;
    const other = openCase('second');
    const progress = await other.startSession({ seeds: [seed], depth: 0 }).done;
    expect(fake.queries).toHaveLength(asked);
    expect(progress.failures).toEqual([]);
    expect(other.graph.exportJson().edges.map((edge) => edge.relation)).toContain('registrant_contact');
  });

  it('asks every part again on a refresh', async () => {
    const open = openCase();
    await open.startSession({ seeds: [seed], depth: 0 }).done;
    const asked = fake.queries.length;
    await open.startSession({ seeds: [SEED_ID], depth: 0, refresh: true }).done;
    expect(fake.queries.length - asked).toBe(3);
  });

  it('asks IANA once for two domains of one TLD', async () => {
    const open = openCase();
    await open.startSession({
      seeds: [seed, { type: 'DomainRecord', asset: { domain: 'missing.test' } }],
      depth: 0,
    }).done;
    expect(fake.queries.filter((query) => query.server === 'whois.iana.org')).toHaveLength(1);
  });
});
