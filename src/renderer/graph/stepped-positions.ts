/**
 * A big layout's positions applied a slice per task (issue 23: no main-thread task over 200 ms
 * while a case opens). The opening layout of a 30,000-entity case written without positions
 * moved every node in one task (0.8 s) and Cytoscape's next frame measured every edge again
 * (0.7 s). Here the overview first shows the graph as it will be (the elements' own looks, at
 * their laid-out positions, the camera fitted to them), then each step moves the next nodes and
 * brings Cytoscape's rendered style of what moved up to date (`flushRenderedStyle`), sized by
 * the last step's cost; when all are in, the preview ends. Zoomed in past the overview, Cytoscape
 * draws the nodes as they move, as it would anyway.
 */
import type { Core } from 'cytoscape';
import type { CyAdapter } from './cy-adapter';
import type { LayoutPositions } from './layouts/types';
import type { FactsReading } from './overview/element-facts';
import { readElementFactsInSlices } from './overview/element-facts';
import type { OverviewLayer } from './overview/overview-layer';
import { flushRenderedStyle } from './overview/overview-layer';

/** Layouts of more nodes than this are applied in steps. */
export const STEPPED_POSITIONS_ABOVE = 2_000;
/** Work per step, in milliseconds (as the snapshot loader's steps). */
const STEP_MS = 40;
/**
 * Nodes moved by the first step, before any cost is measured (1,000 were 0.16 s at 30,000: moving
 * a node and measuring its edges again is about 0.1 ms in Cytoscape there).
 */
const FIRST_STEP = 250;

export interface SteppedPositionsDeps {
  cy: Core;
  adapter: Pick<CyAdapter, 'applyPositions'>;
  overview: Pick<OverviewLayer, 'preview' | 'endPreview'>;
  /** Runs the next step in a task of its own, after a frame. */
  schedule: (work: () => void) => void;
  now: () => number;
  /** Fits the camera to where the nodes are going. */
  fitTo: (positions: LayoutPositions) => void;
}

export interface SteppedPositions {
  cancel(): void;
}

export function applyPositionsInSteps(
  deps: SteppedPositionsDeps,
  positions: LayoutPositions,
  done: () => void,
): SteppedPositions {
  const ids = Object.keys(positions);
  let next = 0;
  let size = FIRST_STEP;
  let cancelled = false;
  let reading: FactsReading | undefined;
  const step = (): void => {
    if (cancelled) {
      return;
    }
    const start = deps.now();
    const chunk: LayoutPositions = {};
    for (const id of ids.slice(next, next + size)) {
      const at = positions[id];
      if (at !== undefined) {
        chunk[id] = at;
      }
    }
    deps.adapter.applyPositions(chunk);
    flushRenderedStyle(deps.cy);
    next += size;
    const took = Math.max(1, deps.now() - start);
    // Growing at most twofold a step (as the snapshot loader's steps).
    size = Math.max(100, Math.min(size * 2, Math.round((size * STEP_MS) / took)));
    if (next < ids.length) {
      deps.schedule(step);
      return;
    }
    deps.overview.endPreview();
    done();
  };
  // The preview: the elements' facts (their looks and marks) at their laid-out positions.
  reading = readElementFactsInSlices(
    deps.cy,
    { schedule: deps.schedule, now: deps.now, budgetMs: STEP_MS },
    (facts) => {
      reading = undefined;
      for (const node of facts.nodes) {
        const at = positions[node.id];
        if (at !== undefined) {
          node.x = at.x;
          node.y = at.y;
        }
      }
      // The camera, then the preview's scene (built and drawn), each in a task of its own.
      deps.schedule(() => {
        if (!cancelled) {
          deps.fitTo(positions);
          deps.schedule(() => {
            if (!cancelled) {
              deps.overview.preview(facts);
              deps.schedule(step);
            }
          });
        }
      });
    },
  );
  return {
    cancel: () => {
      cancelled = true;
      reading?.cancel();
      deps.overview.endPreview();
    },
  };
}
