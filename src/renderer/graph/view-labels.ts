/**
 * Level of detail for node labels with the lean stylesheet (big graphs): labels are drawn only for
 * the nodes in view, once zoomed in far enough to read them and while few enough are in view.
 * Every label costs text measuring and drawing per element on each redraw.
 */
import type { Core } from 'cytoscape';

/** Node labels are drawn from this zoom on (10 px text reads as 7 px)... */
export const LABEL_ZOOM = 0.7;
/** ...and only while at most this many nodes are in view. */
export const MAX_LABELLED = 600;

/** Gives the `labelled` class to the nodes in view when they are few and near enough, else to none. */
export function labelNodesInView(cy: Core, large: boolean): void {
  const labelled = cy.nodes('.labelled');
  if (!large || cy.zoom() < LABEL_ZOOM) {
    labelled.removeClass('labelled');
    return;
  }
  const extent = cy.extent();
  const inView = cy.nodes().filter((node) => {
    const { x, y } = node.position();
    return x >= extent.x1 && x <= extent.x2 && y >= extent.y1 && y <= extent.y2;
  });
  if (inView.length > MAX_LABELLED) {
    labelled.removeClass('labelled');
    return;
  }
  cy.batch(() => {
    labelled.difference(inView).removeClass('labelled');
    inView.addClass('labelled');
  });
}
