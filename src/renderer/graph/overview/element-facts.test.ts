import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { elementFacts, readElementFactsInSlices } from './element-facts';

function tree(count: number): cytoscape.Core {
  const cy = cytoscape({ headless: true, styleEnabled: true });
  for (let index = 0; index < count; index += 1) {
    cy.add({
      group: 'nodes',
      data: {
        id: `n${index}`,
        type: index % 2 === 0 ? 'Organization' : 'Domain',
        ...(index === 3 ? { flag: 'red' } : {}),
      },
      position: { x: index, y: -index },
      classes: index % 5 === 0 ? 'filtered' : '',
    });
    if (index > 0) {
      const review = index % 7 === 0 ? { review: 'pending', label: 'candidate · 70' } : {};
      cy.add({
        group: 'edges',
        data: { id: `e${index}`, source: `n${index >> 1}`, target: `n${index}`, ...review },
      });
    }
  }
  return cy;
}

/** Runs the queued slices one by one; how many ran. */
function runSlices(tasks: (() => void)[]): number {
  let ran = 0;
  while (tasks.length > 0) {
    tasks.shift()?.();
    ran += 1;
  }
  return ran;
}

describe("the overview's facts of Cytoscape's elements", () => {
  it('read a slice per task are the facts read at once', () => {
    const cy = tree(1_500);
    const tasks: (() => void)[] = [];
    let clock = 0;
    let read: ReturnType<typeof elementFacts> | undefined;
    readElementFactsInSlices(
      cy,
      { schedule: (work) => tasks.push(work), now: () => (clock += 1), budgetMs: 2 },
      (facts) => {
        read = facts;
      },
    );
    expect(runSlices(tasks)).toBeGreaterThan(3);
    expect(read).toEqual(elementFacts(cy));
    expect(read?.nodes.filter((node) => node.hidden)).toHaveLength(300);
    expect(read?.edges.filter((edge) => edge.pending).map((edge) => edge.label)).toContain('candidate · 70');
    cy.destroy();
  });

  it('leave out an element removed while they are read', () => {
    const cy = tree(600);
    const tasks: (() => void)[] = [];
    let read: ReturnType<typeof elementFacts> | undefined;
    readElementFactsInSlices(
      cy,
      { schedule: (work) => tasks.push(work), now: () => 0, budgetMs: 10 },
      (facts) => {
        read = facts;
      },
    );
    cy.getElementById('n599').remove();
    runSlices(tasks);
    expect(read?.nodes.map((node) => node.id)).not.toContain('n599');
    expect(read?.nodes).toHaveLength(599);
    cy.destroy();
  });
});
