/**
 * The validation half of the one write path, shared by every backend: findings become entities
 * keyed by id (duplicates folded, merged-away ids sent to their survivor) and edges checked
 * against the OAM taxonomy, before anything is written.
 */
import {
  edgeIdOf,
  entityIdOf,
  isAssetType,
  typeOfEntityId,
  type AssetType,
  type EdgeId,
  type EntityId,
} from '../../shared/model/asset';
import type { SourceRef } from '../../shared/model/graph';
import { isValidRelation } from '../../shared/model/relations';
import { compact, mergeFields, type Fields } from './fields';
import type { EdgeProperties, Findings } from './findings';
import { InvalidRelationError } from './types';
import { EngineError } from '../util/engine-error';

/** A write whose findings are malformed (an asset without its key, an unknown asset type). */
export class InvalidFindingsError extends EngineError {
  override readonly name = 'InvalidFindingsError';
  constructor(message: string, options?: ErrorOptions) {
    super('invalid_findings', message, options);
  }
}

/** An entity of one write, after merging duplicates within the write. */
export interface PendingEntity {
  type: AssetType;
  /** Fields that replace stored ones. */
  replace: Fields;
  /** Fields that only fill gaps (assets of merged-away ids folded into their survivor). */
  fill: Fields;
}

export interface PendingEdge {
  id: EdgeId;
  from: EntityId;
  to: EntityId;
  relation: string;
  properties: EdgeProperties;
  source: SourceRef;
}

/** What planning needs to know of the store. */
export interface PlanContext {
  resolveId(id: EntityId): EntityId;
  /** True when the entity is stored. */
  entityExists(id: EntityId): boolean;
}

export function typeOfId(id: EntityId): AssetType | undefined {
  try {
    return typeOfEntityId(id);
  } catch {
    return undefined;
  }
}

/** Validates the findings' entities and folds duplicates (and merged-away ids) together. */
export function planEntities(findings: Findings, context: PlanContext): Map<EntityId, PendingEntity> {
  const pending = new Map<EntityId, PendingEntity>();
  for (const item of findings.entities) {
    if (!isAssetType(item.type)) {
      throw new InvalidFindingsError(`unknown asset type ${String(item.type)}`);
    }
    let id: EntityId;
    try {
      id = entityIdOf(item.type, item.asset);
    } catch (error) {
      throw new InvalidFindingsError(error instanceof Error ? error.message : String(error));
    }
    const survivor = context.resolveId(id);
    const fields = compact(item.asset);
    const existing = pending.get(survivor);
    if (survivor !== id) {
      // A merged-away asset seen again: it may complete the survivor, never overwrite it.
      if (existing === undefined) {
        pending.set(survivor, { type: item.type, replace: {}, fill: fields });
      } else {
        existing.fill = mergeFields(fields, existing.fill, {});
      }
    } else if (existing === undefined) {
      pending.set(id, { type: item.type, replace: fields, fill: {} });
    } else {
      existing.replace = mergeFields(existing.replace, fields, {});
    }
  }
  return pending;
}

/** Validates every edge (taxonomy, no loop, both ends written or stored); throws on the first bad one. */
export function planEdges(
  findings: Findings,
  defaultSource: SourceRef,
  pending: Map<EntityId, PendingEntity>,
  context: PlanContext,
): PendingEdge[] {
  const edges: PendingEdge[] = [];
  for (const finding of findings.edges) {
    const from = context.resolveId(finding.from);
    const to = context.resolveId(finding.to);
    const relation = finding.relation.toLowerCase();
    const fromType = typeOfId(from);
    const toType = typeOfId(to);
    const triple = `${fromType ?? from} -${relation}-> ${toType ?? to}`;
    if (fromType === undefined || toType === undefined || !isValidRelation(fromType, relation, toType)) {
      throw new InvalidRelationError(
        `relation ${triple} is not in the OAM taxonomy (edge ${finding.from} -> ${finding.to})`,
      );
    }
    if (from === to) {
      throw new InvalidRelationError(`relation ${triple} links ${from} to itself`);
    }
    for (const end of [from, to]) {
      requireEntity(end, pending, context, () => `relation ${triple}: entity ${end} does not exist`);
    }
    edges.push({
      id: edgeIdOf(from, relation, to),
      from,
      to,
      relation,
      properties: finding.properties === undefined ? {} : (compact(finding.properties) as EdgeProperties),
      source: finding.source ?? defaultSource,
    });
  }
  return edges;
}

export function requireEntity(
  id: EntityId,
  pending: Map<EntityId, PendingEntity>,
  context: PlanContext,
  message: () => string,
): void {
  if (!pending.has(id) && !context.entityExists(id)) {
    throw new InvalidRelationError(message());
  }
}
