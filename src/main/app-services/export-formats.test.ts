import { describe, expect, it } from 'vitest';
import type { GraphExport } from '../../shared/model/graph';
import { toGexf, toGraphml, withPositions } from './export-formats';

const HOSTILE = '<img src=x onerror="alert(1)">Acme, "Ltd"';

const FIRST = '2026-01-01T00:00:00.000Z';
const LAST = '2026-02-01T00:00:00.000Z';
const seen = { createdAt: FIRST, updatedAt: LAST };

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
        { name: 'GLEIF', confidence: 100, ...seen },
        { name: 'CompanyData', confidence: 80, createdAt: LAST, updatedAt: LAST },
      ],
      properties: {},
      ...seen,
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
    expect(xml).not.toContain('key="asset"');
    expect(xml).toContain('<data key="confidence">100</data>');
  });

  it('writes when each edge was first seen and last confirmed', () => {
    const xml = toGraphml(graph);
    expect(xml).toContain(`<data key="first_seen">${FIRST}</data>`);
    expect(xml).toContain(`<data key="last_confirmed">${LAST}</data>`);
  });
});

describe('colours, edge labels and weights', () => {
  it('gives each GraphML node its type colour as r, g, b and #rrggbb, and each edge a label and weight', () => {
    const xml = toGraphml(graph);
    expect(xml).toContain('<key id="r" for="node" attr.name="r" attr.type="int"/>');
    // Organization is #3b6fd4.
    expect(xml).toMatch(
      /<node id="Organization:acme">[^]*?<data key="r">59<\/data>\s*<data key="g">111<\/data>\s*<data key="b">212<\/data>\s*<data key="color">#3b6fd4<\/data>/,
    );
    expect(xml).toContain('<data key="label">id</data>');
    expect(xml).toContain('<data key="weight">1</data>');
  });

  it('gives each GEXF node its type colour as viz:color', () => {
    expect(toGexf(graph)).toMatch(/<node id="Organization:acme"[^]*?<viz:color r="59" g="111" b="212"\/>/);
  });
});

describe('GraphML typed attributes', () => {
  const typed: GraphExport = {
    entities: [
      { id: 'AutonomousSystem:1', type: 'AutonomousSystem', asset: { number: 13335 }, tags: [] },
      {
        id: 'IPNetRecord:x',
        type: 'IPNetRecord',
        asset: {
          cidr: '10.0.0.0/8',
          handle: 'NET-1',
          start_address: '10.0.0.0',
          end_address: '10.255.255.255',
          type: 'IPv4',
          name: 'TEN',
          created_date: '',
          updated_date: '',
          status: ['active'],
        },
        tags: [],
      },
    ],
    edges: [
      {
        id: 'e1',
        from: 'AutonomousSystem:1',
        to: 'IPNetRecord:x',
        relation: 'announces',
        sources: [{ name: 'RDAP', confidence: 90, ...seen }],
        properties: { score: 0.93, match_type: 'exact' },
        ...seen,
      },
    ],
  };

  it('declares one attribute per asset field, numbers as numbers and lists as text', () => {
    const xml = toGraphml(typed);
    expect(xml).toContain('attr.name="number" attr.type="int"');
    expect(xml).toContain('attr.name="cidr" attr.type="string"');
    expect(xml).toContain('<data key="n_status">[&quot;active&quot;]</data>');
  });

  it('renames an asset field that clashes with the node type column', () => {
    expect(toGraphml(typed)).toContain('attr.name="asset_type" attr.type="string"');
  });

  it('writes edge properties as typed attributes', () => {
    const xml = toGraphml(typed);
    expect(xml).toContain('attr.name="score" attr.type="double"');
    expect(xml).toContain('<data key="e_score">0.93</data>');
  });

  it('writes the canvas position as x and y, and none for an entity never drawn', () => {
    const xml = toGraphml(typed, { 'AutonomousSystem:1': { x: 12.5, y: -3 } });
    expect(xml).toContain('<data key="x">12.5</data>');
    expect(xml).toContain('<data key="y">-3</data>');
    expect(xml.match(/<data key="x">/g)).toHaveLength(1);
  });
});

describe('GEXF export', () => {
  it('writes nodes with label, typed attribute values and viz position', () => {
    const xml = toGexf(graph, { 'Organization:acme': { x: 1, y: 2 } });
    expect(xml).toContain('<gexf xmlns="http://www.gexf.net/1.2draft"');
    expect(xml).toContain('<viz:position x="1" y="-2" z="0"/>');
    expect(xml.match(/<node /g)).toHaveLength(3);
    expect(xml).toContain('title="confidence" type="integer"');
    expect(xml).not.toContain('<img');
  });

  it('labels each edge with its relation', () => {
    expect(toGexf(graph)).toContain('label="id" weight="1">');
  });

  it('writes when each edge was first seen and last confirmed as edge attributes', () => {
    const xml = toGexf(graph);
    expect(xml).toContain('title="first_seen" type="string"');
    expect(xml).toContain(`<attvalue for="e_last_confirmed" value="${LAST}"/>`);
  });
});

describe('JSON export positions', () => {
  it('adds position to every entity that has one and leaves the others as they are', () => {
    const exported = withPositions(graph, { 'Organization:acme': { x: 5, y: 6 } });
    expect(exported.entities[0]).toMatchObject({ position: { x: 5, y: 6 } });
    expect(exported.entities[1]).not.toHaveProperty('position');
  });
});
