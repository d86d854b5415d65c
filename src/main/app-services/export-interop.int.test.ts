/**
 * The exports as other tools read them: the CSVs in Python's csv module (one column per field,
 * every row as wide as its header), GraphML and GEXF in networkx (type colours, edge labels and
 * weights). Uses Debian's python3-networkx under /usr/bin/python3; skipped with a line saying so
 * where it is missing, except under CI=true, where it fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GraphExport } from '../../shared/model/graph';
import { edgesCsv, nodesCsv } from './export-csv';
import { toGexf, toGraphml } from './export-formats';

const PYTHON = '/usr/bin/python3';
const haveNetworkx = spawnSync(PYTHON, ['-c', 'import networkx'], { stdio: 'ignore' }).status === 0;
if (!haveNetworkx && process.env.CI !== 'true') {
  console.warn(
    `export interop tests skipped: ${PYTHON} cannot import networkx (apt-get install python3-networkx)`,
  );
}

const AT = '2026-01-01T00:00:00.000Z';
const graph: GraphExport = {
  entities: [
    {
      id: 'Organization:acme',
      type: 'Organization',
      // A list-valued field (as some sources write) goes into one cell as JSON.
      asset: {
        unique_id: 'acme',
        name: 'Acme, "Ltd"\nHoldings',
        industry: ['banking', 'insurance'],
      } as unknown as {
        unique_id: string;
        name: string;
      },
      tags: [],
    },
    {
      id: 'Organization:evil',
      type: 'Organization',
      asset: { unique_id: 'evil', name: '\u200b\uff1d1+1' },
      tags: [],
    },
    { id: 'DomainRecord:acme.example', type: 'DomainRecord', asset: { domain: 'acme.example' }, tags: [] },
  ],
  edges: [
    {
      id: 'e1',
      from: 'Organization:acme',
      to: 'DomainRecord:acme.example',
      relation: 'registrant',
      sources: [{ name: 'RDAP', confidence: 90, createdAt: AT, updatedAt: AT }],
      properties: {},
      createdAt: AT,
      updatedAt: AT,
    },
    {
      id: 'e2',
      from: 'Organization:evil',
      to: 'Organization:acme',
      relation: 'subsidiary',
      sources: [{ name: 'GLEIF', confidence: 100, createdAt: AT, updatedAt: AT }],
      properties: {},
      createdAt: AT,
      updatedAt: AT,
    },
  ],
};

const READER = String.raw`
import csv, json, sys
import networkx as nx
folder = sys.argv[1]
out = {}
for name in ('nodes', 'edges'):
    with open(f'{folder}/{name}.csv', newline='', encoding='utf-8') as handle:
        rows = list(csv.reader(handle))
    header, body = rows[0], rows[1:]
    out[name] = {'header': header, 'widths': sorted({len(row) for row in body}), 'rows': [dict(zip(header, row)) for row in body]}
g = nx.read_graphml(f'{folder}/graph.graphml')
out['graphml'] = {
    'nodes': {n: {k: g.nodes[n].get(k) for k in ('r', 'g', 'b', 'label', 'type')} for n in g.nodes},
    'edges': [{'label': d.get('label'), 'weight': d.get('weight')} for _, _, d in g.edges(data=True)],
}
x = nx.read_gexf(f'{folder}/graph.gexf')
out['gexf'] = {
    'nodes': {n: {'color': x.nodes[n].get('viz', {}).get('color'), 'label': x.nodes[n].get('label')} for n in x.nodes},
    'edges': [{'label': d.get('label'), 'weight': d.get('weight')} for _, _, d in x.edges(data=True)],
}
print(json.dumps(out))
`;

interface Read {
  nodes: { header: string[]; widths: number[]; rows: Record<string, string>[] };
  edges: { header: string[]; widths: number[]; rows: Record<string, string>[] };
  graphml: { nodes: Record<string, Record<string, unknown>>; edges: { label: string; weight: number }[] };
  gexf: {
    nodes: Record<string, { color: Record<string, number>; label: string }>;
    edges: { label: string; weight: number }[];
  };
}

describe.skipIf(!haveNetworkx && process.env.CI !== 'true')('exports read by Python', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'trace-graph-interop-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const read = (): Read => {
    writeFileSync(path.join(folder, 'nodes.csv'), nodesCsv(graph));
    writeFileSync(path.join(folder, 'edges.csv'), edgesCsv(graph));
    writeFileSync(path.join(folder, 'graph.graphml'), toGraphml(graph));
    writeFileSync(path.join(folder, 'graph.gexf'), toGexf(graph));
    const run = spawnSync(PYTHON, ['-c', READER, folder], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as Read;
  };

  it('reads the nodes and edges CSVs in the csv module with one column per field', () => {
    const { nodes, edges } = read();
    expect(nodes.widths).toEqual([nodes.header.length]);
    expect(nodes.header).toEqual(
      expect.arrayContaining(['id', 'type', 'label', 'name', 'industry', 'domain']),
    );
    const acme = nodes.rows.find((row) => row.id === 'Organization:acme');
    expect(acme?.name).toBe('Acme, "Ltd"\nHoldings');
    expect(acme?.industry).toBe('["banking","insurance"]');
    expect(nodes.rows.find((row) => row.id === 'Organization:evil')?.name).toBe("'\u200b\uff1d1+1");
    expect(edges.widths).toEqual([edges.header.length]);
    expect(edges.rows[0]).toMatchObject({
      from_name: 'Acme, "Ltd"\nHoldings',
      relation: 'registrant',
      to_name: 'acme.example',
      confidence: '90',
    });
  });

  it('reads GraphML in networkx with type colours, edge labels and weights', () => {
    const { graphml } = read();
    expect(graphml.nodes['Organization:acme']).toMatchObject({ r: 59, g: 111, b: 212, type: 'Organization' });
    expect(graphml.nodes['DomainRecord:acme.example']).toMatchObject({ r: 31, g: 143, b: 163 });
    expect(graphml.edges).toEqual(
      expect.arrayContaining([
        { label: 'registrant', weight: 0.9 },
        { label: 'subsidiary', weight: 1 },
      ]),
    );
  });

  it('reads GEXF in networkx with viz colours, edge labels and weights', () => {
    const { gexf } = read();
    expect(gexf.nodes['Organization:acme']?.color).toMatchObject({ r: 59, g: 111, b: 212 });
    expect(gexf.nodes['Organization:acme']?.label).toBe('Acme, "Ltd"\nHoldings');
    expect(gexf.edges).toEqual(
      expect.arrayContaining([
        { label: 'registrant', weight: 0.9 },
        { label: 'subsidiary', weight: 1 },
      ]),
    );
  });
});
