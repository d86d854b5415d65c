import { describe, expect, it } from 'vitest';
import { useWhoisEngine } from '../../../../../test/harness/whois-engine';

const REGISTRAR = 'whois.registrar.test';
const MINUTE = 60_000;

/** One engine per test on its data directory (the part cache in `<dir>/.whois-parts`). */
const world = useWhoisEngine('whois-parts-', { timeoutMs: 300 });

function openCase(caseName = 'case') {
  return world.openCase(caseName);
}

const seed = { type: 'DomainRecord' as const, asset: { domain: 'acme-widgets.test' } };
const SEED_ID = 'DomainRecord:acme-widgets.test';

describe('WHOIS lookup parts, cached and retried apart', () => {
  it('says the registrar was unreachable and when it is retried, keeping the registry record', async () => {
    world.fake.setBehaviour(REGISTRAR, { kind: 'silent' });
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
    world.fake.setBehaviour(REGISTRAR, { kind: 'silent' });
    const open = openCase();
    await open.startSession({ seeds: [seed], depth: 0 }).done;
    expect(world.fake.queries.map((query) => query.server)).toEqual([
      'whois.iana.org',
      'whois.nic.test',
      REGISTRAR,
    ]);

    let asked = world.fake.queries.length;
    const second = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(world.fake.queries).toHaveLength(asked);
    expect(second.requestsBySource).toEqual({});
    expect(second.failures[0]?.message).toMatch(/^registrar's WHOIS unreachable, retried at /);

    world.fake.setBehaviour(REGISTRAR, undefined);
    world.clockShiftMs = 11 * MINUTE;
    asked = world.fake.queries.length;
    const third = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(world.fake.queries.slice(asked).map((query) => query.server)).toEqual([REGISTRAR]);
    expect(third.failures).toEqual([]);
    // The registrar's contacts arrive with its reply; the registry's record is still there.
    const relations = open.graph.exportJson().edges.map((edge) => edge.relation);
    expect(relations).toContain('registrant_contact');
    expect(relations).toContain('name_server');
  });

  it('waits longer after each failure of the same part in a row', async () => {
    world.fake.setBehaviour(REGISTRAR, { kind: 'silent' });
    const open = openCase();
    await open.startSession({ seeds: [seed], depth: 0 }).done;
    world.clockShiftMs = 11 * MINUTE;
    const second = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(world.fake.queries.filter((query) => query.server === REGISTRAR)).toHaveLength(2);
    // Second failure: 30 minutes (10 x 3) from now, so 20 minutes later it is not asked yet.
    world.clockShiftMs = 31 * MINUTE;
    const third = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(world.fake.queries.filter((query) => query.server === REGISTRAR)).toHaveLength(2);
    expect(second.failures).toHaveLength(1);
    expect(third.failures[0]?.message).toMatch(/retried at/);
  });

  it('costs no query on a second run within the TTL for a domain fully read', async () => {
    const open = openCase();
    await open.startSession({ seeds: [seed], depth: 0 }).done;
    const asked = world.fake.queries.length;
    const second = await open.startSession({ seeds: [SEED_ID], depth: 0 }).done;
    expect(second.failures).toEqual([]);
    expect(world.fake.queries).toHaveLength(asked);
  });

  it('reads a domain fully read in another case of the same data directory from the part cache', async () => {
    await openCase('first').startSession({ seeds: [seed], depth: 0 }).done;
    const asked = world.fake.queries.length;
    const other = openCase('second');
    const progress = await other.startSession({ seeds: [seed], depth: 0 }).done;
    expect(world.fake.queries).toHaveLength(asked);
    expect(progress.failures).toEqual([]);
    expect(other.graph.exportJson().edges.map((edge) => edge.relation)).toContain('registrant_contact');
  });

  it('asks every part again on a refresh', async () => {
    const open = openCase();
    await open.startSession({ seeds: [seed], depth: 0 }).done;
    const asked = world.fake.queries.length;
    await open.startSession({ seeds: [SEED_ID], depth: 0, refresh: true }).done;
    expect(world.fake.queries.length - asked).toBe(3);
  });

  it('asks IANA once for two domains of one TLD', async () => {
    const open = openCase();
    await open.startSession({
      seeds: [seed, { type: 'DomainRecord', asset: { domain: 'missing.test' } }],
      depth: 0,
    }).done;
    expect(world.fake.queries.filter((query) => query.server === 'whois.iana.org')).toHaveLength(1);
  });
});
