/**
 * Node search as an investigator expects it: every node whose label or id contains the text is a
 * hit, ranked exact match first, then label prefix, then the rest (substring or id match), each
 * group in label order, so typing a company's full name lands on it and not on the first name
 * that merely contains it. Within a rank, drawn nodes come before nodes folded in a collection:
 * stepping to a folded hit expands its collection, so an equally good drawn hit (the Organization
 * beside its own `legal_name` Identifier) is where the first step should land. Case-insensitive and
 * width-insensitive (NFKC).
 */

export interface Searchable {
  id: string;
  label: string;
  /** False for a node whose id means nothing to the user (a collection's): found by its label only. */
  matchId?: boolean;
  /** True for a node folded inside a collection: ranked after drawn nodes of the same rank. */
  folded?: boolean;
  /** More text that finds the node, ranked as an id match: the investigator's notes and flag. */
  extra?: string;
}

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The ids of all hits, best first; empty for blank text. */
export function rankMatches(nodes: Iterable<Searchable>, text: string): string[] {
  const needle = fold(text);
  if (needle === '') {
    return [];
  }
  const ranked: { id: string; rank: number; folded: number; label: string }[] = [];
  for (const node of nodes) {
    const label = fold(node.label);
    const rank =
      label === needle
        ? 0
        : label.startsWith(needle)
          ? 1
          : label.includes(needle)
            ? 2
            : (node.matchId !== false && fold(node.id).includes(needle)) ||
                (node.extra !== undefined && fold(node.extra).includes(needle))
              ? 3
              : -1;
    if (rank >= 0) {
      ranked.push({ id: node.id, rank, folded: node.folded === true ? 1 : 0, label });
    }
  }
  ranked.sort(
    (a, b) => a.rank - b.rank || a.folded - b.folded || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );
  return ranked.map((hit) => hit.id);
}
