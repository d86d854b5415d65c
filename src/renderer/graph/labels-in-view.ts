/**
 * Labels by level of detail with the lean stylesheet (big graphs): node labels are drawn only for
 * the nodes in view, once zoomed in far enough to read them, and only while few enough are in view
 * (each label costs text layout on every redraw). Recomputed 200 ms after the view stops moving.
 */
import type { Core } from 'cytoscape';

/** Node labels are drawn from this zoom on (10 px text reads as 7 px)... */
export const LABEL_ZOOM = 0.7;
/** ...and only while at most this many nodes are in view. */
const MAX_LABELLED = 600;
const SETTLE_MS = 200;

export interface LabelsInView {
  /** The view moved: relabel once it settles. */
  schedule(): void;
  dispose(): void;
}

export function createLabelsInView(cy: Core, lean: () => boolean): LabelsInView {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const labelNodesInView = (): void => {
    timer = undefined;
    const labelled = cy.nodes('.labelled');
    if (!lean() || cy.zoom() < LABEL_ZOOM) {
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
  };
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(labelNodesInView, SETTLE_MS);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
