import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { GraphExport } from '../../shared/model/graph';
import { edgesCsv, guardFormula, nodesCsv } from './export-csv';

const FIRST = '2026-01-01T00:00:00.000Z';
const LAST = '2026-02-01T00:00:00.000Z';

const graph: GraphExport = {
  entities: [
    {
      id: 'Organization:acme',
      type: 'Organization',
      asset: { unique_id: 'acme', name: 'Acme, "Ltd"' },
      tags: [],
    },
    {
      id: 'Identifier:lei:x',
      type: 'Identifier',
      asset: { unique_id: 'lei:X', id: 'X', id_type: 'lei' },
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
        { name: 'GLEIF', confidence: 100, createdAt: FIRST, updatedAt: LAST },
        { name: 'CompanyData', confidence: 80, createdAt: LAST, updatedAt: LAST },
      ],
      properties: {},
      createdAt: FIRST,
      updatedAt: LAST,
    },
  ],
};

const parsed = (csv: string) => Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;

describe('CSV export', () => {
  it('writes one column per asset field (the union over types) beside id, type and label', () => {
    const [acme, lei] = parsed(nodesCsv(graph));
    expect(acme).toEqual({
      id: 'Organization:acme',
      type: 'Organization',
      label: 'Acme, "Ltd"',
      flag: '',
      notes: '',
      id_type: '',
      name: 'Acme, "Ltd"',
      unique_id: 'acme',
      asset_id: '',
    });
    expect(lei?.asset_id).toBe('X');
    expect(lei?.id_type).toBe('lei');
  });

  it('names both ends of each edge, with relation, sources, highest confidence and times', () => {
    const [edge] = parsed(edgesCsv(graph));
    expect(edge).toMatchObject({
      from_id: 'Organization:acme',
      from_name: 'Acme, "Ltd"',
      from_type: 'Organization',
      relation: 'id',
      to_id: 'Identifier:lei:x',
      to_name: 'lei:X',
      to_type: 'Identifier',
      sources: 'GLEIF; CompanyData',
      confidence: '100',
      first_seen: FIRST,
      last_confirmed: LAST,
    });
  });

  it('neutralises a formula after white space, NBSP, fullwidth forms and invisible or bidi characters', () => {
    const disguised = [
      '=1+1',
      '  =1+1',
      '\u00a0=1+1',
      '\uff1d1+1',
      '\uff0bcmd',
      '\u200b=1+1',
      '\u202e=1+1',
      '\u2066@SUM(A1)',
      '\ufeff-2+3',
      '\u3000+1',
      '\u200d\u00a0\uff20x',
    ];
    for (const value of disguised) {
      expect(guardFormula(value), JSON.stringify(value)).toBe(`'${value}`);
    }
    for (const value of ['Acme', '1+1', 'a=b', '\u200bAcme']) {
      expect(guardFormula(value)).toBe(value);
    }
  });

  it('writes a guarded name into the nodes CSV, its text otherwise whole', () => {
    const hostile: GraphExport = {
      entities: [
        {
          id: 'Organization:x',
          type: 'Organization',
          asset: { unique_id: 'x', name: '\u200b\uff1dHYPERLINK("x")' },
          tags: [],
        },
      ],
      edges: [],
    };
    const [row] = parsed(nodesCsv(hostile));
    expect(row?.name).toBe('\'\u200b\uff1dHYPERLINK("x")');
    expect(row?.label).toBe('\'\u200b\uff1dHYPERLINK("x")');
  });
});
