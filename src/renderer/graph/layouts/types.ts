/** What the re-layout worker is given and gives back. */

/** The layouts a user can choose from the toolbar. */
export const LAYOUT_KINDS = ['force', 'hierarchical', 'concentric', 'grid'] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];

export interface LayoutInput {
  kind: LayoutKind;
  nodes: { id: string; x: number; y: number }[];
  /** Directed as in the graph (an ownership edge points from parent to child). */
  edges: { source: string; target: string }[];
}

export type LayoutPositions = Record<string, { x: number; y: number }>;
