/** Scoring and selection of LEI search candidates (the spec's table, as decisions.md settles it). */
import type { FuzzyCandidate } from './wire';

export type MatchType = 'exact' | 'partial';

export const EXACT_SCORE = 30;
export const UNIQUE_BONUS = 30;
export const LOCATION_BONUS = 40;
export const PARTIAL_SCALE = 30;

export interface ScoredCandidate extends FuzzyCandidate {
  matchType: MatchType;
  /** The score before the location bonus. */
  baseScore: number;
}

export interface ScoringInput {
  /** The Organization's name as discovered (partial similarity is measured against it). */
  organizationName: string;
  /** The brand extracted from that name; a partial candidate must contain it. */
  brand: string;
  /** Search results in reply order. */
  candidates: FuzzyCandidate[];
  /** Distinct exact and partial names, as the shared name matcher returns them. */
  exact: string[];
  partial: string[];
  similarity(a: string, b: string): number;
}

/**
 * Candidates that can be selected, exact ones first then partial ones, each in reply order, with
 * their score before the location bonus:
 * - exact: 30, plus 30 when it is the only exact name;
 * - partial (only names containing the brand, case-insensitively):
 *   round(similarity(organization name, candidate) x 30), plus 30 when it is the only such name.
 * A name that occurs twice in the reply is one candidate (its first LEI).
 */
export function scoreCandidates(input: ScoringInput): ScoredCandidate[] {
  const firstByName = new Map<string, FuzzyCandidate>();
  for (const candidate of input.candidates) {
    const key = candidate.name.toLowerCase();
    if (!firstByName.has(key)) {
      firstByName.set(key, candidate);
    }
  }
  const pick = (names: string[]): FuzzyCandidate[] => {
    const seen = new Set<string>();
    const result: FuzzyCandidate[] = [];
    for (const name of names) {
      const key = name.toLowerCase();
      const candidate = firstByName.get(key);
      if (candidate !== undefined && !seen.has(key)) {
        seen.add(key);
        result.push(candidate);
      }
    }
    // Reply order, whatever order the matcher listed the names in.
    return result.sort((a, b) => input.candidates.indexOf(a) - input.candidates.indexOf(b));
  };

  const exact = pick(input.exact);
  const exactKeys = new Set(exact.map((candidate) => candidate.name.toLowerCase()));
  const brand = input.brand.trim().toLowerCase();
  // A partial candidate that does not contain the brand is not a candidate at all, so it does not
  // count against the "only partial match" bonus either.
  const partial = pick(input.partial).filter(
    (candidate) =>
      !exactKeys.has(candidate.name.toLowerCase()) &&
      brand !== '' &&
      candidate.name.toLowerCase().includes(brand),
  );

  const scored: ScoredCandidate[] = exact.map((candidate) => ({
    ...candidate,
    matchType: 'exact',
    baseScore: EXACT_SCORE + (exact.length === 1 ? UNIQUE_BONUS : 0),
  }));
  for (const candidate of partial) {
    const similarity = input.similarity(input.organizationName, candidate.name);
    scored.push({
      ...candidate,
      matchType: 'partial',
      baseScore: Math.round(similarity * PARTIAL_SCALE) + (partial.length === 1 ? UNIQUE_BONUS : 0),
    });
  }
  return scored;
}

export interface Selection {
  candidate: ScoredCandidate;
  score: number;
  locationMatched: boolean;
}

/**
 * The winner: the highest total score above 0, where a later candidate must score strictly more
 * to displace an earlier one (so an exact match keeps ties against a partial one).
 * `locationMatched` tells whether a candidate's record shares a postal code with the organisation.
 */
export function selectCandidate(
  scored: ScoredCandidate[],
  locationMatched: (candidate: ScoredCandidate) => boolean = () => false,
): Selection | undefined {
  let best: Selection | undefined;
  for (const candidate of scored) {
    const located = locationMatched(candidate);
    const score = candidate.baseScore + (located ? LOCATION_BONUS : 0);
    if (score > (best?.score ?? 0)) {
      best = { candidate, score, locationMatched: located };
    }
  }
  return best;
}

/** True when the candidate could still win with the location bonus against the best so far. */
export function couldWin(candidate: ScoredCandidate, bestScore: number): boolean {
  return candidate.baseScore + LOCATION_BONUS > bestScore;
}
