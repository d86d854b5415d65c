/**
 * Reports every drag of nodes on the canvas as one move, with where the moved nodes were before
 * it, for the action history (undo: "Move back"). Dragging a selected node drags the whole
 * selection, so the positions of the selection are taken when the grab starts, and one move is
 * reported once every grabbed node is released (Cytoscape frees each node separately).
 */
import type { Core, NodeSingular } from 'cytoscape';
import type { NodePositions } from '../../shared/ipc/contract';

export function trackDrags(cy: Core, onMoved: (before: NodePositions) => void): () => void {
  let grabbed: NodePositions | undefined;
  let reportQueued = false;

  const onGrab = (event: { target: NodeSingular }): void => {
    const node = event.target;
    const moving = node.selected() ? cy.nodes(':selected').union(node) : node;
    const before = grabbed ?? {};
    grabbed = before;
    moving.forEach((each) => {
      const { x, y } = each.position();
      before[each.id()] ??= { x, y };
    });
  };

  const report = (): void => {
    reportQueued = false;
    const before = grabbed ?? {};
    grabbed = undefined;
    const moved: NodePositions = {};
    for (const [id, position] of Object.entries(before)) {
      const node = cy.getElementById(id);
      const now = node.nonempty() ? node.position() : position;
      if (now.x !== position.x || now.y !== position.y) {
        moved[id] = position;
      }
    }
    if (Object.keys(moved).length > 0) {
      onMoved(moved);
    }
  };

  const onFree = (): void => {
    if (grabbed !== undefined && !reportQueued) {
      reportQueued = true;
      queueMicrotask(report);
    }
  };

  cy.on('grab', 'node', onGrab);
  cy.on('free', 'node', onFree);
  return () => {
    cy.removeListener('grab', 'node', onGrab);
    cy.removeListener('free', 'node', onFree);
  };
}
