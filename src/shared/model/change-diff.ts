/**
 * From a window of change records to the lines a person reads (`cli diff`, the Changes panel, the
 * report): what the sources now say differently about entities the case already held.
 *
 * - A field of a known entity: one `changed` line with the value before and after (the first
 *   earlier value and the last later one; nothing when they end up equal).
 * - A relation of a known entity: edges a source no longer states are `gone`, new ones `added`;
 *   when one relation of one entity lost and gained targets in the window (a registrant replaced,
 *   a name server swapped) that is one `changed` line, field = the relation, before/after = the
 *   targets (one id, or a sorted list).
 * - Entities new in the window come with the line that brought them (the edge from a known
 *   entity), as do the edges among new entities; a new entity no line reaches (a new seed) is
 *   one `added` line. Fields of new entities are part of their addition.
 */
import type { EdgeId, EntityId } from './asset';
import type { CaseChange, RecordedChange } from './changes';

/**
 * Fields that hold a source's reply itself (OAM's `raw`), not a fact read from it: the reply is
 * kept as the entity's raw record, and the facts read from it are compared one by one.
 */
const REPLY_FIELDS: ReadonlySet<string> = new Set(['raw']);

export interface EdgeEnds {
  from: EntityId;
  to: EntityId;
  relation: string;
}

export function foldChanges(
  records: readonly RecordedChange[],
  edges: ReadonlyMap<EdgeId, EdgeEnds>,
  seeds: readonly EntityId[] = [],
): CaseChange[] {
  const fresh = new Set(
    records.filter((r) => r.change === 'added' && r.entity !== undefined).map((r) => r.entity as EntityId),
  );
  const lines: CaseChange[] = [...fieldLines(records, fresh, edges)];
  const detached = detachedBy(records, edges);
  const covered = new Set<EntityId>();
  const newEdges = new Map<EdgeId, EdgeEnds>();
  const relationGroups = new Map<
    string,
    { ends: EdgeEnds; added: RecordedChange[]; gone: RecordedChange[] }
  >();
  for (const record of records) {
    if (record.edge === undefined || record.change === 'changed') continue;
    const ends = edges.get(record.edge);
    if (ends === undefined) {
      lines.push(withoutRun(record));
      continue;
    }
    if (record.change === 'added' && fresh.has(ends.from)) {
      newEdges.set(record.edge, ends);
      continue;
    }
    if (record.change === 'gone' && detached.has(ends.from)) {
      // Said of an entity whose own link is gone: that line stands for it.
      continue;
    }
    const key = `${ends.from}\u0000${ends.relation}`;
    const group = relationGroups.get(key) ?? { ends, added: [], gone: [] };
    group[record.change === 'added' ? 'added' : 'gone'].push(record);
    relationGroups.set(key, group);
  }
  for (const { ends, added, gone } of relationGroups.values()) {
    const addedNow = settled(added, gone);
    const goneNow = settled(gone, added);
    for (const record of addedNow) covered.add(edges.get(record.edge ?? '')?.to ?? '');
    if (addedNow.length > 0 && goneNow.length > 0) {
      const targets = (list: RecordedChange[]) =>
        oneOrList(list.map((r) => edges.get(r.edge ?? '')?.to ?? ''));
      const line: CaseChange = {
        change: 'changed',
        entity: ends.from,
        field: ends.relation,
        before: targets(goneNow),
        after: targets(addedNow),
      };
      const source = addedNow[0]?.source ?? goneNow[0]?.source;
      if (source !== undefined) line.source = source;
      lines.push(line);
    } else {
      lines.push(...[...addedNow, ...goneNow].map(withoutRun));
    }
  }
  lines.push(...newEntityLines(records, fresh, newEdges, covered, seeds));
  return lines.sort(byEntity(edges));
}

/**
 * Entities cut off by a gone edge (a child that left a family, a registrant replaced): the
 * targets of gone edges whose source end is not itself cut off, and what hangs off them through
 * further gone edges. What a source said of them only through the lost link goes with that line.
 */
function detachedBy(records: readonly RecordedChange[], edges: ReadonlyMap<EdgeId, EdgeEnds>): Set<EntityId> {
  const gone = records
    .filter((record) => record.change === 'gone' && record.edge !== undefined)
    .map((record) => edges.get(record.edge ?? ''))
    .filter((ends): ends is EdgeEnds => ends !== undefined);
  const targets = new Set(gone.map((ends) => ends.to));
  const detached = new Set<EntityId>();
  const stack = gone.filter((ends) => !targets.has(ends.from)).map((ends) => ends.to);
  while (stack.length > 0) {
    const id = stack.pop() as EntityId;
    if (detached.has(id)) continue;
    detached.add(id);
    for (const ends of gone) {
      if (ends.from === id) stack.push(ends.to);
    }
  }
  return detached;
}

