import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../shared/ipc/contract';
import { ok } from '../../shared/ipc/result';
import { createAppStore } from './app-store';
import { historyStore, initialHistoryState } from './history-store';
import { acceptCandidate, rejectCandidate } from './review-actions';

/** The review channels answer like the host: the decision's session, and for an accept its run. */
function openCase() {
  const progress = { sessionId: 'run-1', state: 'running' };
  const invoke = vi.fn((channel: string) =>
    Promise.resolve(
      channel === 'review:accept'
        ? ok({ sessionId: 'run-1', progress, decisionSessionId: 'decision-1' })
        : ok({ decisionSessionId: 'decision-2' }),
    ),
  );
  vi.stubGlobal('window', { api: { invoke, on: () => () => undefined } as unknown as AppApi });
  const store = createAppStore();
  store.getState().setActiveCase({ id: 'case-1', name: 'Case', createdAt: '', updatedAt: '', sizeBytes: 0 });
  historyStore.setState(initialHistoryState());
  return store;
}

afterEach(() => {
  vi.unstubAllGlobals();
  historyStore.setState(initialHistoryState());
});

describe('review decisions in the action history', () => {
  it('records an accept with the run it started, so undo can take both back', async () => {
    const store = openCase();
    expect(await acceptCandidate(store, 'edge-1')).toBeUndefined();
    expect(historyStore.getState().history.entries.map((entry) => entry.action)).toEqual([
      {
        kind: 'review',
        sessionId: 'decision-1',
        decision: 'accept',
        edgeId: 'edge-1',
        runSessionId: 'run-1',
      },
    ]);
  });

  it('records a reject with its decision session', async () => {
    const store = openCase();
    expect(await rejectCandidate(store, 'edge-2')).toBeUndefined();
    expect(historyStore.getState().history.entries.map((entry) => entry.action)).toEqual([
      { kind: 'review', sessionId: 'decision-2', decision: 'reject', edgeId: 'edge-2' },
    ]);
  });
});
