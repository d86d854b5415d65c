import { describe, expect, it } from 'vitest';
import type { ListedSeed } from './seed-list';
import { addSeed, MAX_SEEDS, seedsToStart } from './seed-list';

function listOf(...entries: [ListedSeed['type'], string][]): ListedSeed[] {
  let seeds: ListedSeed[] = [];
  for (const [type, value] of entries) {
    const result = addSeed(seeds, type, value);
    if (!result.ok) {
      throw new Error(result.error);
    }
    seeds = result.seeds;
  }
  return seeds;
}

describe('the seed list', () => {
  it('lists seeds of different types in the order they were added', () => {
    const seeds = listOf(
      ['Organization', 'Lantern Quay Ltd'],
      ['DomainRecord', 'example.com'],
      ['AutonomousSystem', 'AS64500'],
    );
    expect(seeds.map(({ type, value }) => ({ type, value }))).toEqual([
      { type: 'Organization', value: 'Lantern Quay Ltd' },
      { type: 'DomainRecord', value: 'example.com' },
      { type: 'AutonomousSystem', value: 'AS64500' },
    ]);
  });

  it('refuses a malformed seed with the parser error and keeps the list', () => {
    const seeds = listOf(['Organization', 'Lantern Quay Ltd']);
    const result = addSeed(seeds, 'Identifier', 'NOT-AN-LEI');
    expect(result).toEqual({ ok: false, error: expect.stringContaining('not an LEI code') as string });
  });

  it('lists a seed typed twice (in another spelling) once', () => {
    const seeds = listOf(['DomainRecord', 'Example.COM'], ['DomainRecord', 'example.com.']);
    expect(seeds).toHaveLength(1);
  });

  it('stops at the number of seeds main accepts in one run', () => {
    const many = listOf(
      ...Array.from({ length: MAX_SEEDS }, (_, index): ['AutonomousSystem', string] => [
        'AutonomousSystem',
        String(index),
      ]),
    );
    expect(addSeed(many, 'AutonomousSystem', '999999').ok).toBe(false);
  });

  it('starts the listed seeds plus a value still in the field', () => {
    const seeds = listOf(['Organization', 'Lantern Quay Ltd']);
    const result = seedsToStart(seeds, 'Netblock', '192.0.2.0/24');
    expect(result.ok && result.seeds.map((seed) => seed.value)).toEqual(['Lantern Quay Ltd', '192.0.2.0/24']);
  });

  it('starts nothing when neither the list nor the field holds a seed', () => {
    const result = seedsToStart([], 'Organization', '  ');
    expect(result).toEqual({ ok: false, error: 'Organization seed is empty' });
  });

  it('starts nothing when the field holds a malformed seed, even with seeds listed', () => {
    const seeds = listOf(['Organization', 'Lantern Quay Ltd']);
    expect(seedsToStart(seeds, 'Netblock', '10.0.0.0/33').ok).toBe(false);
  });
});
