/**
 * The investigator's action history in this window (issue 14 part 3): what Ctrl+Z (Cmd+Z) takes
 * back and what the History panel lists. Pure data and functions: each entry records what is
 * needed to undo it (the positions before a move, the session a run wrote under...); the effects
 * live in history-actions.ts. There is no redo (docs/resolution.md, "History and undo in the app").
 */
import type { NodePositions } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';

/**
 * One action of the investigator and what undoing it needs. Actions that wrote to the case file
 * (runs, expansions, merges, review decisions) were recorded as sessions by the engine and are
 * undone by provenance; the others are the canvas's own state.
 */
export type HistoryAction =
  /** Nodes hidden from the canvas (undo: show them). */
  | { kind: 'hide'; ids: EntityId[] }
  /** Nodes dragged; where they were (undo: put them back). */
  | { kind: 'move'; before: NodePositions }
  /** A finished re-layout; where every node was (undo: the existing "Undo re-layout"). */
  | { kind: 'relayout'; before: NodePositions }
  /** A run from seeds, or the expansion of one node (undo: remove its results). */
  | { kind: 'run'; sessionId: string; seeds: string[]; expansion: boolean }
  /** "These two are the same" (undo: the merge's session, which gives both back). */
  | { kind: 'merge'; sessionId: string; from: EntityId; into: EntityId }
  /**
   * Accept or reject of a candidate match. Hook for the review UI: record it with the decision's
   * session id the review channel answers (`decisionSessionId`) and, for an accept, the run it
   * started (`runSessionId`); undo removes that run's results, then takes the decision back.
   */
  /** A note added or a flag set on an entity or edge (undo: the annotation's session). */
  | { kind: 'annotate'; sessionId: string; target: string; what: 'note' | 'flag' | 'note and flag' }
  | {
      kind: 'review';
      sessionId: string;
      decision: 'accept' | 'reject';
      edgeId: string;
      runSessionId?: string;
    };

export type HistoryKind = HistoryAction['kind'];

export interface HistoryEntry {
  /** Unique within the window's history. */
  id: number;
  /** ISO 8601, when the action was done. */
  at: string;
  action: HistoryAction;
  /** Readable names of the entities involved, taken when it was done (a merged-away one is gone). */
  names: Readonly<Record<EntityId, string>>;
}

export interface History {
  /** Oldest first. */
  entries: readonly HistoryEntry[];
  nextId: number;
}

/** Older entries are dropped past this many (a move holds positions: memory stays bounded). */
export const MAX_HISTORY = 200;

export const emptyHistory: History = { entries: [], nextId: 1 };

/** Adds an action as the newest entry; actions that change nothing are not recorded. */
export function recordAction(
  history: History,
  action: HistoryAction,
  at: string,
  names: Readonly<Record<EntityId, string>> = {},
): History {
  if (isEmptyAction(action)) {
    return history;
  }
  const entry: HistoryEntry = { id: history.nextId, at, action, names };
  const entries = [...history.entries, entry];
  return { entries: entries.slice(Math.max(0, entries.length - MAX_HISTORY)), nextId: history.nextId + 1 };
}

function isEmptyAction(action: HistoryAction): boolean {
  switch (action.kind) {
    case 'hide':
      return action.ids.length === 0;
    case 'move':
    case 'relayout':
      return Object.keys(action.before).length === 0;
    case 'run':
    case 'merge':
    case 'review':
    case 'annotate':
      return false;
  }
}

/** What Ctrl+Z undoes: the newest entry. */
export function latestEntry(history: History): HistoryEntry | undefined {
  return history.entries.at(-1);
}

/** The history once an entry was undone (or found to be gone). */
export function withoutEntry(history: History, id: number): History {
  return { ...history, entries: history.entries.filter((entry) => entry.id !== id) };
}

