import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRdapHarness, type RdapHarness } from '../../../../test/fakes/rdap-server';
import { fixturePath, haveFixtures, repositoryRoot } from '../../../../test/support/fixtures-dir';
import { recordedDomainReplies } from '../../../../test/support/rdap-domain-replies';
import type { DomainRecord } from '../../../shared/model/asset';
import type { GraphReader } from '../../core/plugin-api';
import { buildDomainFindings, toALabel } from './domain-mapping';
import { readRedactions } from './redaction';
import { parseRdapReply } from './wire';

/** Reviewed expectations per recorded reply: the record's fields and every edge, exactly. */
const EXPECTED = JSON.parse(
  readFileSync(path.join(repositoryRoot, 'test', 'fixtures', 'rdap', 'domain-expected.json'), 'utf8'),
) as Record<string, { record: Record<string, unknown>; edges: string[] }>;

const emptyGraph: GraphReader = {
  findEntity: () => undefined,
  outgoing: () => [],
  incoming: () => [],
  isMonitoredSince: () => false,
};

const PLACEHOLDER_NAMES = /redacted|withheld|privacy|registration private|not disclosed/i;

describe.skipIf(!haveFixtures())('RDAP domain mapping on every recorded reply', () => {
  const replies = haveFixtures() ? recordedDomainReplies() : [];

  it('has an expectation for every recorded domain reply', () => {
    expect(replies.map((reply) => reply.file).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const recorded of replies) {
    it(`maps ${path.basename(recorded.file)} to exactly the expected record and edges`, () => {
      const object = parseRdapReply(recorded.body, 'domain', recorded.request);
      const findings = buildDomainFindings(
        emptyGraph,
        { domain: recorded.query },
        toALabel(recorded.query) ?? '',
        [
          {
            url: recorded.request,
            server: new URL(recorded.request).host,
            object,
            redactions: readRedactions(object),
          },
        ],
      );
      const expected = EXPECTED[recorded.file];
      const record = findings.entities.find((entity) => entity.type === 'DomainRecord')?.asset as
        Record<string, unknown> | undefined;
      expect({ ...record, raw: undefined }).toEqual({ ...expected?.record, raw: undefined });
      expect(findings.edges.map((edge) => `${edge.from} -${edge.relation}-> ${edge.to}`).sort()).toEqual(
        expected?.edges,
      );
      // Nothing invented: no placeholder became a Person or an Organization.
      const names = findings.entities
        .filter((entity) => entity.type === 'Person' || entity.type === 'Organization')
        .map((entity) => JSON.stringify(entity.asset));
      expect(names.filter((name) => PLACEHOLDER_NAMES.test(name))).toEqual([]);
      // Every edge of the record and its contacts names the server its fact came from.
      const host = new URL(recorded.request).host;
      const untagged = findings.edges.filter(
        (edge) => edge.relation !== 'organization' && edge.properties?.rdap_server !== host,
      );
      expect(untagged).toEqual([]);
    });
  }
});

describe.skipIf(!haveFixtures())('RDAP domain lookups through the engine on the recorded chains', () => {
  let harness: RdapHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('follows Verisign to MarkMonitor for google.com: dates from the registry, contacts from the registrar', async () => {
    harness = await openRdapHarness({ root: fixturePath('rdap') });
    const progress = await harness.run([{ type: 'DomainRecord', asset: { domain: 'google.com' } }], {
      depth: 0,
    });
    expect(progress.failures).toEqual([]);
    expect(harness.server.objectRequests().map((request) => request.path)).toEqual([
      '/dns/rdap.verisign.com/com/v1/domain/google.com',
      '/dns/rdap.markmonitor.com/rdap/domain/GOOGLE.COM',
    ]);
    const record = harness.kase.graph.findEntity('DomainRecord:google.com')?.asset as DomainRecord;
    expect(record).toMatchObject({
      created_date: '1997-09-15T04:00:00Z',
      expiration_date: '2028-09-14T04:00:00Z',
      updated_date: '2019-09-09T15:39:04Z',
      whois_server: 'whois.markmonitor.com',
      dnssec: false,
    });
    const raw = JSON.parse(String(record.raw)) as { url: string }[];
    expect(raw.map((reply) => new URL(reply.url).pathname)).toEqual([
      '/dns/rdap.verisign.com/com/v1/domain/google.com',
      '/dns/rdap.markmonitor.com/rdap/domain/GOOGLE.COM',
    ]);
    const edges = harness.edgeKeys();
    expect(edges).toContain(
      'DomainRecord:google.com|registrant_contact|ContactRecord:https://rdap.markmonitor.com/rdap/domain/google.com#registrant',
    );
    expect(edges).toContain(
      'ContactRecord:rdap-handle:292|location|Location:3540 e longwing ln meridian id 83646 us',
    );
    expect(edges).toContain('DomainRecord:google.com|whois_server|FQDN:whois.markmonitor.com');
    const registrant = harness.kase.graph
      .snapshot()
      .edges.find(
        (edge) => edge.relation === 'registrant_contact' && edge.from === 'DomainRecord:google.com',
      );
    expect(registrant?.sources.map((source) => source.name)).toEqual(['RDAP']);
  });

  it('keeps the registry data of themarquetry.com and records the failure when the registrar link 404s', async () => {
    harness = await openRdapHarness({ root: fixturePath('rdap') });
    const progress = await harness.run([{ type: 'DomainRecord', asset: { domain: 'themarquetry.com' } }], {
      depth: 0,
    });
    expect(progress.failures.map((failure) => [failure.handler, failure.code])).toEqual([
      ['rdap/domain-record', 'not_found'],
    ]);
    expect(progress.failures[0]?.message).toMatch(/registrar RDAP has no record of themarquetry\.com/);
    expect(harness.edgeKeys()).toEqual(
      EXPECTED['rdap/responses/domain/rdap.verisign.com_themarquetry.com.json']?.edges
        .map((edge) => edge.replace(/ -(\w+)-> /, '|$1|'))
        .sort(),
    );
  });
});
