/**
 * The declared identity rules on the write path: entities of one type holding an edge to the
 * same key entity are one entity; the newer folds into the older (case-store.ts, MergeRule).
 */
import type { EntityId } from '../../../shared/model/asset';
import { edgeIdOf } from '../../../shared/model/asset';
import type { MergeRule } from '../case-graph';
import { mergeFields, type Fields } from '../fields';
import { typeOfId, type PendingEdge } from '../write-plan';
import type { Stamp, Touched, WriteContext } from './write-context';

/** True when the key entity's asset holds every field of the rule with its value. */
function matchesKey(rule: MergeRule, asset: Fields): boolean {
  return Object.entries(rule.keyFields).every(([field, value]) => asset[field] === value);
}

/**
 * For each rule, the key entities this write linked to are checked; when several entities hold
 * one, the newer (later created, then larger id) fold into the oldest. Merging can give the
 * survivor more keys, so their holders are checked in turn.
 */
export function applyMergeRules(
  context: WriteContext,
  edges: PendingEdge[],
  stamp: Stamp,
  touched: Touched,
  log?: (kind: string, target: string, detail: string) => void,
): void {
  for (const rule of context.mergeRules) {
    applyMergeRule(context, rule, edges, stamp, touched, log);
  }
}

/**
 * One rule. Inside a session (`log` given) each fold is logged with its before-image first, so
 * `undo` of the session gives the folded entity back (docs/resolution.md, issue 22).
 */
function applyMergeRule(
  context: WriteContext,
  rule: MergeRule,
  edges: PendingEdge[],
  stamp: Stamp,
  touched: Touched,
  log?: (kind: string, target: string, detail: string) => void,
): void {
  const s = context.statements;
  const queue: EntityId[] = [];
  for (const edge of edges) {
    if (
      edge.relation === rule.relation &&
      typeOfId(edge.from) === rule.entityType &&
      typeOfId(edge.to) === rule.keyType
    ) {
      queue.push(edge.to);
    }
  }
  const checked = new Set<EntityId>();
  while (queue.length > 0) {
    const key = queue.pop() as EntityId;
    if (checked.has(key)) {
      continue;
    }
    checked.add(key);
    const row = s.selectEntity.get(key);
    if (row === undefined || !matchesKey(rule, JSON.parse(row.content) as Fields)) {
      continue;
    }
    const [survivor, ...newer] = asserting(rule, s.holders.all(key, rule.relation, rule.entityType));
    if (survivor === undefined || newer.length === 0) {
      continue;
    }
    for (const holder of newer) {
      const image = context.mergeImage?.(holder, survivor);
      if (image !== undefined) {
        log?.('merge', holder, image);
      }
      mergeEntity(context, holder, survivor, stamp, touched);
    }
    for (const held of asserting(rule, s.keysHeldBy.all(survivor, rule.relation, rule.keyType))) {
      checked.delete(held);
      queue.push(held);
    }
    checked.add(key);
  }
}

export function mergeEntity(
  context: WriteContext,
  from: EntityId,
  into: EntityId,
  stamp: Stamp,
  touched: Touched,
): void {
  const s = context.statements;
  for (const edge of s.edgesTouching.all(from, from)) {
    touched.edges.delete(edge.id);
    const edgeFrom = edge.from_id === from ? into : edge.from_id;
    const edgeTo = edge.to_id === from ? into : edge.to_id;
    if (edgeFrom !== edgeTo) {
      const id = edgeIdOf(edgeFrom, edge.relation, edgeTo);
      const existing = s.selectEdge.get(id);
      if (existing === undefined) {
        s.insertEdge.run(
          id,
          edgeFrom,
          edgeTo,
          edge.relation,
          edge.properties,
          edge.created_at,
          edge.updated_at,
          stamp.seq,
        );
      } else {
        const properties = mergeFields(
          JSON.parse(existing.properties) as Fields,
          {},
          JSON.parse(edge.properties) as Fields,
        );
        s.updateEdge.run(JSON.stringify(properties), edge.created_at, edge.updated_at, id);
      }
      s.copySources.run(id, edge.id);
      touched.edges.set(id, undefined);
    }
    // An edge between the two merged entities would become a loop: it is dropped.
    s.deleteEdge.run(edge.id);
  }
  s.copyTags.run(into, from);
  s.copyReplyLinks.run(into, from);
  const survivor = s.selectEntity.get(into);
  const merged = s.selectEntity.get(from);
  if (survivor !== undefined && merged !== undefined) {
    const fields = mergeFields(
      JSON.parse(survivor.content) as Fields,
      {},
      JSON.parse(merged.content) as Fields,
    );
    s.updateEntity.run(JSON.stringify(fields), stamp.now, into);
  }
  s.movePosition.run(into, from);
  s.deletePosition.run(from);
  s.deleteEntity.run(from);
  s.redirectMerges.run(into, stamp.seq, from);
  s.insertMerge.run(from, into, stamp.now, stamp.seq);
  touched.entities.delete(from);
  touched.entities.set(into, undefined);
  touched.merged.push({ from, into });
}

/** The ends of the edges that assert identity under the rule (see MergeRule.ignoreEdgesWith). */
function asserting(rule: MergeRule, rows: { id: EntityId; properties: string }[]): EntityId[] {
  const ignore = rule.ignoreEdgesWith;
  if (ignore === undefined) {
    return rows.map((row) => row.id);
  }
  return rows
    .filter((row) => {
      const value = (JSON.parse(row.properties) as Record<string, unknown>)[ignore.property];
      return typeof value !== 'string' || !ignore.values.includes(value);
    })
    .map((row) => row.id);
}