/** The newest entry recorded for a session (a run's progress panel offers to undo it). */
export function entryOfSession(history: History, sessionId: string): HistoryEntry | undefined {
  return history.entries.findLast(
    (entry) => 'sessionId' in entry.action && entry.action.sessionId === sessionId,
  );
}

/**
 * Forgets the entries of a session that is gone from the case (undone from another window or the
 * CLI): undoing them again would be refused.
 */
export function withoutSessions(history: History, gone: ReadonlySet<string>): History {
  const entries = history.entries.filter(
    (entry) => !('sessionId' in entry.action && gone.has(entry.action.sessionId)),
  );
  return entries.length === history.entries.length ? history : { ...history, entries };
}

/** Whether undoing writes to the case file (and so asks the host) or only changes the canvas. */
export function undoesOnTheCase(action: HistoryAction): boolean {
  return (
    action.kind === 'run' || action.kind === 'merge' || action.kind === 'review' || action.kind === 'annotate'
  );
}

/** A one-line description of an action, with entity ids shown through `nameOf`. */
export function describeAction(action: HistoryAction, nameOf: (id: EntityId) => string): string {
  switch (action.kind) {
    case 'hide':
      return action.ids.length === 1
        ? `Hid ${nameOf(action.ids[0] ?? '')}`
        : `Hid ${action.ids.length} nodes`;
    case 'move': {
      const ids = Object.keys(action.before);
      return ids.length === 1 ? `Moved ${nameOf(ids[0] ?? '')}` : `Moved ${ids.length} nodes`;
    }
    case 'relayout':
      return 'Re-laid out the graph';
    case 'run':
      return action.expansion
        ? `Expanded ${nameOf(action.seeds[0] ?? '')}`
        : `Ran from ${action.seeds.map(nameOf).join(', ')}`;
    case 'merge':
      return `Merged ${nameOf(action.from)} into ${nameOf(action.into)}`;
    case 'review':
      return `${action.decision === 'accept' ? 'Accepted' : 'Rejected'} a candidate match`;
    case 'annotate':
      return `${action.what === 'flag' ? 'Flagged' : 'Noted'} ${nameOf(action.target)}`;
  }
}

/** The label of the button that undoes an action. */
export function undoLabel(action: HistoryAction): string {
  switch (action.kind) {
    case 'hide':
      return 'Show again';
    case 'move':
      return 'Move back';
    case 'relayout':
      return 'Restore previous layout';
    case 'run':
      return action.expansion ? 'Remove the results of this expansion' : 'Remove the results of this run';
    case 'merge':
      return 'Undo merge';
    case 'review':
      return action.decision === 'accept' ? 'Undo accept' : 'Undo reject';
    case 'annotate':
      return action.what === 'flag' ? 'Undo flag' : 'Undo note';
  }
}

/** Ctrl+Z, or Cmd+Z on macOS (Shift or Alt with it is something else, e.g. a redo elsewhere). */
export function isUndoShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'z'
  );
}

/** What an undo on the case did, in one line for the notice ("Removed 12 nodes and 15 edges."). */
export function describeUndone(summary: {
  entitiesRemoved: number;
  edgesRemoved: number;
  fieldsRestored: number;
  entitiesRestored: number;
}): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts: string[] = [];
  if (summary.entitiesRemoved > 0 || summary.edgesRemoved > 0) {
    parts.push(
      `removed ${count(summary.entitiesRemoved, 'node', 'nodes')} and ${count(summary.edgesRemoved, 'edge', 'edges')}`,
    );
  }
  if (summary.entitiesRestored > 0) {
    parts.push(`gave back ${count(summary.entitiesRestored, 'merged node', 'merged nodes')}`);
  }
  if (summary.fieldsRestored > 0) {
    parts.push(`restored the fields of ${count(summary.fieldsRestored, 'node', 'nodes')}`);
  }
  const text = parts.length === 0 ? 'nothing was left to take back' : parts.join(', ');
  return `Undone: ${text}.`;
}
