/** Smith-Waterman-Gotoh string similarity, configured as the LEI matching uses it. */

const MATCH = 1;
const MISMATCH = -0.5;
const GAP = -0.1;

/**
 * Best local-alignment score of the lower-cased strings (compared as Unicode code points, linear
 * gap -0.1, match +1, mismatch -0.5) divided by the shorter length, so 1.0 means the shorter
 * string occurs in the longer one. Both empty gives 1, exactly one empty gives 0.
 */
export function smithWatermanGotoh(a: string, b: string): number {
  const left = Array.from(a.toLowerCase());
  const right = Array.from(b.toLowerCase());
  if (left.length === 0 && right.length === 0) {
    return 1;
  }
  if (left.length === 0 || right.length === 0) {
    return 0;
  }
  const maxScore = Math.min(left.length, right.length) * Math.max(MATCH, GAP);
  let previous = new Float64Array(right.length + 1);
  let current = new Float64Array(right.length + 1);
  let best = 0;
  for (const leftChar of left) {
    current[0] = 0;
    for (let j = 1; j <= right.length; j++) {
      const substitution = leftChar === right[j - 1] ? MATCH : MISMATCH;
      const cell = Math.max(
        0,
        (previous[j] ?? 0) + GAP,
        (current[j - 1] ?? 0) + GAP,
        (previous[j - 1] ?? 0) + substitution,
      );
      current[j] = cell;
      if (cell > best) {
        best = cell;
      }
    }
    [previous, current] = [current, previous];
  }
  return best / maxScore;
}
