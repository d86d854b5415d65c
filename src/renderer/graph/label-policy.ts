/**
 * Which node labels are drawn (level of detail by importance): at any zoom, the labels of the
 * nodes in view are taken in order of importance (the case's seeds, then Organizations, domains,
 * AS and networks, collections, then the rest; within a rank the best connected first) and each is
 * drawn only if its box does not overlap a label already taken and lies inside the view. So at Fit the seeds and the main
 * companies are named and nothing overlaps; zooming in makes room for more. Labels are drawn at a
 * readable size on screen whatever the zoom (LABEL_PX), up to MAX_LABELS per view.
 * Recomputed SETTLE_MS after the view or the graph stops changing; `node.lod-label` is the class
 * the stylesheet draws labels for.
 */
import { elementPool, nodesWithClass } from './element-pool';
import type { Core, NodeSingular } from 'cytoscape';
import type { AssetType } from '../../shared/model/asset';
import { PATH_CLASS } from './paths';

export const LOD_LABEL = 'lod-label';
/** Below this zoom a big graph is drawn by the overview layer (overview/thresholds.ts), without labels. */
export const LABEL_ZOOM = 0.7;
export const SEED_CLASS = 'seed';
/** Rendered label text size in pixels at every zoom out (zoomed in beyond it, 10 model units). */
export const LABEL_PX = 11;
const MAX_LABELS = 250;
const SETTLE_MS = 150;
/** Room kept around each label box, in pixels. */
const LABEL_GAP = 3;

const RANK_BY_TYPE: Partial<Record<AssetType, number>> = {
  Organization: 1,
  DomainRecord: 2,
  FQDN: 2,
  AutonomousSystem: 3,
  AutnumRecord: 3,
  Netblock: 3,
  IPNetRecord: 3,
};
const COLLECTION_RANK = 4;
const OTHER_RANK = 5;

/** Lower is more important. */
export function labelRank(node: { seed: boolean; type: AssetType | undefined; collection: boolean }): number {
  if (node.seed) {
    return 0;
  }
  if (node.collection) {
    return COLLECTION_RANK;
  }
  return (node.type === undefined ? undefined : RANK_BY_TYPE[node.type]) ?? OTHER_RANK;
}

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
}

/** The model font size that draws LABEL_PX on screen at this zoom. */
export function labelSizeAt(zoom: number): number {
  return Math.max(10, LABEL_PX / Math.max(zoom, 0.0001));
}

/**
 * Where a label would be drawn on screen (below its node, centred), with LABEL_GAP around it: an
 * estimate from its length (Cytoscape measures the text only when it draws it).
 */
export function labelBoxOf(
  node: { x: number; y: number; halfHeight: number; text: string },
  zoom: number,
): Box {
  const px = labelSizeAt(zoom) * zoom;
  const width = node.text.length * px * 0.62 + 4;
  const top = node.y + node.halfHeight + 4 * zoom;
  return {
    x1: node.x - width / 2 - LABEL_GAP,
    x2: node.x + width / 2 + LABEL_GAP,
    y1: top - LABEL_GAP,
    y2: top + px * 1.3 + LABEL_GAP,
  };
}

/** Picks labels in rank order, each only if it overlaps none picked before. */
export function pickLabels<T extends { box: Box; rank: number; degree: number }>(
  candidates: readonly T[],
  limit = MAX_LABELS,
): T[] {
  const ordered = [...candidates].sort((a, b) => a.rank - b.rank || b.degree - a.degree);
  const picked: T[] = [];
  for (const candidate of ordered) {
    if (picked.length >= limit) {
      break;
    }
    if (!picked.some((other) => overlaps(other.box, candidate.box))) {
      picked.push(candidate);
    }
  }
  return picked;
}

export interface LabelPolicy {
  /** The view or the graph changed: relabel once it settles. */
  schedule(): void;
  /** Relabel now (tests, and right after a fit). */
  apply(): void;
  /** The case's seeds (marked, and labelled first). */
  setSeeds(ids: readonly string[]): void;
  /** Marks the seeds among nodes drawn since (a seed drawn after its id was known). */
  markSeeds(): void;
  dispose(): void;
}

type Candidate = { node: NodeSingular; box: Box; rank: number; degree: number };

function candidatesInView(cy: Core): Candidate[] {
  const view = { zoom: cy.zoom(), pan: cy.pan(), width: cy.width(), height: cy.height() };
  const result: Candidate[] = [];
  // Over the element pool: `cy.nodes()` builds a collection of every node first (element-pool.ts).
  const pool = elementPool(cy);
  for (let index = 0; index < pool.length; index += 1) {
    const node = pool[index];
    if (node?.isNode() === true && !node.hasClass('filtered') && !node.hasClass('folded')) {
      const candidate = candidateOf(node, view);
      if (candidate !== undefined) {
        result.push(candidate);
      }
    }
  }
  return result;
}

