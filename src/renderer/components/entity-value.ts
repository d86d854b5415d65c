/** The text an investigator copies from an entity. */
import { assetKey } from '../../shared/model/asset';
import type { Entity } from '../../shared/model/graph';

/** The text an investigator copies: the asset's OAM key value. */
export function copyValueOf(entity: Entity): string {
  return assetKey(entity.type, entity.asset as never);
}
