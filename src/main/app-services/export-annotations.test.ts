import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { GraphExport } from '../../shared/model/graph';
import { toCsv } from './export-csv';
import { toGexf, toGraphml } from './export-formats';

const AT = '2026-11-20T10:00:00.000Z';
const graph: GraphExport = {
  entities: [
    {
      id: 'Organization:a',
      type: 'Organization',
      asset: { unique_id: 'a', name: 'A' },
      tags: [],
      notes: [{ text: 'Nominee director', author: 'ana', createdAt: AT }],
      flag: 'red',
      flaggedBy: 'ana',
      flaggedAt: AT,
    },
    { id: 'Organization:b', type: 'Organization', asset: { unique_id: 'b', name: 'B' }, tags: [] },
  ],
  edges: [
    {
      id: 'Organization:a|subsidiary|Organization:b',
      from: 'Organization:a',
      to: 'Organization:b',
      relation: 'subsidiary',
      sources: [{ name: 'GLEIF', confidence: 100, createdAt: AT, updatedAt: AT }],
      properties: {},
      createdAt: AT,
      updatedAt: AT,
      flag: 'star',
      notes: [{ text: 'Per 2025 annual report', author: 'ben', createdAt: AT }],
    },
  ],
};

describe('notes and flags in the table and graph exports', () => {
  it('gives CSV nodes and edges flag and notes columns', () => {
    const { nodes, edges } = toCsv(graph);
    const column = (table: string, row: number, name: string): string | undefined => {
      const parsed = Papa.parse<string[]>(table.trim()).data;
      return parsed[row]?.[parsed[0]?.indexOf(name) ?? -1];
    };
    expect(column(nodes, 1, 'flag')).toBe('red');
    expect(column(nodes, 1, 'notes')).toBe('ana, 2026-11-20T10:00:00.000Z: Nominee director');
    expect(column(nodes, 2, 'flag')).toBe('');
    expect(column(edges, 1, 'flag')).toBe('star');
    expect(column(edges, 1, 'notes')).toMatch(/^ben, .*: Per 2025 annual report$/);
  });

  it('declares flag and notes attributes in GraphML and fills them where set', () => {
    const xml = toGraphml(graph);
    expect(xml).toContain('<key id="flag" for="node" attr.name="flag" attr.type="string"/>');
    expect(xml).toContain('<data key="flag">red</data>');
    expect(xml).toContain('<data key="flag">star</data>');
    expect(xml).toContain('Nominee director</data>');
  });

  it('writes flag and notes as GEXF attribute values', () => {
    const xml = toGexf(graph);
    expect(xml).toMatch(/<attribute id="[^"]*" title="flag" type="string"\/>/);
    expect(xml).toMatch(/<attvalue for="[^"]*" value="red"\/>/);
    expect(xml).toMatch(/<attvalue for="[^"]*" value="star"\/>/);
  });
});
