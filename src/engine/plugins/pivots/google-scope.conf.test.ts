/**
 * The scope rule on the recorded google.com replies (issue 24, item 7): the registration of
 * google.com names MarkMonitor's infrastructure (its WHOIS server, its RDAP server, the
 * registrar's URL and abuse address); growing the graph from it must never query MarkMonitor's
 * own domain, while everything the registrant holds is kept and still pivoted from.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeRdapServer, type FakeRdapServer } from '../../../../test/fakes/rdap-server';
import { startFakeWhoisServers, type FakeWhoisServers } from '../../../../test/fakes/whois-server';
import { fixturePath, haveFixtures } from '../../../../test/support/fixtures-dir';
import { resolveConfig } from '../../config/config';
import { createMemoryCredentialStore } from '../../credentials/credential-store';
import { createEngine } from '../../engine';
import type { Engine } from '../../engine-types';
import { builtinPlugins } from '../builtin';

let dir: string | undefined;
let engine: Engine | undefined;
let rdap: FakeRdapServer | undefined;
let whois: FakeWhoisServers | undefined;

afterEach(async () => {
  await engine?.close();
  await Promise.all([rdap?.close(), whois?.close()]);
  engine = rdap = whois = undefined;
  if (dir !== undefined) {
    await rm(dir, { recursive: true, force: true });
  }
});

const INFRASTRUCTURE = /markmonitor/i;

async function growGoogle(order: ('rdap' | 'whois')[]) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'google-scope-'));
  rdap = await startFakeRdapServer({ root: fixturePath('rdap') });
  whois = await startFakeWhoisServers({ directory: fixturePath('whois') });
  const fast = { rateLimit: { requests: 100, intervalMs: 1000 } };
  engine = createEngine({
    config: resolveConfig({
      sources: {
        rdap: { bootstrapUrl: rdap.bootstrapUrl, ...fast },
        whois: { ianaServer: whois.ianaAddress, servers: whois.servers, ...fast },
        domain: { order },
      },
    }),
    dataDir: dir,
    credentials: createMemoryCredentialStore(),
    plugins: builtinPlugins().filter((plugin) => ['rdap', 'whois', 'pivots'].includes(plugin.name)),
  });
  const kase = engine.openCase(path.join(dir, 'case.sqlite'));
  await kase.startSession({ seeds: [{ type: 'DomainRecord', asset: { domain: 'google.com' } }], depth: 3 })
    .done;
  const snapshot = kase.graph.snapshot();
  return {
    ids: snapshot.entities.map((entity) => entity.id),
    edges: snapshot.edges.map((edge) => `${edge.from} -${edge.relation}-> ${edge.to}`),
    whoisQueries: whois.queries.map((query) => `${query.server} ${query.query}`),
    rdapRequests: rdap.objectRequests().map((request) => request.path),
  };
}

type Order = ('rdap' | 'whois')[];

describe.skipIf(!haveFixtures())('google.com grown from the recorded replies', () => {
  // What each protocol's recorded reply says the registrant holds (MarkMonitor's RDAP redacts the
  // registrant's e-mail; its WHOIS gives it).
  it.each<[string, Order, RegExp[]]>([
    ['RDAP first', ['rdap', 'whois'], [/#registrant -organization-> Organization:google llc$/]],
    [
      'WHOIS first',
      ['whois', 'rdap'],
      [
        /#registrant -organization-> Organization:google inc$/,
        /#registrant -id-> Identifier:email:dns-admin@google\.com$/,
      ],
    ],
  ])(
    '%s: never queries the registrar infrastructure, and keeps the registrant data',
    async (_name, order, registrantHolds) => {
      const grown = await growGoogle(order);

      // The records name MarkMonitor (the proof the test sees the infrastructure at all)...
      expect(grown.ids).toContain('FQDN:whois.markmonitor.com');
      expect(grown.ids).toContain('Organization:markmonitor inc');
      // ...but no query about MarkMonitor's own domain went to any registry or registrar.
      expect(grown.whoisQueries.filter((query) => INFRASTRUCTURE.test(query.split(' ')[1] ?? ''))).toEqual(
        [],
      );
      expect(grown.rdapRequests.filter((request) => /\/domain\/[^/]*markmonitor/i.test(request))).toEqual([]);
      expect(grown.ids.filter((id) => id.startsWith('DomainRecord:'))).toEqual(['DomainRecord:google.com']);
      // The registrant's data stays, and so do the name servers the subject configured.
      expect(
        grown.edges.filter((edge) => edge.startsWith('DomainRecord:google.com -registrant_contact-> ')),
      ).toHaveLength(1);
      for (const held of registrantHolds) {
        expect(grown.edges.filter((edge) => held.test(edge))).toHaveLength(1);
      }
      expect(grown.edges).toContain('DomainRecord:google.com -name_server-> FQDN:ns1.google.com');
    },
    120_000,
  );
});
