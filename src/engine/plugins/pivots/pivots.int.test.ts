import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TypedAsset } from '../../../shared/model/asset';
import { resolveConfig } from '../../config/config';
import { createMemoryCredentialStore } from '../../credentials/credential-store';
import { createEngine } from '../../engine';
import type { Engine, OpenCase } from '../../engine-types';
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

async function openCase(pivots: { enabled?: boolean; mailboxProviders?: string[] } = {}): Promise<OpenCase> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pivots-'));
  engine = createEngine({
    config: resolveConfig({ pivots }),
    dataDir: dir,
    credentials: createMemoryCredentialStore(),
    plugins: [pivotsPlugin],
  });
  return engine.openCase(path.join(dir, 'case.sqlite'));
}

function edges(kase: OpenCase): string[] {
  return kase.graph
    .snapshot()
    .edges.map((edge) => `${edge.from} -${edge.relation}-> ${edge.to}`)
    .sort();
}

async function run(kase: OpenCase, seeds: (TypedAsset | string)[], depth: number) {
  return kase.startSession({ seeds, depth }).done;
}

describe('pivots from names to the domains that hold them', () => {
  it('pivots an FQDN to the DomainRecord of its registrable domain', async () => {
    const kase = await openCase();
    const progress = await run(kase, [{ type: 'FQDN', asset: { name: 'mail.shop.example.co.uk' } }], 1);
    expect(progress.failures).toEqual([]);
    expect(edges(kase)).toEqual(['FQDN:example.co.uk -registration-> DomainRecord:example.co.uk']);
  });

  it('pivots a URL to its FQDN, and on to the domain only while the depth allows', async () => {
    const seed: TypedAsset = {
      type: 'URL',
      asset: {
        url: 'https://www.example.org/about',
        scheme: 'https',
        host: 'www.example.org',
        path: '/about',
      },
    };
    const shallow = await openCase();
    await run(shallow, [seed], 0);
    expect(edges(shallow)).toEqual(['URL:https://www.example.org/about -domain-> FQDN:www.example.org']);
    await engine?.close();
    engine = undefined;
    const deeper = await openCase();
    await run(deeper, [seed], 1);
    expect(edges(deeper)).toEqual([
      'FQDN:example.org -registration-> DomainRecord:example.org',
      'URL:https://www.example.org/about -domain-> FQDN:www.example.org',
    ]);
  });

  it('pivots an e-mail to its domain, linking the contacts that hold the address', async () => {
    const kase = await openCase();
    const email: TypedAsset = {
      type: 'Identifier',
      asset: {
        unique_id: 'email:jane@acme-widgets.example',
        id: 'jane@acme-widgets.example',
        id_type: 'email',
      },
    };
    await kase.graph.apply(
      {
        entities: [{ type: 'ContactRecord', asset: { discovered_at: 'rdap-handle:C-1' } }, email],
        edges: [
          {
            from: 'ContactRecord:rdap-handle:C-1',
            relation: 'id',
            to: 'Identifier:email:jane@acme-widgets.example',
          },
        ],
        dispatch: [],
      },
      { source: { name: 'RDAP', confidence: 100 } },
    );
    await run(kase, ['Identifier:email:jane@acme-widgets.example'], 1);
    expect(edges(kase)).toEqual([
      'ContactRecord:rdap-handle:C-1 -fqdn-> FQDN:acme-widgets.example',
      'ContactRecord:rdap-handle:C-1 -id-> Identifier:email:jane@acme-widgets.example',
      'FQDN:acme-widgets.example -registration-> DomainRecord:acme-widgets.example',
    ]);
  });

  it('does not pivot an address at a configured mailbox provider', async () => {
    const kase = await openCase({ mailboxProviders: ['mailbox.example'] });
    const seed: TypedAsset = {
      type: 'Identifier',
      asset: { unique_id: 'email:someone@mailbox.example', id: 'someone@mailbox.example', id_type: 'email' },
    };
    await run(kase, [seed], 1);
    expect(edges(kase)).toEqual([]);
  });

  it('does nothing when pivots are switched off', async () => {
    const kase = await openCase({ enabled: false });
    await run(kase, [{ type: 'FQDN', asset: { name: 'ns1.google.com' } }], 1);
    expect(edges(kase)).toEqual([]);
  });
});
