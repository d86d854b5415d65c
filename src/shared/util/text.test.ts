import { describe, expect, it } from 'vitest';
import { foldForComparison, normalizeSpaces } from './text';

describe('normalizeSpaces', () => {
  it('applies NFKC and collapses every run of white space, line breaks included, into one space', () => {
    expect(normalizeSpaces('  Ａcme\u00a0 Corp\n\tLtd  ')).toBe('Acme Corp Ltd');
  });
});

describe('foldForComparison', () => {
  it('makes names that differ only in case, punctuation and spacing equal', () => {
    expect(foldForComparison('MICROSOFT  CORPORATION.')).toBe(foldForComparison('Microsoft Corporation'));
    expect(foldForComparison('Acme, Inc.')).toBe('acme inc');
  });
});
