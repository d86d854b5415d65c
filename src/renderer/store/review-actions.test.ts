import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type {
  CandidateAccepted,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
} from '../../shared/ipc/contract';
import type { Result } from '../../shared/ipc/result';
import { fail, ok } from '../../shared/ipc/result';
import type { SessionProgress } from '../../shared/model/session';
import type { CanvasController } from '../graph/canvas-controller';
import { createAppStore } from './app-store';
import type { HistoryDeps, HistoryState } from './history-store';
import { initialHistoryState } from './history-store';
import { acceptCandidate, rejectCandidate } from './review-actions';

const candidate = { edgeId: 'Organization:puma|id|Identifier:lei:x', organizationId: 'Organization:puma' };

const progress = { sessionId: 'run-1', state: 'running' } as SessionProgress;

function setUp(answer: (channel: InvokeChannel) => Result<unknown>) {
  const app = createAppStore();
  app.getState().setActiveCase({ id: 'case-1', name: 'Case', createdAt: '', updatedAt: '', sizeBytes: 0 });
  const history = createStore<HistoryState>()(initialHistoryState);
  const calls: { channel: InvokeChannel; request: unknown }[] = [];
  const invoke = <C extends InvokeChannel>(channel: C, request: InvokeRequest<C>) => {
    calls.push({ channel, request });
    return Promise.resolve(answer(channel) as Result<InvokeResponse<C>>);
  };
  const deps: HistoryDeps = {
    app,
    history,
    invoke,
    canvas: () => undefined as CanvasController | undefined,
    now: () => new Date('2026-11-24T06:00:00.000Z'),
  };
  return { app, history, calls, deps };
}

const actions = (history: { getState(): HistoryState }) =>
  history.getState().history.entries.map((entry) => entry.action);

describe('the review decisions', () => {
  it('accepting records the decision, then the run it started, and follows that run', async () => {
    const accepted: CandidateAccepted = { decisionSessionId: 'decision-1', sessionId: 'run-1', progress };
    const { app, history, calls, deps } = setUp(() => ok(accepted));
    expect(await acceptCandidate(candidate, deps)).toBeUndefined();
    expect(calls).toEqual([
      { channel: 'review:accept', request: { caseId: 'case-1', edgeId: candidate.edgeId } },
    ]);
    // Newest last: Ctrl+Z removes the run's results before it takes the decision back.
    expect(actions(history)).toEqual([
      { kind: 'review', sessionId: 'decision-1', decision: 'accept', edgeId: candidate.edgeId },
      { kind: 'run', sessionId: 'run-1', seeds: ['Organization:puma'], expansion: true },
    ]);
    expect(app.getState().currentSessionId).toBe('run-1');
  });

  it('rejecting records the decision so that undo can take it back', async () => {
    const { history, calls, deps } = setUp(() => ok({ decisionSessionId: 'decision-2' }));
    expect(await rejectCandidate(candidate, deps)).toBeUndefined();
    expect(calls.map((call) => call.channel)).toEqual(['review:reject']);
    expect(actions(history)).toEqual([
      { kind: 'review', sessionId: 'decision-2', decision: 'reject', edgeId: candidate.edgeId },
    ]);
  });

  it('returns a refused decision as the message to show and records nothing', async () => {
    const { history, deps } = setUp(() => fail('conflict', 'edge e is not a pending candidate'));
    expect(await acceptCandidate(candidate, deps)).toBe('edge e is not a pending candidate');
    expect(await rejectCandidate(candidate, deps)).toBe('edge e is not a pending candidate');
    expect(actions(history)).toEqual([]);
  });
});
