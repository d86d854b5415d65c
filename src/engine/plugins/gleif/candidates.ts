/**
 * From a search reply to assessed candidates (docs/resolution.md): the spec's scoring picks the
 * candidates it knows (score and match type unchanged); the canonical name comparison adds those
 * the spec's string rules miss (`A.G.` against `AG`, a name typed without its diacritics); the
 * records fetched and what the case knows of the seed then give each its evidence.
 */
import { canonicalName, nameContains, sameName } from '../../../shared/names/canonical';
import { foldText } from '../../../shared/names/fold';
import { nameMatch } from '../../support/name-match';
import { smithWatermanGotoh } from '../../support/similarity';
import { extractBrandName } from '../../support/brand';
import { assessCandidate, decide, type CandidateFacts, type Decision, type SeedFacts } from './evidence';
import { PARTIAL_SCALE, scoreCandidates, type ScoredCandidate } from './scoring';
import type { FuzzyCandidate, LeiRecord } from './wire';

/** Most records fetched for one search (each is a rate-limited request). */
export const MAX_RECORDS_FETCHED = 5;
/** Most candidates kept for review. */
export const MAX_CANDIDATES = 5;

/**
 * The spec's scoring of a reply (the one place it runs): names matched against what the case
 * knows of the organization, then scored with the brand the typed name gives.
 */
export function specScoredReply(
  organizationName: string,
  knownNames: string[],
  reply: FuzzyCandidate[],
): ScoredCandidate[] {
  const { exact, partial } = nameMatch(
    knownNames,
    reply.map((candidate) => candidate.name),
  );
  return scoreCandidates({
    organizationName,
    brand: extractBrandName(organizationName),
    candidates: reply,
    exact,
    partial,
    similarity: smithWatermanGotoh,
  });
}

/**
 * The candidates of a reply with the spec's score: the spec's own (exact, partial) first, then
 * those only the canonical comparison finds (same name, or one name inside the other), scored by
 * the spec's partial formula on the folded names. A name listed twice is one candidate.
 */
export function candidatesOfReply(
  organizationName: string,
  knownNames: string[],
  reply: FuzzyCandidate[],
): CandidateFacts[] {
  const facts: CandidateFacts[] = specScoredReply(organizationName, knownNames, reply).map((candidate) => ({
    lei: candidate.lei,
    name: candidate.name,
    score: candidate.baseScore,
    matchType: candidate.matchType,
  }));
  const typed = canonicalName(organizationName);
  // The spec's rule (decisions.md): a name listed twice is one candidate, its first LEI.
  const seen = new Set(facts.flatMap((candidate) => [candidate.lei, candidate.name.toLowerCase()]));
  for (const candidate of reply) {
    if (seen.has(candidate.lei) || seen.has(candidate.name.toLowerCase())) {
      continue;
    }
    seen.add(candidate.name.toLowerCase());
    const found = canonicalName(candidate.name);
    if (sameName(typed, found) || nameContains(found, typed) || nameContains(typed, found)) {
      seen.add(candidate.lei);
      const similarity = smithWatermanGotoh(foldText(organizationName), foldText(candidate.name));
      facts.push({
        lei: candidate.lei,
        name: candidate.name,
        score: Math.round(similarity * PARTIAL_SCALE),
        matchType: 'partial',
      });
    }
  }
  return facts;
}

/** Which records to fetch: the best few by what the names alone show (and the postal codes). */
export function recordsWorthFetching(seed: SeedFacts, candidates: CandidateFacts[]): string[] {
  const { ranked } = decide(
    candidates.map((candidate) => assessCandidate(seed, candidate)),
    MAX_RECORDS_FETCHED,
  );
  if (seed.postalCodes.length > 0) {
    return ranked.map((candidate) => candidate.lei);
  }
  // Without a postal code only a record that could decide is worth its request: the best, and
  // those whose names are as strong (a legal form in the record may tell them apart).
  const best = ranked[0];
  return ranked
    .filter((candidate) => candidate === best || candidate.strength >= (best?.strength ?? 0))
    .map((candidate) => candidate.lei);
}

/** The decision once records (and parent counts) are known. */
export function decideReply(
  seed: SeedFacts,
  candidates: CandidateFacts[],
  records: ReadonlyMap<string, LeiRecord>,
  parentOf: ReadonlyMap<string, number> = new Map(),
): Decision {
  const assessed = candidates.map((candidate) => {
    const record = records.get(candidate.lei);
    const parents = parentOf.get(candidate.lei);
    return assessCandidate(seed, {
      ...candidate,
      ...(record === undefined ? {} : { record }),
      ...(parents === undefined ? {} : { parentOf: parents }),
    });
  });
  return decide(assessed, MAX_CANDIDATES);
}
