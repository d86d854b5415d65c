import { describe, expect, it } from 'vitest';
import { extractBrandName } from '../../support/brand';
import { nameMatch } from '../../support/name-match';
import { smithWatermanGotoh } from '../../support/similarity';
import type { FuzzyCandidate } from './wire';
import { couldWin, scoreCandidates, selectCandidate, type ScoredCandidate } from './scoring';

let next = 0;
const lei = (): string => `984500TEST${String((next += 1)).padStart(8, '0')}00`;
const candidatesOf = (...names: string[]): FuzzyCandidate[] => names.map((name) => ({ name, lei: lei() }));

function score(
  organizationName: string,
  candidates: FuzzyCandidate[],
  orgNames = [organizationName],
): ScoredCandidate[] {
  const { exact, partial } = nameMatch(
    orgNames,
    candidates.map((candidate) => candidate.name),
  );
  return scoreCandidates({
    organizationName,
    brand: extractBrandName(organizationName),
    candidates,
    exact,
    partial,
    similarity: smithWatermanGotoh,
  });
}

const table = (scored: ScoredCandidate[]): [string, string, number][] =>
  scored.map((candidate) => [candidate.name, candidate.matchType, candidate.baseScore]);

describe('scoreCandidates (golden table)', () => {
  it('gives a single exact match 30 + 30', () => {
    expect(table(score('Microsoft Corporation', candidatesOf('MICROSOFT CORPORATION')))).toEqual([
      ['MICROSOFT CORPORATION', 'exact', 60],
    ]);
  });

  it('gives each of two exact names 30 without the single-match bonus', () => {
    const scored = score('Acme Widgets', candidatesOf('ACME WIDGETS', 'Acme Widgets Holding'), [
      'Acme Widgets',
      'Acme Widgets Holding',
    ]);
    expect(table(scored)).toEqual([
      ['ACME WIDGETS', 'exact', 30],
      ['Acme Widgets Holding', 'exact', 30],
    ]);
  });

  it('counts a name repeated in the reply once, keeping its first LEI', () => {
    const candidates = candidatesOf('NORTHWIND TRADERS INC', 'NORTHWIND TRADERS INC');
    const scored = score('Northwind Traders Inc', candidates);
    expect(table(scored)).toEqual([['NORTHWIND TRADERS INC', 'exact', 60]]);
    expect(scored[0]?.lei).toBe(candidates[0]?.lei);
  });

  it('scores a partial match containing the brand as round(similarity x 30) plus 30 when it is the only one', () => {
    // "microsoft corporation" occurs inside the candidate: similarity 1.0.
    expect(
      table(score('Microsoft Corporation', candidatesOf('MICROSOFT CORPORATION (INDIA) PRIVATE LIMITED'))),
    ).toEqual([['MICROSOFT CORPORATION (INDIA) PRIVATE LIMITED', 'partial', 60]]);
  });

  it('gives partial matches no single-match bonus when there are two', () => {
    const scored = score('Contoso Pharma', candidatesOf('CONTOSO PHARMA GROUP', 'CONTOSO PHARMACEUTICALS'));
    expect(table(scored)).toEqual([
      ['CONTOSO PHARMA GROUP', 'partial', 30],
      ['CONTOSO PHARMACEUTICALS', 'partial', 30],
    ]);
  });

  it('rounds the similarity of a partial match that is not a substring', () => {
    // The brand "Fabrikam Systems" is in the candidate, the whole name is not.
    const organizationName = 'Fabrikam Systems Ltd';
    const candidate = 'FABRIKAM SYSTEMS LIMITED';
    // similarity 0.98 (19.6 of 20): round(29.4) = 29, plus 30 as the only partial match.
    expect(smithWatermanGotoh(organizationName, candidate)).toBeCloseTo(0.98, 10);
    expect(table(score(organizationName, candidatesOf(candidate)))).toEqual([[candidate, 'partial', 59]]);
  });

  it('drops a partial match that does not contain the brand', () => {
    // Similar enough (>= 0.85), but "southwind" does not contain "northwind traders".
    const candidates = candidatesOf('SOUTHWIND TRADERS INC');
    const { partial } = nameMatch(['Northwind Traders Inc'], ['SOUTHWIND TRADERS INC']);
    expect(partial).toEqual(['SOUTHWIND TRADERS INC']);
    expect(score('Northwind Traders Inc', candidates)).toEqual([]);
  });

  it('lists exact candidates before partial ones, each in reply order', () => {
    const scored = score(
      'Northwind Traders Inc',
      candidatesOf('NORTHWIND TRADERS INC USA', 'NORTHWIND TRADERS INC', 'SOUTHWIND TRADERS INC'),
    );
    expect(table(scored)).toEqual([
      ['NORTHWIND TRADERS INC', 'exact', 60],
      ['NORTHWIND TRADERS INC USA', 'partial', 60],
    ]);
  });

  it('ignores candidates that match neither exactly nor partially', () => {
    expect(score('Northwind Traders Inc', candidatesOf('TOTALLY DIFFERENT LTD'))).toEqual([]);
  });
});

describe('selectCandidate', () => {
  const scored = (...items: [string, 'exact' | 'partial', number][]): ScoredCandidate[] =>
    items.map(([name, matchType, baseScore]) => ({ name, lei: lei(), matchType, baseScore }));

  it('keeps the earlier candidate on a tie, so an exact match beats an equal partial one', () => {
    const list = scored(['A', 'exact', 60], ['A B', 'partial', 60]);
    expect(selectCandidate(list)).toMatchObject({
      candidate: { name: 'A' },
      score: 60,
      locationMatched: false,
    });
  });

  it('lets a partial match displace an exact one only with a strictly higher score', () => {
    const list = scored(['A', 'exact', 30], ['A B', 'partial', 31]);
    expect(selectCandidate(list)?.candidate.name).toBe('A B');
  });

  it('adds 40 for a location match', () => {
    const list = scored(['A', 'exact', 30], ['A Z', 'exact', 30]);
    const selection = selectCandidate(list, (candidate) => candidate.name === 'A Z');
    expect(selection).toMatchObject({ candidate: { name: 'A Z' }, score: 70, locationMatched: true });
  });

  it('selects nothing when every score is 0', () => {
    expect(selectCandidate(scored(['A', 'partial', 0]))).toBeUndefined();
    expect(selectCandidate([])).toBeUndefined();
  });

  it('tells when a candidate can no longer win even with the location bonus', () => {
    const [low] = scored(['A', 'partial', 20]);
    expect(low && couldWin(low, 60)).toBe(false);
    expect(low && couldWin(low, 59)).toBe(true);
  });
});