/** Records of one kind not cancelled by a later opposite record of the same edge in the window. */
function settled(list: RecordedChange[], opposite: RecordedChange[]): RecordedChange[] {
  const last = new Map<string, string>();
  for (const record of [...list, ...opposite].sort((a, b) => a.at.localeCompare(b.at))) {
    last.set(record.edge ?? '', record.change);
  }
  const seen = new Set<string>();
  return list.filter((record) => {
    const edge = record.edge ?? '';
    if (seen.has(edge) || last.get(edge) !== record.change) return false;
    seen.add(edge);
    return true;
  });
}

function fieldLines(
  records: readonly RecordedChange[],
  fresh: ReadonlySet<EntityId>,
  edges: ReadonlyMap<EdgeId, EdgeEnds>,
): CaseChange[] {
  const byField = new Map<string, { first: RecordedChange; last: RecordedChange }>();
  for (const record of records) {
    if (record.change !== 'changed' || record.field === undefined || REPLY_FIELDS.has(record.field)) continue;
    if (record.entity !== undefined && fresh.has(record.entity)) continue;
    if (record.edge !== undefined && fresh.has(edges.get(record.edge)?.from ?? '')) continue;
    const key = `${record.entity ?? ''}\u0000${record.edge ?? ''}\u0000${record.field}`;
    const known = byField.get(key);
    byField.set(key, { first: known?.first ?? record, last: record });
  }
  const lines: CaseChange[] = [];
  for (const { first, last } of byField.values()) {
    if (JSON.stringify(first.before) === JSON.stringify(last.after)) continue;
    const line = withoutRun({ ...last, before: first.before });
    if (first.before === undefined) delete line.before;
    lines.push(line);
  }
  return lines;
}

/** New entities no line reaches: each root is one `added` line; what hangs off it comes with it. */
function newEntityLines(
  records: readonly RecordedChange[],
  fresh: ReadonlySet<EntityId>,
  newEdges: ReadonlyMap<EdgeId, EdgeEnds>,
  covered: Set<EntityId>,
  seeds: readonly EntityId[],
): CaseChange[] {
  const next = new Map<EntityId, EntityId[]>();
  for (const ends of newEdges.values()) {
    next.set(ends.from, [...(next.get(ends.from) ?? []), ends.to]);
  }
  const cover = (start: EntityId): void => {
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop() as EntityId;
      for (const other of next.get(id) ?? []) {
        if (fresh.has(other) && !covered.has(other)) {
          covered.add(other);
          stack.push(other);
        }
      }
    }
  };
  for (const id of [...covered]) cover(id);
  const lines: CaseChange[] = [];
  const sourceOf = new Map(
    records.filter((r) => r.entity !== undefined && r.change === 'added').map((r) => [r.entity, r.source]),
  );
  const roots = [...seeds.filter((id) => fresh.has(id)), ...[...fresh].sort()];
  for (const id of roots) {
    if (covered.has(id)) continue;
    covered.add(id);
    cover(id);
    const line: CaseChange = { change: 'added', entity: id };
    const source = sourceOf.get(id);
    if (source !== undefined) line.source = source;
    lines.push(line);
  }
  // Edges from a new entity into the known graph that no covered entity explains.
  for (const [edge, ends] of newEdges) {
    if (!covered.has(ends.from) && !fresh.has(ends.to)) lines.push({ change: 'added', edge });
  }
  return lines;
}

function oneOrList(ids: string[]): string | string[] {
  const sorted = [...new Set(ids)].sort();
  return sorted.length === 1 ? (sorted[0] as string) : sorted;
}

function withoutRun(record: RecordedChange): CaseChange {
  const { session: _session, at: _at, ...line } = record;
  return line;
}

/** Grouped by the entity a line is about (an edge's by its `from`), then added, gone, changed. */
function byEntity(edges: ReadonlyMap<EdgeId, EdgeEnds>) {
  const subject = (line: CaseChange): string =>
    line.entity ?? edges.get(line.edge ?? '')?.from ?? line.edge ?? '';
  const order = { added: 0, gone: 1, changed: 2 };
  return (a: CaseChange, b: CaseChange): number =>
    subject(a).localeCompare(subject(b)) ||
    order[a.change] - order[b.change] ||
    (a.edge ?? a.field ?? '').localeCompare(b.edge ?? b.field ?? '');
}

/** The entity a line belongs to (for grouping and for linking it to its node). */
export function subjectOf(line: CaseChange, edges: ReadonlyMap<EdgeId, EdgeEnds>): EntityId {
  return line.entity ?? edges.get(line.edge ?? '')?.from ?? '';
}
