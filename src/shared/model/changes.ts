/**
 * What changed in a case between runs (issue 26): a refresh asks the sources again and the case
 * keeps a change record of each difference (nothing is deleted). Shared by the engine, the CLI's
 * `diff`, the evidence report and the renderer's Changes panel.
 */
import type { EdgeId, EntityId } from './asset';

export type ChangeKind = 'added' | 'gone' | 'changed';

/** One change, in the shape `cli diff --json` prints (ids as in the JSON export). */
export interface CaseChange {
  change: ChangeKind;
  /** The entity the change is about (an added entity, a changed field), or absent for an edge. */
  entity?: EntityId;
  /** The edge the change is about (added, gone, or a changed property), or absent for an entity. */
  edge?: EdgeId;
  /** The field (entity) or property (edge) that changed. */
  field?: string;
  before?: unknown;
  after?: unknown;
  /** The source whose reply showed the change. */
  source?: string;
}

/** A change as the case keeps it: with the run that found it and when. */
export interface RecordedChange extends CaseChange {
  session: string;
  /** ISO 8601. */
  at: string;
}

/** The change without where it was recorded: the `diff --json` line. */
export function publicChange(change: RecordedChange | CaseChange): CaseChange {
  const line: CaseChange = { change: change.change };
  if (change.entity !== undefined) line.entity = change.entity;
  if (change.edge !== undefined) line.edge = change.edge;
  if (change.field !== undefined) line.field = change.field;
  if (change.before !== undefined) line.before = change.before;
  if (change.after !== undefined) line.after = change.after;
  if (change.source !== undefined) line.source = change.source;
  return line;
}
