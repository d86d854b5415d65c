import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { InvokeChannel, InvokeRequest, InvokeResponse } from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import { fail, ok } from '../../shared/ipc/result';
import type { Entity } from '../../shared/model/graph';
import type { CanvasController } from '../graph/canvas-controller';
import { createAppStore } from './app-store';
import {
  beginMerge,
  connectHistory,
  describeEntry,
  describeSession,
  loadCaseSessions,
  pruneGoneSessions,
  mergeEntities,
  undoLatest,
  undoLatestOfKind,
  undoSession,
} from './history-actions';
import type { HistoryDeps, HistoryState } from './history-store';
import { initialHistoryState, recordHistory } from './history-store';

function organization(id: string, name: string): Entity {
  return {
    id,
    type: 'Organization',
    asset: { unique_id: id, name },
    tags: [],
    createdAt: '',
    updatedAt: '',
  };
}

type Answer = (channel: InvokeChannel, request: unknown) => Result<unknown>;

/** An open case with two organizations, a fake host answering through `answer`, a fake canvas. */
function setUp(answer: Answer = () => fail('internal', 'unexpected call')) {
  const app = createAppStore();
  app.getState().setActiveCase({ id: 'case-1', name: 'Case', createdAt: '', updatedAt: '', sizeBytes: 0 });
  app.getState().resetFromSnapshot(
    {
      seq: 4,
      entities: [organization('Organization:a', 'Acme Ltd'), organization('Organization:b', 'ACME Limited')],
      edges: [],
    },
    {},
  );
  const history = createStore<HistoryState>()(initialHistoryState);
  const calls: { channel: InvokeChannel; request: unknown }[] = [];
  const invoke = <C extends InvokeChannel>(channel: C, request: InvokeRequest<C>) => {
    calls.push({ channel, request });
    return Promise.resolve(answer(channel, request) as Result<InvokeResponse<C>>);
  };
  const restorePositions = vi.fn<CanvasController['restorePositions']>();
  const refetch = vi.fn(() => Promise.resolve());
  const deps: HistoryDeps = {
    app,
    history,
    invoke,
    canvas: () => ({ restorePositions }) as unknown as CanvasController,
    now: () => new Date('2026-11-24T06:00:00.000Z'),
    refetch,
  };
  return { app, history, deps, calls, restorePositions, refetch };
}

const undone = (sessionId: string, seq: number) =>
  ok({ sessionId, entitiesRemoved: 3, edgesRemoved: 2, fieldsRestored: 0, entitiesRestored: 0, seq });

