import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import type { NodePositions } from '../../shared/ipc/contract';
import { trackDrags } from './drag-history';

function canvasWithNodes() {
  const cy = cytoscape({ headless: true });
  ['a', 'b', 'c'].forEach((id, n) =>
    cy.add({ group: 'nodes', data: { id }, position: { x: n * 100, y: 0 } }),
  );
  const moves: NodePositions[] = [];
  const stop = trackDrags(cy, (before) => moves.push(before));
  return { cy, moves, stop };
}

/** Grabs a node, moves the given nodes by (10, 5), releases them all: what a drag does. */
async function drag(cy: cytoscape.Core, grabbed: string, moving: string[]): Promise<void> {
  cy.getElementById(grabbed).emit('grab');
  for (const id of moving) {
    const node = cy.getElementById(id);
    node.position({ x: node.position().x + 10, y: node.position().y + 5 });
  }
  for (const id of moving) {
    cy.getElementById(id).emit('free');
  }
  await Promise.resolve();
}

describe('drag history', () => {
  it('reports a drag of one node as one move with where it was', async () => {
    const { cy, moves } = canvasWithNodes();
    await drag(cy, 'b', ['b']);
    expect(moves).toEqual([{ b: { x: 100, y: 0 } }]);
  });

  it('reports a drag of a selection as one move of every selected node', async () => {
    const { cy, moves } = canvasWithNodes();
    cy.$('#a, #c').select();
    await drag(cy, 'a', ['a', 'c']);
    expect(moves).toEqual([{ a: { x: 0, y: 0 }, c: { x: 200, y: 0 } }]);
  });

  it('reports nothing for a click that did not move the node', async () => {
    const { cy, moves } = canvasWithNodes();
    await drag(cy, 'a', []);
    cy.getElementById('a').emit('free');
    await Promise.resolve();
    expect(moves).toEqual([]);
  });

  it('stops reporting once stopped', async () => {
    const { cy, moves, stop } = canvasWithNodes();
    stop();
    await drag(cy, 'a', ['a']);
    expect(moves).toEqual([]);
  });
});
