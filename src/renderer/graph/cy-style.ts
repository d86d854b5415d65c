/** The Cytoscape stylesheet for light and dark themes: nodes by asset type, edges labelled by relation. */
import { annotationRules } from './annotation-look';
import type { StylesheetJson } from 'cytoscape';
import { ASSET_TYPES } from '../../shared/model/asset';
import { ASSET_LOOKS, iconDataUri } from './asset-style';
import { LOD_LABEL, SEED_CLASS } from './label-policy';
import { CANDIDATE_NODE, REJECTED_NODE } from './review-look';

export type Theme = 'light' | 'dark';

/**
 * Above this many nodes the canvas draws the lean look: no type icons, straight-line (haystack)
 * edges without arrows or labels, node labels only where the label policy puts them (`.lod-label`,
 * the selection). Every style property costs per element on each restyle and redraw; at 10,000
 * nodes the full look took twice as long to draw.
 *
 * Two ways to the lean look. A case opened big gets the lean stylesheet, chosen before its
 * elements exist (its few properties make the first style pass cheap). A graph that grows big
 * while streaming keeps the full stylesheet, whose LEAN_CLASS rules override it: the canvas gives
 * the class to new elements as they are added and to the ones already drawn a slice per frame
 * (lean-switch.ts). Swapping the stylesheet there restyled every element in one task: 146 ms at
 * the 1,500th node of a streaming run, its longest task.
 */
export const LARGE_GRAPH_NODES = 1_500;
export const LEAN_CLASS = 'lean';

export function isLargeGraph(nodeCount: number): boolean {
  return nodeCount > LARGE_GRAPH_NODES;
}

/** The theme's colours, shared by the stylesheet and the overview layer (overview/). */
export interface ThemeColors {
  text: string;
  outline: string;
  edge: string;
  accent: string;
}

export function themeColors(theme: Theme): ThemeColors {
  return theme === 'dark'
    ? { text: '#e6e9ef', outline: '#11151c', edge: '#66718a', accent: '#ffd166' }
    : { text: '#1d2330', outline: '#ffffff', edge: '#9aa3b5', accent: '#e07a00' };
}

/** Marks drawn as a node's ring; the overview layer draws the same ones (overview/overview-scene.ts). */
export const MARK_COLORS = { searchHit: '#f2b705', failed: '#d93025', path: '#8e44ec' } as const;