describe('undo from the action history', () => {
  it('records a hide made anywhere and shows the node again on Ctrl+Z', async () => {
    const { app, history, deps } = setUp();
    const stop = connectHistory(deps);
    app.getState().hideEntity('Organization:a');
    expect(describeEntry(history.getState().history.entries[0]!, deps)).toBe('Hid Acme Ltd');
    await undoLatest(deps);
    expect(app.getState().hiddenIds.has('Organization:a')).toBe(false);
    expect(history.getState().history.entries).toEqual([]);
    stop();
  });

  it('puts dragged nodes back where they were', async () => {
    const { history, deps, restorePositions } = setUp();
    recordHistory({ kind: 'move', before: { 'Organization:a': { x: 10, y: 20 } } }, deps);
    await undoLatest(deps);
    expect(restorePositions).toHaveBeenCalledWith({ 'Organization:a': { x: 10, y: 20 } }, false);
    expect(history.getState().history.entries).toEqual([]);
  });

  it('undoes the newest re-layout from the canvas offer, as a re-layout', async () => {
    const { deps, restorePositions } = setUp();
    recordHistory({ kind: 'relayout', before: { 'Organization:a': { x: 1, y: 1 } } }, deps);
    recordHistory({ kind: 'hide', ids: ['Organization:b'] }, deps);
    expect(await undoLatestOfKind('relayout', deps)).toBe(true);
    expect(restorePositions).toHaveBeenCalledWith({ 'Organization:a': { x: 1, y: 1 } }, true);
    // None left: the canvas falls back to its own undo.
    expect(await undoLatestOfKind('relayout', deps)).toBe(false);
  });

  it('removes the results of a run through the host and reloads the graph', async () => {
    const { app, history, deps, calls, refetch } = setUp((channel) =>
      channel === 'history:undo-session' ? undone('s1', 5) : fail('internal', 'unexpected'),
    );
    recordHistory({ kind: 'run', sessionId: 's1', seeds: ['Organization:a'], expansion: true }, deps);
    await undoLatest(deps);
    expect(calls).toEqual([
      { channel: 'history:undo-session', request: { caseId: 'case-1', sessionId: 's1' } },
    ]);
    expect(refetch).toHaveBeenCalledOnce();
    expect(history.getState().history.entries).toEqual([]);
    expect(history.getState().removedSessions.has('s1')).toBe(true);
    expect(app.getState().notice).toMatchObject({
      kind: 'info',
      text: 'Undone: removed 3 nodes and 2 edges.',
    });
  });

  it('undoes two actions when Ctrl+Z is pressed twice while the first undo is still on its way', async () => {
    const { history, deps, calls } = setUp((_channel, request) =>
      undone((request as { sessionId: string }).sessionId, 9),
    );
    recordHistory({ kind: 'run', sessionId: 's1', seeds: ['Organization:a'], expansion: false }, deps);
    recordHistory({ kind: 'run', sessionId: 's2', seeds: ['Organization:a'], expansion: true }, deps);
    const first = undoLatest(deps);
    const second = undoLatest(deps);
    await Promise.all([first, second]);
    expect(calls.map((call) => (call.request as { sessionId: string }).sessionId)).toEqual(['s2', 's1']);
    expect(history.getState().history.entries).toEqual([]);
  });

  it('does not fetch the graph again when the reset event already brought it', async () => {
    const { deps, refetch } = setUp(() => undone('s1', 4));
    await undoSession('s1', deps);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('keeps the entry and says why when the host refuses (a run still going)', async () => {
    const { app, history, deps } = setUp(() => fail('conflict', 'this run is still going'));
    recordHistory({ kind: 'run', sessionId: 's1', seeds: ['Acme'], expansion: false }, deps);
    await undoLatest(deps);
    expect(history.getState().history.entries).toHaveLength(1);
    expect(app.getState().notice).toMatchObject({ kind: 'error', text: 'this run is still going' });
  });

  it('drops the entry of a session already undone elsewhere, with a notice', async () => {
    const { app, history, deps } = setUp(() => fail('not_found', 'no session s1 in this case'));
    recordHistory({ kind: 'run', sessionId: 's1', seeds: ['Acme'], expansion: false }, deps);
    await undoLatest(deps);
    expect(history.getState().history.entries).toEqual([]);
    expect(app.getState().notice?.kind).toBe('info');
  });

  it('merges the chosen node into the selected one, records it by name, and undoes it as its session', async () => {
    const { app, history, deps, calls } = setUp((channel) =>
      channel === 'graph:merge-entities'
        ? ok({ sessionId: 'merge-1', into: 'Organization:b' })
        : undone('merge-1', 6),
    );
    beginMerge('Organization:a', deps);
    expect(history.getState().mergeFrom).toBe('Organization:a');
    expect(await mergeEntities('Organization:a', 'Organization:b', deps)).toBeUndefined();
    expect(history.getState().mergeFrom).toBeUndefined();
    expect(app.getState().selectedId).toBe('Organization:b');
    // The merged-away node is gone from the graph; the entry keeps its name.
    app.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: 5,
      delta: {
        seq: 5,
        entities: [],
        edges: [],
        merged: [{ from: 'Organization:a', into: 'Organization:b' }],
      },
    });
    const entry = history.getState().history.entries[0]!;
    expect(describeEntry(entry, deps)).toBe('Merged Acme Ltd into ACME Limited');
    await undoLatest(deps);
    expect(calls.at(-1)).toEqual({
      channel: 'history:undo-session',
      request: { caseId: 'case-1', sessionId: 'merge-1' },
    });
    expect(history.getState().history.entries).toEqual([]);
  });

  it('returns the host refusal of a merge and records nothing', async () => {
    const { history, deps } = setUp(() => fail('invalid_request', 'only entities of one type are the same'));
    expect(await mergeEntities('Organization:a', 'Organization:b', deps)).toBe(
      'only entities of one type are the same',
    );
    expect(history.getState().history.entries).toEqual([]);
  });

  it('undoes an accepted candidate: the run it started first, then the decision', async () => {
    const { history, deps, calls } = setUp((_channel, request) =>
      undone((request as { sessionId: string }).sessionId, 7),
    );
    recordHistory(
      { kind: 'review', sessionId: 'decision-1', decision: 'accept', edgeId: 'e1', runSessionId: 'run-1' },
      deps,
    );
    await undoLatest(deps);
    expect(calls.map((call) => (call.request as { sessionId: string }).sessionId)).toEqual([
      'run-1',
      'decision-1',
    ]);
    expect(history.getState().history.entries).toEqual([]);
  });

  it('starts an empty history when another case opens', () => {
    const { app, history, deps } = setUp();
    const stop = connectHistory(deps);
    recordHistory({ kind: 'hide', ids: ['Organization:a'] }, deps);
    app.getState().setActiveCase({ id: 'case-2', name: 'Other', createdAt: '', updatedAt: '', sizeBytes: 0 });
    expect(history.getState().history.entries).toEqual([]);
    stop();
  });

  it('lists the runs recorded in the case, with merges named by their entities', async () => {
    const merge = {
      id: 'merge-1',
      startedAt: '',
      seeds: ['Organization:a', 'Organization:b'],
      depth: 0,
      action: 'merge Organization:a into Organization:b',
      running: false,
    };
    const run = { id: 'run-1', startedAt: '', seeds: ['Organization:a'], depth: 1, running: false };
    const { deps, calls } = setUp(() => ok([run, merge]));
    const loaded = await loadCaseSessions(deps);
    expect(calls).toEqual([{ channel: 'history:list-sessions', request: { caseId: 'case-1' } }]);
    expect(loaded).toEqual({ sessions: [run, merge] });
    expect(describeSession(run, deps)).toBe('Ran from Acme Ltd');
    expect(describeSession(merge, deps)).toBe('Merged Acme Ltd into ACME Limited');
  });

  it('forgets the entries of sessions undone elsewhere once the graph reloads', async () => {
    const kept = { id: 'run-1', startedAt: '', seeds: [], depth: 1, running: false };
    const { app, history, deps } = setUp(() => ok([kept]));
    recordHistory({ kind: 'run', sessionId: 'run-1', seeds: ['Acme'], expansion: false }, deps);
    recordHistory({ kind: 'run', sessionId: 'run-2', seeds: ['Beta'], expansion: false }, deps);
    recordHistory({ kind: 'hide', ids: ['Organization:a'] }, deps);
    const stop = connectHistory(deps);
    app.getState().resetFromSnapshot({ seq: 9, entities: [], edges: [] }, {});
    await vi.waitFor(() => expect(history.getState().history.entries).toHaveLength(2));
    expect(history.getState().history.entries.map((entry) => entry.action.kind)).toEqual(['run', 'hide']);
    expect(history.getState().removedSessions.has('run-2')).toBe(true);
    stop();
  });

  it('asks the host nothing when no entry is a session', async () => {
    const { deps, calls } = setUp();
    recordHistory({ kind: 'hide', ids: ['Organization:a'] }, deps);
    await pruneGoneSessions(deps);
    expect(calls).toEqual([]);
  });
});
