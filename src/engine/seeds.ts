/** Turning a session's seeds into entity ids: new assets are written as the investigator's, known ids are checked. */
import { entityIdOf, type EntityId, type TypedAsset } from '../shared/model/asset';
import type { SourceRef } from '../shared/model/graph';
import type { StartSessionOptions } from './engine-types';
import type { SessionGraph } from './graph/case-graph';

/** Attribution of what the investigator typed (seeds). */
export const INVESTIGATOR_SOURCE: SourceRef = { name: 'Investigator', confidence: 100 };

/**
 * The ids a session starts from, after organization merges, without duplicates, and the write
 * storing the new ones (settled once they are stored). Typed assets are written in one write; an id
 * must name an entity of the case.
 */
export function seedIds(
  graph: SessionGraph,
  seeds: StartSessionOptions['seeds'],
  session?: string,
): { ids: EntityId[]; written: Promise<unknown> } {
  const resolve = (id: EntityId): EntityId => graph.resolveId(id);
  const assets: TypedAsset[] = [];
  const ids: EntityId[] = [];
  for (const seed of seeds) {
    if (typeof seed === 'string') {
      const id = resolve(seed);
      if (graph.findEntity(id) === undefined) {
        throw new Error(`no entity ${seed} in this case`);
      }
      ids.push(id);
    } else {
      assets.push(seed);
      ids.push(entityIdOf(seed.type, seed.asset as never));
    }
  }
  const written =
    assets.length > 0
      ? graph.apply(
          { entities: assets, edges: [], dispatch: [] },
          session === undefined ? { source: INVESTIGATOR_SOURCE } : { source: INVESTIGATOR_SOURCE, session },
        )
      : Promise.resolve();
  return { ids: [...new Set(ids.map(resolve))], written };
}
