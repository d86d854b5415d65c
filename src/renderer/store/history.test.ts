import { describe, expect, it } from 'vitest';
import type { History, HistoryAction } from './history';
import {
  describeAction,
  describeUndone,
  emptyHistory,
  entryOfSession,
  isUndoShortcut,
  latestEntry,
  MAX_HISTORY,
  recordAction,
  undoesOnTheCase,
  undoLabel,
  withoutEntry,
  withoutSessions,
} from './history';

const AT = '2026-11-24T06:00:00.000Z';

function recordAll(actions: HistoryAction[]): History {
  return actions.reduce((history, action) => recordAction(history, action, AT), emptyHistory);
}

const run = (sessionId: string, expansion = false): HistoryAction => ({
  kind: 'run',
  sessionId,
  seeds: ['Organization:acme'],
  expansion,
});

describe('the action history', () => {
  it('undoes the newest action first', () => {
    const history = recordAll([{ kind: 'hide', ids: ['a'] }, run('s1')]);
    expect(latestEntry(history)?.action).toEqual(run('s1'));
    const after = withoutEntry(history, latestEntry(history)?.id ?? 0);
    expect(latestEntry(after)?.action).toEqual({ kind: 'hide', ids: ['a'] });
  });

  it('gives every entry its own id, even after one was undone', () => {
    let history = recordAll([run('s1'), run('s2')]);
    history = withoutEntry(history, 2);
    history = recordAction(history, run('s3'), AT);
    expect(history.entries.map((entry) => entry.id)).toEqual([1, 3]);
  });

  it('does not record an action that changed nothing', () => {
    const history = recordAll([
      { kind: 'hide', ids: [] },
      { kind: 'move', before: {} },
      { kind: 'relayout', before: {} },
    ]);
    expect(history.entries).toEqual([]);
  });

  it('keeps at most MAX_HISTORY entries, dropping the oldest', () => {
    const actions = Array.from({ length: MAX_HISTORY + 5 }, (_, n) => run(`s${n}`));
    const history = recordAll(actions);
    expect(history.entries).toHaveLength(MAX_HISTORY);
    expect(history.entries[0]?.action).toEqual(run('s5'));
  });

  it('finds the entry of a session and forgets every entry of sessions that are gone', () => {
    const history = recordAll([
      run('s1'),
      { kind: 'merge', sessionId: 's2', from: 'a', into: 'b' },
      { kind: 'hide', ids: ['x'] },
    ]);
    expect(entryOfSession(history, 's2')?.action.kind).toBe('merge');
    const left = withoutSessions(history, new Set(['s1', 's2']));
    expect(left.entries.map((entry) => entry.action.kind)).toEqual(['hide']);
    expect(withoutSessions(left, new Set(['s1']))).toBe(left);
  });

  it('tells which actions are undone on the case file and which on the canvas only', () => {
    expect(undoesOnTheCase(run('s1'))).toBe(true);
    expect(undoesOnTheCase({ kind: 'merge', sessionId: 's', from: 'a', into: 'b' })).toBe(true);
    expect(undoesOnTheCase({ kind: 'review', sessionId: 's', decision: 'accept', edgeId: 'e' })).toBe(true);
    expect(undoesOnTheCase({ kind: 'move', before: { a: { x: 1, y: 2 } } })).toBe(false);
  });

  it('describes actions with readable names and offers the matching undo', () => {
    const nameOf = (id: string) => ({ 'Organization:acme': 'Acme Ltd', b: 'Beta' })[id] ?? id;
    expect(describeAction(run('s', true), nameOf)).toBe('Expanded Acme Ltd');
    expect(undoLabel(run('s', true))).toBe('Remove the results of this expansion');
    expect(undoLabel(run('s'))).toBe('Remove the results of this run');
    expect(
      describeAction({ kind: 'merge', sessionId: 's', from: 'Organization:acme', into: 'b' }, nameOf),
    ).toBe('Merged Acme Ltd into Beta');
    expect(describeAction({ kind: 'hide', ids: ['b', 'c'] }, nameOf)).toBe('Hid 2 nodes');
    expect(describeAction({ kind: 'move', before: { b: { x: 0, y: 0 } } }, nameOf)).toBe('Moved Beta');
    expect(undoLabel({ kind: 'relayout', before: { b: { x: 0, y: 0 } } })).toBe('Restore previous layout');
  });

  it('takes Ctrl+Z and Cmd+Z as undo, not with Shift or Alt', () => {
    const key = { key: 'z', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
    expect(isUndoShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isUndoShortcut({ ...key, metaKey: true, key: 'Z' })).toBe(true);
    expect(isUndoShortcut(key)).toBe(false);
    expect(isUndoShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isUndoShortcut({ ...key, ctrlKey: true, altKey: true })).toBe(false);
  });

  it('says in one line what an undo on the case took back', () => {
    const none = { entitiesRemoved: 0, edgesRemoved: 0, fieldsRestored: 0, entitiesRestored: 0 };
    expect(describeUndone({ ...none, entitiesRemoved: 12, edgesRemoved: 1 })).toBe(
      'Undone: removed 12 nodes and 1 edge.',
    );
    expect(describeUndone({ ...none, entitiesRestored: 1, fieldsRestored: 2 })).toBe(
      'Undone: gave back 1 merged node, restored the fields of 2 nodes.',
    );
    expect(describeUndone(none)).toBe('Undone: nothing was left to take back.');
  });
});
