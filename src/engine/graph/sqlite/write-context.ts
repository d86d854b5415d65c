/** What the write path and the merge rules share while one write runs. */
import type { EdgeId, EntityId } from '../../../shared/model/asset';
import type { Edge, Entity } from '../../../shared/model/graph';
import type { MergeRule } from '../case-graph';
import type { PlanContext } from '../write-plan';
import type { Statements } from './statements';

/**
 * What one write touched: a DTO built from the written values, or `undefined` when the row
 * must be read back (it was updated, so its full state is only in the store).
 */
export interface Touched {
  entities: Map<EntityId, Entity | undefined>;
  edges: Map<EdgeId, Edge | undefined>;
  merged: { from: EntityId; into: EntityId }[];
}

export interface WriteContext extends PlanContext {
  statements: Statements;
  mergeRules: readonly MergeRule[];
  /**
   * The before-image of a fold of `from` into `into` (manual-merge.ts), as JSON: a rule's merge
   * inside a session logs it so `undo` of the session gives both entities back (issue 22).
   */
  mergeImage?(from: EntityId, into: EntityId): string | undefined;
  findEntity(id: EntityId): Entity | undefined;
  findEdge(id: EdgeId): Edge | undefined;
}

/** One row stamp for the whole write: its time and the sequence number its delta will carry. */
export interface Stamp {
  now: number;
  seq: number;
}

export function touchedNothing(touched: Touched): boolean {
  return touched.entities.size === 0 && touched.edges.size === 0 && touched.merged.length === 0;
}
