import { describe, expect, it } from 'vitest';
import { smithWatermanGotoh } from './similarity';

describe('smithWatermanGotoh', () => {
  it('scores two empty strings as identical', () => {
    expect(smithWatermanGotoh('', '')).toBe(1);
  });

  it('scores an empty string against a non-empty one as 0', () => {
    expect(smithWatermanGotoh('', 'abc')).toBe(0);
    expect(smithWatermanGotoh('abc', '')).toBe(0);
  });

  it('scores equal strings as 1 whatever their case', () => {
    expect(smithWatermanGotoh('Microsoft', 'MICROSOFT')).toBe(1);
  });

  it('scores a substring of the other string as exactly 1', () => {
    expect(smithWatermanGotoh('amazon', 'amazon.com services llc')).toBe(1);
    expect(smithWatermanGotoh('Amazon.com Services LLC', 'AMAZON')).toBe(1);
  });

  it('scores strings with no common character as 0', () => {
    expect(smithWatermanGotoh('abc', 'xyz')).toBe(0);
  });

  it('bridges a differing character with two gaps (-0.2) rather than a mismatch (-0.5)', () => {
    // "abcde" vs "abxde": a b (2), gap, gap (-0.2), d e (2) = 3.8 over length 5
    expect(smithWatermanGotoh('abcde', 'abxde')).toBeCloseTo(3.8 / 5, 10);
  });

  it('charges 0.1 for one gap inside the alignment', () => {
    // "abcdef" vs "abcxdef": abc (3) gap (-0.1) def (3) = 5.9 over the shorter length 6
    expect(smithWatermanGotoh('abcdef', 'abcxdef')).toBeCloseTo(5.9 / 6, 10);
  });

  it('compares code points, so an astral character counts once', () => {
    expect(smithWatermanGotoh('a😀b', 'a😀b')).toBe(1);
    // one code point of three differs: a (1), two gaps (-0.2), b (1) = 1.8 over 3
    expect(smithWatermanGotoh('a😀b', 'a😁b')).toBeCloseTo(1.8 / 3, 10);
  });

  it('is symmetric', () => {
    expect(smithWatermanGotoh('Apple Energy', 'apple inc')).toBeCloseTo(
      smithWatermanGotoh('apple inc', 'Apple Energy'),
      10,
    );
  });

  it('keeps close spellings above the 0.85 partial-match threshold and unrelated names below', () => {
    expect(smithWatermanGotoh('Microsoft Corporation', 'Microsoft Corp')).toBeGreaterThanOrEqual(0.85);
    expect(smithWatermanGotoh('Microsoft', 'Macrohard')).toBeLessThan(0.85);
  });
});
