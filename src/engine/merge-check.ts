/**
 * The check before a manual merge (docs/resolution.md, "Manual merge"): two Organizations that
 * hold different LEIs are two legal entities unless the registry is wrong, so merging them needs
 * the investigator's explicit confirmation (`--force` in the CLI, "Merge anyway" in the app).
 */
import type { EntityId } from '../shared/model/asset';
import { edgeHoldsLei, leiCodeOf, leiMergeConflict } from '../shared/model/review';
import type { GraphReader } from './graph/types';

/** The LEIs an entity holds through `id` edges (pending and rejected candidates do not count). */
export function heldLeis(graph: Pick<GraphReader, 'outgoing'>, id: EntityId): string[] {
  return graph
    .outgoing(id, { relations: ['id'] })
    .filter(({ edge, entity }) => edgeHoldsLei(edge, entity))
    .map(({ entity }) => leiCodeOf(entity));
}

/** The reason the merge needs confirmation, or undefined when it does not. */
export function mergeNeedsConfirmation(
  graph: Pick<GraphReader, 'outgoing' | 'findEntity'>,
  from: EntityId,
  into: EntityId,
): string | undefined {
  const nameOf = (id: EntityId): string => {
    const asset = graph.findEntity(id)?.asset as { name?: unknown } | undefined;
    return typeof asset?.name === 'string' ? asset.name : id;
  };
  return leiMergeConflict(
    { name: nameOf(from), leis: heldLeis(graph, from) },
    { name: nameOf(into), leis: heldLeis(graph, into) },
  );
}
