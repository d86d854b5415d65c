import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import type { CyAdapter } from './cy-adapter';
import type { LayoutPositions } from './layouts/types';
import type { PreviewFacts } from './overview/overview-preview';
import { applyPositionsInSteps } from './stepped-positions';

/** A chain of nodes at the origin; the layout puts node i at (i, 2i). */
function setUp(count: number) {
  const cy = cytoscape({ headless: true, styleEnabled: true });
  for (let index = 0; index < count; index += 1) {
    cy.add({ group: 'nodes', data: { id: `n${index}`, type: 'Organization' }, position: { x: 0, y: 0 } });
    if (index > 0) {
      cy.add({ group: 'edges', data: { id: `e${index}`, source: `n${index - 1}`, target: `n${index}` } });
    }
  }
  const laidOut: LayoutPositions = {};
  for (let index = 0; index < count; index += 1) {
    laidOut[`n${index}`] = { x: index, y: 2 * index };
  }
  const tasks: (() => void)[] = [];
  const events: string[] = [];
  const moves: number[] = [];
  let previewed: PreviewFacts | undefined;
  const adapter = {
    applyPositions: (positions: LayoutPositions) => {
      moves.push(Object.keys(positions).length);
      // Moving a node costs 0.05 ms: a step of the 40 ms budget moves 800.
      clock += Object.keys(positions).length * 0.05;
      cy.batch(() => {
        for (const [id, at] of Object.entries(positions)) cy.getElementById(id).position(at);
      });
    },
  } as unknown as CyAdapter;
  let clock = 0;
  const deps = {
    cy,
    adapter,
    overview: {
      preview: (facts: PreviewFacts) => {
        previewed = facts;
        events.push(`preview with ${moves.length} moves done`);
      },
      endPreview: () => events.push('end preview'),
    },
    schedule: (work: () => void) => tasks.push(work),
    now: () => clock,
    fitTo: () => events.push('fit'),
  };
  const runAll = (): number => {
    let ran = 0;
    while (tasks.length > 0) {
      tasks.shift()?.();
      ran += 1;
    }
    return ran;
  };
  return { cy, laidOut, deps, events, moves, runAll, previewed: () => previewed };
}

describe('a big layout applied in steps', () => {
  it('previews the laid-out graph, then moves every node over several tasks, then ends the preview', () => {
    const { cy, laidOut, deps, events, moves, runAll, previewed } = setUp(3_000);
    let done = 0;
    applyPositionsInSteps(deps, laidOut, () => {
      done += 1;
      events.push('done');
    });
    runAll();
    expect(moves.length).toBeGreaterThan(2);
    expect(moves.reduce((sum, moved) => sum + moved, 0)).toBe(3_000);
    expect(cy.getElementById('n2999').position()).toEqual({ x: 2999, y: 5998 });
    expect(previewed()?.nodes.find((node) => node.id === 'n42')).toMatchObject({ x: 42, y: 84 });
    expect(events).toEqual(['fit', 'preview with 0 moves done', 'end preview', 'done']);
    expect(done).toBe(1);
    cy.destroy();
  });

  it('moves nothing more once cancelled', () => {
    const { cy, laidOut, deps, moves, runAll } = setUp(3_000);
    let done = false;
    const steps = applyPositionsInSteps(deps, laidOut, () => (done = true));
    steps.cancel();
    runAll();
    expect({ moves, done }).toEqual({ moves: [], done: false });
    cy.destroy();
  });
});