/**
 * The selection, search hits and a route's nodes are labelled by the stylesheet whatever the
 * policy picks (cy-style.ts): their labels are placed first, so that no other is drawn over them.
 */
const MARKED_RANK = -1;
const alwaysLabelled = (node: NodeSingular): boolean =>
  node.selected() || node.hasClass('search-hit') || node.hasClass(PATH_CLASS);

/** A visible node's label where it would be drawn; undefined when it has none or would be cut off. */
function candidateOf(
  node: NodeSingular,
  {
    zoom,
    pan,
    width,
    height,
  }: { zoom: number; pan: { x: number; y: number }; width: number; height: number },
): Candidate | undefined {
  const at = node.position();
  const x = at.x * zoom + pan.x;
  const y = at.y * zoom + pan.y;
  if (x < 0 || y < 0 || x > width || y > height) {
    return undefined;
  }
  const text = String(node.data('label') ?? '');
  if (text === '') {
    return undefined;
  }
  const collection = node.hasClass('collection');
  const box = labelBoxOf({ x, y, halfHeight: ((collection ? 46 : 34) / 2) * zoom, text }, zoom);
  // A label the view would cut off is not drawn (zoom or pan to read it).
  if (box.x1 < 0 || box.x2 > width || box.y2 > height) {
    return undefined;
  }
  return {
    node,
    box,
    rank: alwaysLabelled(node)
      ? MARKED_RANK
      : labelRank({
          seed: node.hasClass(SEED_CLASS),
          type: node.data('type') as AssetType | undefined,
          collection,
        }),
    degree: node.degree(false),
  };
}

/**
 * Takes the label off a picked node whose box, as Cytoscape measures the drawn text, overlaps the
 * box of a better-ranked one: the estimate of `labelBoxOf` is short for wide glyphs and long names.
 * `picked` is in rank order.
 */
function dropMeasuredOverlaps(cy: Core, picked: readonly NodeSingular[]): void {
  const kept: Box[] = [];
  const dropped = cy.collection();
  for (const node of picked) {
    const measured = node.renderedBoundingBox({
      includeNodes: false,
      includeEdges: false,
      includeLabels: true,
    });
    const box = { x1: measured.x1, y1: measured.y1, x2: measured.x2, y2: measured.y2 };
    if (kept.some((other) => overlaps(other, box))) {
      dropped.merge(node);
    } else {
      kept.push(box);
    }
  }
  dropped.removeClass(LOD_LABEL);
}

/**
 * Keeps `node.lod-label` on the labels to draw. `active()` false (a big graph zoomed out, drawn by
 * the overview layer) takes every label away. Publishes `data-label-boxes` on `dataset` (the
 * drawn labels' boxes as Cytoscape computes them, for the end-to-end test) when asked to.
 */
export function createLabelPolicy(
  cy: Core,
  active: () => boolean,
  onApplied: () => void = () => undefined,
): LabelPolicy {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seeds = new Set<string>();
  const apply = (): void => {
    clearTimeout(timer);
    timer = undefined;
    // Found over the element pool: a selector over 30,000 nodes was 0.1 s (element-pool.ts).
    const before = cy.collection();
    for (const node of nodesWithClass(cy, LOD_LABEL)) {
      before.merge(node);
    }
    if (!active()) {
      before.removeClass(LOD_LABEL);
      onApplied();
      return;
    }
    const picked = pickLabels(candidatesInView(cy)).map((candidate) => candidate.node);
    const size = labelSizeAt(cy.zoom());
    cy.batch(() => {
      const chosen = cy.collection();
      for (const node of picked) {
        chosen.merge(node);
      }
      before.difference(chosen).removeClass(LOD_LABEL);
      chosen.forEach((node) => {
        if (node.data('labelSize') !== size) {
          node.data('labelSize', size);
        }
      });
      chosen.addClass(LOD_LABEL);
    });
    dropMeasuredOverlaps(cy, picked);
    onApplied();
  };
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(apply, SETTLE_MS);
    },
    apply,
    setSeeds(ids) {
      const next = new Set(ids);
      cy.batch(() => {
        for (const id of seeds) {
          if (!next.has(id)) {
            cy.getElementById(id).removeClass(SEED_CLASS);
          }
        }
        for (const id of next) {
          cy.getElementById(id).addClass(SEED_CLASS);
        }
      });
      seeds = next;
      apply();
    },
    markSeeds() {
      cy.batch(() => {
        for (const id of seeds) {
          cy.getElementById(id).addClass(SEED_CLASS);
        }
      });
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}

/** The drawn labels' boxes in rendered pixels, as Cytoscape lays them out (tests read them). */
export function drawnLabelBoxes(cy: Core): { id: string; box: Box }[] {
  return nodesWithClass(cy, LOD_LABEL)
    .filter((node) => !node.hasClass('filtered') && !node.hasClass('folded'))
    .map((node) => {
      const box = node.renderedBoundingBox({ includeNodes: false, includeEdges: false, includeLabels: true });
      return { id: node.id(), box: { x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2 } };
    });
}
