/** The seed form's list of seeds for one run: validation with parseSeed, de-duplication, the cap. */
import type { SeedType } from '../../shared/model/seed';
import { parseSeed } from '../../shared/model/seed';

/** What main accepts in one start (request-schemas.ts). */
export const MAX_SEEDS = 100;

export interface ListedSeed {
  type: SeedType;
  value: string;
  /** The parsed asset, so the same seed typed twice is listed once. */
  identity: string;
}

export type SeedListResult = { ok: true; seeds: ListedSeed[] } | { ok: false; error: string };

/** The list with one more seed, validated; a seed already listed leaves the list as it is. */
export function addSeed(seeds: readonly ListedSeed[], type: SeedType, value: string): SeedListResult {
  const parsed = parseSeed(type, value);
  if (!parsed.ok) {
    return parsed;
  }
  const identity = `${type}:${JSON.stringify(parsed.seed.asset)}`;
  if (seeds.some((seed) => seed.identity === identity)) {
    return { ok: true, seeds: [...seeds] };
  }
  if (seeds.length >= MAX_SEEDS) {
    return { ok: false, error: `at most ${MAX_SEEDS} seeds in one run` };
  }
  return { ok: true, seeds: [...seeds, { type, value: value.trim(), identity }] };
}

/** The seeds a Start sends: the list, plus the value field's seed when the field is not empty. */
export function seedsToStart(seeds: readonly ListedSeed[], type: SeedType, value: string): SeedListResult {
  if (value.trim() !== '') {
    return addSeed(seeds, type, value);
  }
  return seeds.length === 0 ? parseSeedError(type, value) : { ok: true, seeds: [...seeds] };
}

function parseSeedError(type: SeedType, value: string): SeedListResult {
  const parsed = parseSeed(type, value);
  return parsed.ok ? { ok: false, error: 'add at least one seed' } : parsed;
}
