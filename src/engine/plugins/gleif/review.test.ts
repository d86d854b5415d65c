import { describe, expect, it } from 'vitest';
import type { Edge } from '../../../shared/model/graph';
import { awaitsApplication, holdsLei, isAutoAccepted, reviewStateOf } from './review';

function idEdge(properties: Edge['properties']): Edge {
  return {
    id: 'Organization:x|id|Identifier:lei:x',
    from: 'Organization:x',
    to: 'Identifier:lei:x',
    relation: 'id',
    sources: [],
    properties,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('which LEI search matches apply without review', () => {
  it('accepts an exact name match under the confirmed rule', () => {
    expect(isAutoAccepted('confirmed', { matchType: 'exact', locationMatched: false })).toBe(true);
  });

  it('accepts a partial match confirmed by a postal code under the confirmed rule', () => {
    expect(isAutoAccepted('confirmed', { matchType: 'partial', locationMatched: true })).toBe(true);
  });

  it('leaves a partial match without a location match for review under the confirmed rule', () => {
    expect(isAutoAccepted('confirmed', { matchType: 'partial', locationMatched: false })).toBe(false);
  });

  it('accepts any winner under the best rule', () => {
    expect(isAutoAccepted('best', { matchType: 'partial', locationMatched: false })).toBe(true);
  });
});

describe('review states on an id edge', () => {
  it('reads an edge without a review property as a match that needed none, held', () => {
    expect(reviewStateOf(idEdge({ score: 60 }))).toBeUndefined();
    expect(holdsLei(idEdge({ score: 60 }))).toBe(true);
  });

  it('does not count pending or rejected candidates as held', () => {
    expect(holdsLei(idEdge({ review: 'pending' }))).toBe(false);
    expect(holdsLei(idEdge({ review: 'rejected' }))).toBe(false);
  });

  it('holds an accepted candidate and waits to apply it until the applied mark is set', () => {
    expect(holdsLei(idEdge({ review: 'accepted' }))).toBe(true);
    expect(awaitsApplication(idEdge({ review: 'accepted' }))).toBe(true);
    expect(awaitsApplication(idEdge({ review: 'accepted', applied: true }))).toBe(false);
  });
});
