import { describe, expect, it } from 'vitest';
import { useWhoisEngine } from '../../../../../test/harness/whois-engine';

const CONTACT = 'ContactRecord:whois://whois.registrar.test/acme-widgets.test';

const world = useWhoisEngine('whois-int-', { timeoutMs: 3000 });

function openCase(options: { timeoutMs?: number; onWarn?: (fields: Record<string, unknown>) => void } = {}) {
  return world.openCase('case', options);
}

/** Past the first backoff of a failed part (10 min by default), within the TTL. */
const BACKOFF_RUN_OUT_MS = 11 * 60_000;

const seed = { type: 'DomainRecord' as const, asset: { domain: 'acme-widgets.test' } };

describe('WHOIS domrec through the engine', () => {
  it('writes the record, its name servers, WHOIS server and contacts, each edge from WHOIS at 100', async () => {
    const open = openCase();
    const progress = await open.startSession({ seeds: [seed], depth: 1 }).done;
    expect(progress.failures).toEqual([]);
    expect(progress.requestsBySource).toEqual({ WHOIS: 3 });
    const exported = open.graph.exportJson();
    expect(exported.edges.map((edge) => `${edge.from} -${edge.relation}-> ${edge.to}`).sort()).toEqual(
      [
        'DomainRecord:acme-widgets.test -name_server-> FQDN:ns1.acme-widgets.test',
        'DomainRecord:acme-widgets.test -name_server-> FQDN:ns2.hosting.test',
        'DomainRecord:acme-widgets.test -whois_server-> FQDN:whois.registrar.test',
        `DomainRecord:acme-widgets.test -registrar_contact-> ${CONTACT}#registrar`,
        `DomainRecord:acme-widgets.test -registrant_contact-> ${CONTACT}#registrant`,
        `DomainRecord:acme-widgets.test -technical_contact-> ${CONTACT}#technical`,
        `${CONTACT}#registrar -id-> Identifier:email:abuse@registrar.test`,
        `${CONTACT}#registrar -phone-> Phone:+442079460000`,
        `${CONTACT}#registrar -url-> URL:https://www.registrar.test/`,
        `${CONTACT}#registrar -organization-> Organization:example registrar ltd`,
        `${CONTACT}#registrant -person-> Person:jane marie doe`,
        `${CONTACT}#registrant -location-> Location:12 example street london greater london sw1a 1aa gb`,
        `${CONTACT}#registrant -id-> Identifier:email:jane.doe@acme-widgets.test`,
        `${CONTACT}#registrant -phone-> Phone:+442079460001`,
        `${CONTACT}#registrant -phone-> Phone:+442079460002`,
        `${CONTACT}#registrant -organization-> Organization:acme widgets ltd`,
        `${CONTACT}#technical -id-> Identifier:email:hostmaster@acme-widgets.test`,
        `${CONTACT}#technical -location-> Location:gb`,
        `${CONTACT}#technical -organization-> Organization:img src x onerror alert 1`,
      ].sort(),
    );
    for (const edge of exported.edges) {
      expect(edge.sources).toMatchObject([{ name: 'WHOIS', confidence: 100 }]);
    }
    const record = exported.entities.find((entity) => entity.id === 'DomainRecord:acme-widgets.test');
    expect(record?.asset).toMatchObject({
      domain: 'acme-widgets.test',
      whois_server: 'whois.registrar.test',
      created_date: '2001-02-03T04:05:06Z',
      dnssec: true,
    });
    const html = exported.entities.find((entity) => entity.id === 'Organization:img src x onerror alert 1');
    expect(html?.asset).toMatchObject({ name: '<img src=x onerror=alert(1)>' });
  });

  it('serves a second session within the TTL from the graph without querying', async () => {
    const open = openCase();
    await open.startSession({ seeds: [seed], depth: 0 }).done;
    const queries = world.fake.queries.length;
    const progress = await open.startSession({ seeds: ['DomainRecord:acme-widgets.test'], depth: 0 }).done;
    expect(progress.cacheHits).toBe(1);
    expect(world.fake.queries).toHaveLength(queries);
  });

  it('stores nothing and records no failure for a domain the registry does not know', async () => {
    const open = openCase();
    const progress = await open.startSession({
      seeds: [{ type: 'DomainRecord', asset: { domain: 'missing.test' } }],
      depth: 1,
    }).done;
    expect(progress.failures).toEqual([]);
    expect(open.graph.exportJson().edges).toEqual([]);
  });

  it('records a timeout on the session, without crashing it, when the registry never answers', async () => {
    world.fake.setBehaviour('whois.nic.test', { kind: 'silent' });
    const open = openCase({ timeoutMs: 300 });
    const progress = await open.startSession({ seeds: [seed], depth: 1 }).done;
    expect(progress.state).toBe('done');
    expect(progress.failures).toMatchObject([
      { source: 'WHOIS', code: 'timeout', entityId: 'DomainRecord:acme-widgets.test' },
    ]);
  });

  it('keeps the registry result and records the failure when the registrar sends 10 MB', async () => {
    world.fake.setBehaviour('whois.registrar.test', { kind: 'huge', bytes: 10 * 1024 * 1024 });
    const open = openCase();
    const progress = await open.startSession({ seeds: [seed], depth: 1 }).done;
    expect(progress.failures).toMatchObject([{ source: 'WHOIS', code: 'too_large' }]);
    const relations = open.graph.exportJson().edges.map((edge) => edge.relation);
    expect(relations).toContain('name_server');
    expect(relations).toContain('registrar_contact');
    expect(relations).not.toContain('registrant_contact');
  });

  it('makes no WHOIS query in a second session within the TTL for a no-match reply', async () => {
    const open = openCase();
    const seeds = [{ type: 'DomainRecord' as const, asset: { domain: 'missing.test' } }];
    world.fake.enqueue('whois.nic.test', { kind: 'reply', body: 'No match for "MISSING.TEST".\r\n' });
    const first = await open.startSession({ seeds, depth: 0 }).done;
    expect(first.failures).toEqual([]);
    const queries = world.fake.queries.length;
    const second = await open.startSession({ seeds: ['DomainRecord:missing.test'], depth: 0 }).done;
    expect(second.cacheHits).toBe(1);
    expect(world.fake.queries).toHaveLength(queries);
  });

  it('makes no WHOIS query in a second session within the TTL for a partial record with a throttle line', async () => {
    const open = openCase();
    const seeds = [{ type: 'DomainRecord' as const, asset: { domain: 'partial.test' } }];
    world.fake.enqueue('whois.nic.test', {
      kind: 'reply',
      body: 'Domain Name: partial.test\nRegistrant Organization: Partial Widgets Oy\n% Query limit exceeded, try again later\n',
    });
    const first = await open.startSession({ seeds, depth: 0 }).done;
    expect(first.failures).toEqual([]);
    const ids = open.graph.exportJson().entities.map((entity) => entity.id);
    expect(ids).toContain('ContactRecord:whois://whois.nic.test/partial.test#registrant');
    const queries = world.fake.queries.length;
    const second = await open.startSession({ seeds: ['DomainRecord:partial.test'], depth: 0 }).done;
    expect(second.cacheHits).toBe(1);
    expect(world.fake.queries).toHaveLength(queries);
  });

  it('asks again in a second session after a refusal, which is no answer', async () => {
    const open = openCase();
    world.fake.enqueue('whois.nic.test', {
      kind: 'reply',
      body: 'Sorry, the Whois database is currently down.\n',
    });
    const first = await open.startSession({ seeds: [seed], depth: 0 }).done;
    expect(first.failures).toMatchObject([{ source: 'WHOIS', entityId: 'DomainRecord:acme-widgets.test' }]);
    const queries = world.fake.queries.length;
    world.clockShiftMs = BACKOFF_RUN_OUT_MS;
    const second = await open.startSession({ seeds: ['DomainRecord:acme-widgets.test'], depth: 0 }).done;
    expect(second.failures).toEqual([]);
    expect(second.cacheHits).toBe(0);
    expect(world.fake.queries.length).toBeGreaterThan(queries);
  });

  it('records an unrecognised_reply failure for a reply with no known field and no "no match", stores nothing and asks again', async () => {
    const warnings: Record<string, unknown>[] = [];
    const open = openCase({ onWarn: (fields) => warnings.push(fields) });
    const seeds = [{ type: 'DomainRecord' as const, asset: { domain: 'odd.test' } }];
    world.fake.enqueue('whois.nic.test', {
      kind: 'reply',
      body: '\x1b[1mSorry, this server speaks only of .test\x1b[0m\n',
    });
    const first = await open.startSession({ seeds, depth: 0 }).done;
    expect(first.failures).toMatchObject([
      { source: 'WHOIS', code: 'unrecognised_reply', entityId: 'DomainRecord:odd.test' },
    ]);
    expect(first.failures[0]?.message).toContain('\\x1b[1mSorry, this server speaks only of .test');
    const record = open.graph.exportJson().entities.find((entity) => entity.id === 'DomainRecord:odd.test');
    expect((record?.asset as { raw?: string }).raw).toBeUndefined();
    // The text is kept for inspection (the log), its escapes made visible.
    expect(warnings).toMatchObject([{ url: 'whois://whois.nic.test/odd.test' }]);
    expect(String(warnings[0]?.reply)).toContain('\\x1b[1mSorry');
    const queries = world.fake.queries.length;
    world.clockShiftMs = BACKOFF_RUN_OUT_MS;
    const second = await open.startSession({ seeds: ['DomainRecord:odd.test'], depth: 0 }).done;
    expect(second.cacheHits).toBe(0);
    expect(world.fake.queries.length).toBeGreaterThan(queries);
  });

  it('reads "database is down, please retry" wrapped in terminal escapes as a failure, not as the record', async () => {
    const open = openCase();
    world.fake.enqueue('whois.nic.test', {
      kind: 'reply',
      body: '\x1b[31;1mdatabase is down, please retry\x1b[0m\r\n',
    });
    const first = await open.startSession({ seeds: [seed], depth: 0 }).done;
    expect(first.failures).toHaveLength(1);
    expect(first.failures[0]?.code).not.toBe('handler_error');
    expect(open.graph.exportJson().entities.map((entity) => entity.id)).toEqual([
      'DomainRecord:acme-widgets.test',
    ]);
    const record = open.graph.exportJson().entities[0];
    expect((record?.asset as { raw?: string }).raw).toBeUndefined();
    const queries = world.fake.queries.length;
    world.clockShiftMs = BACKOFF_RUN_OUT_MS;
    const second = await open.startSession({ seeds: ['DomainRecord:acme-widgets.test'], depth: 0 }).done;
    expect(second.failures).toEqual([]);
    expect(world.fake.queries.length).toBeGreaterThan(queries);
  });

  it('records a terms-only reply as unrecognised, not as an answer', async () => {
    const open = openCase();
    world.fake.enqueue('whois.nic.test', {
      kind: 'reply',
      body: '% By submitting a query you agree to these terms of use.\n',
    });
    const progress = await open.startSession({
      seeds: [{ type: 'DomainRecord', asset: { domain: 'terms.test' } }],
      depth: 0,
    }).done;
    expect(progress.failures).toMatchObject([{ code: 'unrecognised_reply' }]);
  });

  it('refuses a referral to a loopback address a reply names, records the refusal and keeps the registry record', async () => {
    world.fake.setBehaviour('whois.nic.test', {
      kind: 'reply',
      body: 'Domain Name: ACME-WIDGETS.TEST\nRegistrar WHOIS Server: 127.0.0.22\nRegistrar: Example Registrar Ltd.\nName Server: NS1.ACME-WIDGETS.TEST\n',
    });
    const open = openCase();
    const progress = await open.startSession({ seeds: [seed], depth: 0 }).done;
    expect(progress.failures).toMatchObject([{ source: 'WHOIS', code: 'destination_refused' }]);
    expect(open.graph.exportJson().edges.map((edge) => edge.relation)).toContain('name_server');
  });

  it('caps what one huge reply may create and records the cap as a failure', async () => {
    const servers = Array.from({ length: 6000 }, (_, index) => `Name Server: ns${index}.hosting.test`).join(
      '\n',
    );
    world.fake.setBehaviour('whois.nic.test', {
      kind: 'reply',
      body: `Domain Name: ACME-WIDGETS.TEST\nRegistrar: Example Registrar Ltd.\n${servers}\n`,
    });
    const open = openCase();
    const progress = await open.startSession({ seeds: [seed], depth: 0 }).done;
    expect(progress.failures).toMatchObject([{ source: 'WHOIS', code: 'too_large' }]);
    expect(open.graph.exportJson().entities.length).toBeLessThanOrEqual(5001);
  });
});
