/** Raw source records in a case file: kept once, linked per entity, source and handler, moved by merges. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAME_LEI_RULE } from '../../../../test/contract/case-store-contract';
import { openCaseGraph } from '../case-file';
import { FindingsBuilder, type Findings, type SourceReply } from '../findings';
import type { SqliteCaseGraph } from '../case-file';

const GLEIF = { source: { name: 'GLEIF', confidence: 100 }, handler: 'gleif/fuzzy-completions' };
const reply = (text: string): SourceReply => ({
  url: 'https://api.gleif.org/api/v1/lei-records?page=1',
  text,
  receivedAt: Date.UTC(2026, 10, 24),
});

function organizationWithLei(name: string, replies: SourceReply[]): Findings {
  const builder = new FindingsBuilder();
  const org = builder.entity('Organization', { unique_id: name.toLowerCase(), name });
  const lei = builder.entity('Identifier', { unique_id: 'lei:LEI1', id: 'LEI1', id_type: 'lei' });
  builder.edge(org, 'id', lei);
  return { ...builder.build(), replies };
}

let dir: string;
let graph: SqliteCaseGraph;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'raw-records-'));
  graph = openCaseGraph(path.join(dir, 'case.sqlite'), { mergeRules: [SAME_LEI_RULE] });
});

afterEach(async () => {
  void graph.close();
  await rm(dir, { recursive: true, force: true });
});

describe('raw source records', () => {
  it('links a reply to every entity of the findings read from it', () => {
    graph.applyNow(organizationWithLei('Acme', [reply('{"lei":"LEI1"}')]), GLEIF);
    for (const id of ['Organization:acme', 'Identifier:lei:lei1']) {
      expect(graph.rawRecords(id)).toEqual([
        {
          source: 'GLEIF',
          handler: 'gleif/fuzzy-completions',
          url: 'https://api.gleif.org/api/v1/lei-records?page=1',
          receivedAt: '2026-11-24T00:00:00.000Z',
          text: '{"lei":"LEI1"}',
        },
      ]);
    }
  });

  it('keeps a reply written again (by every slice of a large write, or a later run) once, with its latest receive time', () => {
    const first = reply('{"lei":"LEI1"}');
    graph.applyNow(organizationWithLei('Acme', [first]), GLEIF);
    graph.applyNow(organizationWithLei('Acme', [first]), GLEIF);
    graph.applyNow(organizationWithLei('Acme', [{ ...first, receivedAt: Date.UTC(2026, 10, 25) }]), GLEIF);
    expect(graph.rawRecords('Organization:acme')).toEqual([
      expect.objectContaining({ text: '{"lei":"LEI1"}', receivedAt: '2026-11-25T00:00:00.000Z' }),
    ]);
  });

  it('links the reply to the entity the handler was asked about, even when the findings leave it out', () => {
    graph.applyNow(organizationWithLei('Acme', []), GLEIF);
    const parent = new FindingsBuilder();
    const holding = parent.entity('Organization', { unique_id: 'acme holding', name: 'Acme Holding' });
    parent.edge(holding, 'subsidiary', 'Organization:acme');
    graph.applyNow(
      { ...parent.build(), replies: [reply('{"parent":"Acme Holding"}')] },
      { ...GLEIF, handler: 'gleif/related-orgs', markMonitored: 'Identifier:lei:lei1' },
    );
    expect(graph.rawRecords('Identifier:lei:lei1').map((record) => record.handler)).toEqual([
      'gleif/related-orgs',
    ]);
    expect(graph.rawRecords('Organization:acme')).toEqual([]);
  });

  it('keeps one record per source and handler (the latest) and one per source beside it', () => {
    graph.applyNow(organizationWithLei('Acme', [reply('first')]), GLEIF);
    graph.applyNow(organizationWithLei('Acme', [reply('second')]), GLEIF);
    graph.applyNow(organizationWithLei('Acme', [reply('from RDAP')]), {
      source: { name: 'RDAP', confidence: 90 },
      handler: 'rdap/entity',
    });
    expect(graph.rawRecords('Organization:acme').map((record) => [record.source, record.text])).toEqual([
      ['GLEIF', 'second'],
      ['RDAP', 'from RDAP'],
    ]);
  });

  it('moves the records of an organization merged into another to the survivor', () => {
    graph.applyNow(organizationWithLei('Acme', [reply('acme record')]), GLEIF);
    const delta = graph.applyNow(organizationWithLei('ACME Ltd', [reply('acme ltd record')]), GLEIF);
    const [merge] = delta.merged;
    expect(merge).toBeDefined();
    const texts = graph.rawRecords(merge?.into ?? '').map((record) => record.text);
    expect(texts.sort()).toEqual(['acme ltd record', 'acme record']);
    // The merged-away id still answers, through its survivor.
    expect(graph.rawRecords(merge?.from ?? '')).toHaveLength(2);
  });
});