export function buildStylesheet(theme: Theme, leanSheet = false): StylesheetJson {
  const { text, outline, edge, accent } = themeColors(theme);
  // Node labels are drawn where the label policy (label-policy.ts) puts LOD_LABEL, at a size that
  // reads the same on screen at every zoom out; the selection and search hits are always labelled.
  const nodeLabel = {
    label: 'data(label)',
    'font-size': 10,
    color: text,
    'text-valign': 'bottom',
    'text-margin-y': 4,
    'text-outline-color': outline,
    'text-outline-width': 2,
    'min-zoomed-font-size': 7,
  } as const;
  // Haystack edges are single lines: no control points, arrows or label boxes to compute.
  const leanEdge = { width: 1, 'curve-style': 'haystack', 'haystack-radius': 0 } as const;
  return [
    {
      selector: 'node',
      style: leanSheet
        ? { width: 34, height: 34 }
        : { width: 34, height: 34, ...nodeLabel, label: '', 'background-fit': 'contain', 'border-width': 0 },
    },
    ...ASSET_TYPES.map((type) => ({
      selector: `node[type = "${type}"]`,
      style: {
        'background-color': ASSET_LOOKS[type].color,
        shape: ASSET_LOOKS[type].shape,
        ...(leanSheet ? {} : { 'background-image': iconDataUri(type) }),
      },
    })),
    {
      selector: 'edge',
      // Haystack with radius 0 is Cytoscape's default edge look: the lean sheet leaves both unset
      // (each property set is style work per edge, and these two also re-dirty its bounds).
      style: leanSheet
        ? { width: leanEdge.width, 'line-color': edge }
        : {
            width: 1.2,
            'line-color': edge,
            'target-arrow-color': edge,
            'target-arrow-shape': 'triangle',
            'arrow-scale': 0.7,
            // Straight edges draw several times faster than bezier ones in a large graph.
            'curve-style': 'straight',
            label: 'data(relation)',
            'font-size': 8,
            color: text,
            'text-rotation': 'autorotate',
            'text-outline-color': outline,
            'text-outline-width': 2,
            'min-zoomed-font-size': 9,
          },
    },
    // The lean look: node labels only where the canvas asks for them (labels-in-view.ts) and on
    // the selection; in the full stylesheet, LEAN_CLASS takes away icons, labels and arrows.
    ...(leanSheet
      ? [{ selector: 'node:selected', style: nodeLabel }]
      : [
          { selector: `node.${LEAN_CLASS}`, style: { 'background-image': 'none' } },
          { selector: 'node:selected', style: { label: 'data(label)' } },
          {
            selector: `edge.${LEAN_CLASS}`,
            style: { ...leanEdge, 'target-arrow-shape': 'none' as const, label: '' },
          },
        ]),
    // Reviewed matches (graph/review-look.ts): a candidate is dashed with its score, the entity
    // it proposes faded; a rejected one is not drawn.
    {
      selector: 'edge[review = "pending"]',
      style: leanSheet
        ? { 'line-style': 'dashed' }
        : {
            'line-style': 'dashed',
            'line-dash-pattern': [6, 4],
            label: 'data(label)',
            // The score is what the investigator judges by: readable at lower zoom than relations.
            'font-size': 10,
            'min-zoomed-font-size': 5,
          },
    },
    ...(leanSheet ? [] : [{ selector: `edge.${LEAN_CLASS}[review = "pending"]`, style: { label: '' } }]),
    { selector: `node.${LOD_LABEL}`, style: { ...nodeLabel, 'font-size': 'data(labelSize)' } },
    // A seed (what the investigation started from) has a halo.
    {
      selector: `node.${SEED_CLASS}`,
      style: {
        'underlay-color': accent,
        'underlay-padding': 7,
        'underlay-opacity': 0.45,
        'underlay-shape': 'ellipse',
      },
    },
    { selector: `node.${CANDIDATE_NODE}`, style: { opacity: 0.45 } },
    { selector: `edge[review = "rejected"], node.${REJECTED_NODE}`, style: { display: 'none' } },
    // Notes and flags (annotation-look.ts); the marks below win over them.
    ...annotationRules(),
    {
      selector: 'node:selected',
      style: { 'border-width': 4, 'border-color': accent },
    },
    {
      selector: 'edge:selected',
      style: { 'line-color': accent, 'target-arrow-color': accent, width: 2.5 },
    },
    {
      selector: 'node.search-hit',
      // Labelled as any node is (from zoom 0.7), in either stylesheet.
      style: { ...nodeLabel, 'border-width': 3, 'border-color': MARK_COLORS.searchHit },
    },
    {
      // An edge found by its notes (edge-search.ts).
      selector: 'edge.search-hit',
      style: { 'line-color': MARK_COLORS.searchHit, 'target-arrow-color': MARK_COLORS.searchHit, width: 3 },
    },
    {
      // A route or the common neighbours shown by the paths panel (paths.ts), labelled.
      selector: 'node.path-hit',
      style: { ...nodeLabel, 'border-width': 4, 'border-color': MARK_COLORS.path },
    },
    {
      selector: 'edge.path-hit',
      style: { 'line-color': MARK_COLORS.path, 'target-arrow-color': MARK_COLORS.path, width: 4 },
    },
    {
      selector: 'node.lookup-failed',
      style: { 'border-width': 3, 'border-color': MARK_COLORS.failed, 'border-style': 'dashed' },
    },
    {
      // A collection (docs/ui.md, "Collections"): its type's glyph, larger, with a double ring;
      // its "12 Identifiers" label is one of the label policy's.
      selector: 'node.collection',
      style: {
        width: 46,
        height: 46,
        'border-width': 4,
        'border-style': 'double',
        'border-color': edge,
      },
    },
    { selector: 'edge.collection-edge', style: { width: 2.5 } },
    // Folded leaves (inside a collection) and filtered elements are drawn as nothing.
    { selector: '.filtered, .folded', style: { display: 'none' } },
    { selector: '.new', style: { 'border-width': 3, 'border-color': accent } },
  ];
}
