import { describe, expect, it } from 'vitest';
import type { GraphExport } from '../../shared/model/graph';
import { toCsv, toGraphml } from './export-formats';

const HOSTILE = '<img src=x onerror="alert(1)">Acme, "Ltd"';

const graph: GraphExport = {
  entities: [
    { id: 'Organization:acme', type: 'Organization', asset: { unique_id: 'acme', name: HOSTILE }, tags: [] },
    {
      id: 'Identifier:lei:x',
      type: 'Identifier',
      asset: { unique_id: 'lei:X', id: 'X', id_type: 'lei' },
      tags: [],
    },
    {
      id: 'Organization:formula',
      type: 'Organization',
      asset: { unique_id: 'formula', name: '=HYPERLINK("x")' },
      tags: [],
    },
  ],
  edges: [
    {
      id: 'Organization:acme|id|Identifier:lei:x',
      from: 'Organization:acme',
      to: 'Identifier:lei:x',
      relation: 'id',
      sources: [
        { name: 'GLEIF', confidence: 100 },
        { name: 'CompanyData', confidence: 80 },
      ],
      properties: {},
    },
  ],
};

describe('GraphML export', () => {
  it('escapes markup in labels so the file stays well-formed XML', () => {
    const xml = toGraphml(graph);
    expect(xml).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Acme, &quot;Ltd&quot;');
    expect(xml).not.toContain('<img');
  });

  it('writes one node per entity and the edge with its sources and highest confidence', () => {
    const xml = toGraphml(graph);
    expect(xml.match(/<node /g)).toHaveLength(3);
    expect(xml).toContain('<data key="sources">GLEIF;CompanyData</data>');
    expect(xml).toContain('<data key="confidence">100</data>');
  });
});

describe('CSV export', () => {
  it('quotes fields with commas and quotes', () => {
    const { nodes } = toCsv(graph);
    expect(nodes).toContain('"<img src=x onerror=""alert(1)"">Acme, ""Ltd"""');
  });

  it('neutralises a leading formula character so spreadsheets show text', () => {
    const { nodes } = toCsv(graph);
    expect(nodes).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('writes a header and one row per edge', () => {
    const { edges } = toCsv(graph);
    const rows = edges.trim().split('\r\n');
    expect(rows[0]).toBe('id,from,to,relation,sources,confidence');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(',id,GLEIF;CompanyData,100');
  });
});
