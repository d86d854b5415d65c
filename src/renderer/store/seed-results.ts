/**
 * "No results for <seed>": a run's seeds are remembered when it starts; when it ends, a seed whose
 * node is in the graph with no edge at all found nothing. A seed whose node is missing was merged
 * into another entity (which is itself a result), so it is not reported.
 */
import type { SeedInput } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import { entityIdOf } from '../../shared/model/asset';
import { parseSeed } from '../../shared/model/seed';

export interface RunSeed {
  id: EntityId;
  /** As the user typed it. */
  text: string;
}

export function runSeedsOf(seeds: readonly SeedInput[]): RunSeed[] {
  const result: RunSeed[] = [];
  for (const seed of seeds) {
    const parsed = parseSeed(seed.type, seed.value);
    if (parsed.ok) {
      result.push({
        id: entityIdOf(parsed.seed.type, parsed.seed.asset as never),
        text: seed.value.trim(),
      });
    }
  }
  return result;
}

export function seedsWithoutResults(
  seeds: readonly RunSeed[],
  graph: {
    entitiesById: ReadonlyMap<EntityId, unknown>;
    edgeIdsByEntity: ReadonlyMap<EntityId, ReadonlySet<string>>;
  },
): string[] {
  return seeds
    .filter(
      (seed) => graph.entitiesById.has(seed.id) && (graph.edgeIdsByEntity.get(seed.id)?.size ?? 0) === 0,
    )
    .map((seed) => seed.text);
}

export function noResultsText(texts: readonly string[]): string | undefined {
  return texts.length === 0 ? undefined : `No results for ${texts.join(', ')}`;
}
