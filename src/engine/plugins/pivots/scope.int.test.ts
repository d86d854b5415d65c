/**
 * Pivots expand what the investigator's subjects hold, not the sources' infrastructure: a record
 * naming its WHOIS server, its RDAP self link or its registrar's contact does not get those
 * domains queried; the registrant's e-mail domain still is.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePlugin } from '../../../../test/fixtures/engine/fake-plugins';
import { resolveConfig } from '../../config/config';
import { createMemoryCredentialStore } from '../../credentials/credential-store';
import { createEngine } from '../../engine';
import type { Engine } from '../../engine-types';
import { FindingsBuilder } from '../../graph/findings';
import { pivotsPlugin } from './plugin';

let dir: string | undefined;
let engine: Engine | undefined;

afterEach(async () => {
  await engine?.close();
  engine = undefined;
  if (dir !== undefined) {
    await rm(dir, { recursive: true, force: true });
  }
});

/** A registration source answering for `acme.example` as a hostile or ordinary registry would. */
const registry = fakePlugin('registry', [
  {
    name: 'registry/domain',
    eventType: 'DomainRecord',
    priority: 5,
    transforms: ['FQDN', 'ContactRecord', 'Identifier'],
    accepts: (asset: { domain: string }) => asset.domain === 'acme.example',
    query: ({ entity }) => {
      const builder = new FindingsBuilder();
      const record = entity.id;
      const server = builder.entity('FQDN', { name: 'whois.registry.test' });
      builder.edge(record, 'whois_server', server).dispatch(server);
      const registrar = builder.entity('ContactRecord', { discovered_at: 'registrar' });
      builder.edge(record, 'registrar_contact', registrar).dispatch(registrar);
      const abuse = builder.entity('Identifier', {
        unique_id: 'email:abuse@markmonitor.test',
        id: 'abuse@markmonitor.test',
        id_type: 'email',
      });
      builder.edge(registrar, 'id', abuse).dispatch(abuse);
      const registrant = builder.entity('ContactRecord', { discovered_at: 'registrant' });
      builder.edge(record, 'registrant_contact', registrant).dispatch(registrant);
      const owner = builder.entity('Identifier', {
        unique_id: 'email:owner@acme-holdings.test',
        id: 'owner@acme-holdings.test',
        id_type: 'email',
      });
      builder.edge(registrant, 'id', owner).dispatch(owner);
      return Promise.resolve(builder.build());
    },
  },
]);

async function domainRecordsAfter(depth: number): Promise<string[]> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pivot-scope-'));
  engine = createEngine({
    config: resolveConfig({}),
    dataDir: dir,
    credentials: createMemoryCredentialStore(),
    plugins: [registry, pivotsPlugin],
  });
  const kase = engine.openCase(path.join(dir, 'case.sqlite'));
  await kase.startSession({ seeds: [{ type: 'DomainRecord', asset: { domain: 'acme.example' } }], depth })
    .done;
  return kase.graph
    .snapshot()
    .entities.filter((entity) => entity.type === 'DomainRecord')
    .map((entity) => entity.id)
    .sort();
}

describe('the scope of pivots', () => {
  it('does not query the domain of the WHOIS server or of the registrar a reply names', async () => {
    const records = await domainRecordsAfter(4);
    expect(records).not.toContain('DomainRecord:registry.test');
    expect(records).not.toContain('DomainRecord:markmonitor.test');
  });

  it("still queries the domain of the registrant's e-mail", async () => {
    expect(await domainRecordsAfter(4)).toContain('DomainRecord:acme-holdings.test');
  });

  it('still pivots from a name the investigator typed in', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pivot-scope-'));
    engine = createEngine({
      config: resolveConfig({}),
      dataDir: dir,
      credentials: createMemoryCredentialStore(),
      plugins: [pivotsPlugin],
    });
    const kase = engine.openCase(path.join(dir, 'case.sqlite'));
    await kase.startSession({ seeds: [{ type: 'FQDN', asset: { name: 'whois.registry.test' } }], depth: 1 })
      .done;
    expect(kase.graph.snapshot().entities.map((entity) => entity.id)).toContain('DomainRecord:registry.test');
  });
});
