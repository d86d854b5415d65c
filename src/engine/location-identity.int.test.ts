/**
 * One street address from two sources is one Location (issue 14, part 1): the synthetic GLEIF
 * record writes Northwind Traders' legal address in upper case with its lines as a list, a WHOIS
 * registry reply writes it in mixed case, one line per field and the country by name.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGleifServer, type FakeGleifServer } from '../../test/fakes/gleif-server';
import { startFakeWhoisServers, type FakeWhoisServers } from '../../test/fakes/whois-server';
import { repositoryRoot } from '../../test/support/fixtures-dir';
import { seedOf } from '../../test/support/seeds';
import { resolveConfig } from './config/config';
import { createMemoryCredentialStore } from './credentials/credential-store';
import { createEngine } from './engine';
import type { Engine, OpenCase } from './engine-types';
import { gleifPlugin } from './plugins/gleif/plugin';
import { createWhoisPlugin } from './plugins/whois/plugin';

const FIXTURES = path.join(repositoryRoot, 'test', 'fixtures');
const ORGANIZATION = 'Organization:northwind traders inc';
const LEGAL_ADDRESS = 'Location:1 harbor row suite 400 wilmington de 19801 us';
const REGISTRANT = 'ContactRecord:whois://whois.nic.test/northwind-traders.test#registrant';

let dir: string;
let gleif: FakeGleifServer;
let whois: FakeWhoisServers;
let engine: Engine | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'location-identity-'));
  gleif = await startFakeGleifServer({ fixturesDir: path.join(FIXTURES, 'gleif') });
  whois = await startFakeWhoisServers({ directory: path.join(FIXTURES, 'location', 'whois') });
});

afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await gleif.close();
  await whois.close();
  await rm(dir, { recursive: true, force: true });
});

function openCase(): OpenCase {
  engine = createEngine({
    config: resolveConfig({
      sources: {
        gleif: { baseUrl: gleif.url, rateLimit: { requests: 1, intervalMs: 5 } },
        whois: {
          ianaServer: whois.ianaAddress,
          servers: whois.servers,
          rateLimit: { requests: 100, intervalMs: 1000 },
        },
      },
      http: { timeoutMs: 5000 },
    }),
    dataDir: dir,
    credentials: createMemoryCredentialStore(),
    plugins: [gleifPlugin, createWhoisPlugin({ throttleRetryDelaysMs: [10] })],
  });
  return engine.openCase(path.join(dir, 'case.sqlite'));
}

/** GLEIF first (the organisation), then WHOIS (its domain), as two sessions of one case. */
async function enrichBoth(open: OpenCase): Promise<void> {
  const first = await open.startSession({ seeds: [seedOf('Organization=Northwind Traders Inc')], depth: 1 })
    .done;
  expect(first.failures).toEqual([]);
  const second = await open.startSession({ seeds: [seedOf('DomainRecord=northwind-traders.test')], depth: 1 })
    .done;
  expect(second.failures).toEqual([]);
}

describe('one organisation address from GLEIF and from WHOIS', () => {
  it('is one Location node that both sources point at', async () => {
    const open = openCase();
    await enrichBoth(open);
    const pointing = open.graph
      .incoming(LEGAL_ADDRESS)
      .map(
        ({ entity, edge }) => `${entity.id} -${edge.relation}-> ${edge.sources.map((s) => s.name).join(',')}`,
      )
      .sort();
    expect(pointing).toEqual([`${REGISTRANT} -location-> WHOIS`, `${ORGANIZATION} -legal_address-> GLEIF`]);
  });

  it('tags the one Location with both sources and keeps no second node for the WHOIS spelling', async () => {
    const open = openCase();
    await enrichBoth(open);
    const locations = open.graph.exportJson().entities.filter((entity) => entity.type === 'Location');
    const legal = locations.find((entity) => entity.id === LEGAL_ADDRESS);
    const sources = new Set(legal?.tags.filter((tag) => tag.name === 'source').map((tag) => tag.value));
    expect(sources).toEqual(new Set(['GLEIF', 'WHOIS']));
    const suite400 = locations.filter((entity) => /suite 400/i.test(JSON.stringify(entity.asset)));
    expect(suite400.map((entity) => entity.id)).toEqual([LEGAL_ADDRESS]);
  });

  it('keeps an address one house number along the same street its own Location', async () => {
    const open = openCase();
    await enrichBoth(open);
    const tech = REGISTRANT.replace('#registrant', '#technical');
    expect(open.graph.outgoing(tech, { relations: ['location'] }).map(({ entity }) => entity.id)).toEqual([
      'Location:2 harbor row wilmington de 19801 us',
    ]);
  });
});
