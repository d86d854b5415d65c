import { describe, expect, it } from 'vitest';
import { noResultsText, runSeedsOf, seedsWithoutResults } from './seed-results';

describe('seeds that found nothing', () => {
  const seeds = runSeedsOf([
    { type: 'DomainRecord', value: ' nothing.example ' },
    { type: 'DomainRecord', value: 'found.example' },
    { type: 'DomainRecord', value: 'merged.example' },
  ]);
  const [nothing = '', found = ''] = seeds.map((seed) => seed.id);
  const graph = {
    entitiesById: new Map([
      [nothing, {}],
      [found, {}],
    ]),
    edgeIdsByEntity: new Map([[found, new Set(['e1'])]]),
  };

  it('reports a seed whose node has no edge, as the user typed it', () => {
    expect(seedsWithoutResults(seeds, graph)).toEqual(['nothing.example']);
  });

  it('says so in one notice', () => {
    expect(noResultsText(['a.example', 'b.example'])).toBe('No results for a.example, b.example');
    expect(noResultsText([])).toBeUndefined();
  });

  it('skips a seed that does not parse', () => {
    expect(runSeedsOf([{ type: 'Identifier', value: 'NOT-AN-LEI' }])).toEqual([]);
  });
});
