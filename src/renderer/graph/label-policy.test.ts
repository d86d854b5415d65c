import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { buildStylesheet } from './cy-style';
import { createLabelPolicy, labelRank, LOD_LABEL, overlaps, pickLabels, SEED_CLASS } from './label-policy';

const box = (x1: number, y1: number, x2: number, y2: number) => ({ x1, y1, x2, y2 });

describe('the label policy', () => {
  it('ranks seeds first, then organizations, domains, networks, collections and the rest', () => {
    const ranks = [
      labelRank({ seed: true, type: 'Location', collection: false }),
      labelRank({ seed: false, type: 'Organization', collection: false }),
      labelRank({ seed: false, type: 'DomainRecord', collection: false }),
      labelRank({ seed: false, type: 'AutonomousSystem', collection: false }),
      labelRank({ seed: false, type: 'Identifier', collection: true }),
      labelRank({ seed: false, type: 'Location', collection: false }),
    ];
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it('takes the more important of two overlapping labels and any label that overlaps none', () => {
    const picked = pickLabels([
      { id: 'location', box: box(0, 0, 100, 20), rank: 5, degree: 9 },
      { id: 'seed', box: box(50, 10, 150, 30), rank: 0, degree: 1 },
      { id: 'apart', box: box(400, 0, 500, 20), rank: 5, degree: 1 },
    ]);
    expect(picked.map((label) => label.id)).toEqual(['seed', 'apart']);
  });

  it('on a crowded canvas, labels the seed and leaves no two drawn labels overlapping', () => {
    const cy = cytoscape({ headless: true, styleEnabled: true, style: buildStylesheet('light') });
    cy.width = () => 800;
    cy.height = () => 600;
    cy.add(
      Array.from({ length: 200 }, (_, index) => ({
        group: 'nodes' as const,
        data: {
          id: `n${index}`,
          type: index % 2 === 0 ? 'Organization' : 'Location',
          label: `Node number ${index}`,
        },
        position: { x: (index % 20) * 40, y: Math.floor(index / 20) * 40 },
      })),
    );
    cy.viewport({ zoom: 1, pan: { x: 10, y: 10 } });
    const policy = createLabelPolicy(cy, () => true);
    policy.setSeeds(['n37']);
    expect(cy.getElementById('n37').hasClass(SEED_CLASS)).toBe(true);
    const labelled = cy.nodes(`.${LOD_LABEL}`);
    expect(labelled.length).toBeGreaterThan(5);
    expect(labelled.length).toBeLessThan(200);
    expect(labelled.map((node) => node.id())).toContain('n37');
    const boxes = labelled.map((node) =>
      node.renderedBoundingBox({ includeNodes: false, includeEdges: false, includeLabels: true }),
    );
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        expect(overlaps(a, b)).toBe(false);
      }
    }
  });

  it("places the selected node's label first: a better-ranked neighbour's that would overlap it is not drawn", () => {
    const cy = cytoscape({ headless: true, styleEnabled: true, style: buildStylesheet('light') });
    cy.width = () => 800;
    cy.height = () => 600;
    cy.add([
      {
        group: 'nodes',
        data: { id: 'company', type: 'Organization', label: 'Acme Holdings Limited' },
        position: { x: 200, y: 200 },
      },
      {
        group: 'nodes',
        data: { id: 'street', type: 'Location', label: 'Acme Street 12' },
        position: { x: 240, y: 200 },
      },
    ]);
    cy.viewport({ zoom: 1, pan: { x: 0, y: 0 } });
    const policy = createLabelPolicy(cy, () => true);
    policy.apply();
    expect(cy.nodes(`.${LOD_LABEL}`).map((node) => node.id())).toEqual(['company']);
    cy.getElementById('street').select();
    policy.apply();
    expect(cy.nodes(`.${LOD_LABEL}`).map((node) => node.id())).toEqual(['street']);
  });
});
