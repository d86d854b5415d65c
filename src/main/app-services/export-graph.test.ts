import { describe, expect, it } from 'vitest';
import type { GraphExport } from '../../shared/model/graph';
import { exportGraphFiles } from './export-graph';

const exported: GraphExport = {
  entities: [
    { id: 'Organization:a', type: 'Organization', asset: { unique_id: 'a', name: 'Acme' }, tags: [] },
  ],
  edges: [],
};
const graph = {
  exportJson: () => exported,
  getMeta: (key: string) => (key === 'name' ? 'My Case' : undefined),
  loadPositions: () => ({ 'Organization:a': { x: 3, y: 4 } }),
};

describe('the export:graph request', () => {
  it('puts the saved canvas position on every entity of the JSON export', () => {
    const [file] = exportGraphFiles(graph, 'case-1', 'json').files;
    expect(file?.name).toBe('my-case.json');
    expect(JSON.parse(file?.content ?? '{}')).toMatchObject({ entities: [{ position: { x: 3, y: 4 } }] });
  });

  it('serves GEXF with the positions', () => {
    const [file] = exportGraphFiles(graph, 'case-1', 'gexf').files;
    expect(file?.name).toBe('my-case.gexf');
    expect(file?.content).toContain('<viz:position x="3" y="-4" z="0"/>');
  });

  it('writes positions into GraphML as x and y', () => {
    const [file] = exportGraphFiles(graph, 'case-1', 'graphml').files;
    expect(file?.content).toContain('<data key="x">3</data>');
  });
});
