import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/ipc/result';
import type { Edge, Entity } from '../../shared/model/graph';
import { installFakeHost, startedProgress } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { historyStore, initialHistoryState } from '../store/history-store';
import { CandidateList, ReviewNotice } from './CandidateList';
import { DetailsPanel } from './DetailsPanel';

const stamp = '2026-11-01T09:00:00.000Z';
const ORG = 'Organization:puma';
const LEI = 'Identifier:lei:529900GRZ2BQY5ZM9N49';

const organization: Entity = {
  id: ORG,
  type: 'Organization',
  asset: { unique_id: 'puma', name: 'Puma' },
  tags: [],
  createdAt: stamp,
  updatedAt: stamp,
};
const identifier: Entity = {
  id: LEI,
  type: 'Identifier',
  asset: {
    unique_id: 'lei:529900GRZ2BQY5ZM9N49',
    id: '529900GRZ2BQY5ZM9N49',
    id_type: 'lei',
    status: 'ISSUED',
  },
  tags: [],
  createdAt: stamp,
  updatedAt: stamp,
};

function candidateEdge(review: string): Edge {
  return {
    id: `${ORG}|id|${LEI}`,
    from: ORG,
    to: LEI,
    relation: 'id',
    sources: [{ name: 'GLEIF', confidence: 30, createdAt: stamp, updatedAt: stamp }],
    properties: { review, score: 30, match_type: 'partial', candidate_legal_name: 'PUMA SE' },
    createdAt: stamp,
    updatedAt: stamp,
  };
}

beforeEach(() => {
  appStore
    .getState()
    .setActiveCase({ id: 'case-1', name: 'Puma', createdAt: '', updatedAt: '', sizeBytes: 0 });
  appStore
    .getState()
    .resetFromSnapshot(
      { seq: 1, entities: [organization, identifier], edges: [candidateEdge('pending')] },
      {},
    );
  historyStore.setState(initialHistoryState());
});

afterEach(() => {
  appStore.getState().clearGraph();
});

/** The delta main sends once the decision is written. */
function decisionArrives(review: string): void {
  appStore.getState().applyGraphDelta({
    caseId: 'case-1',
    fromSeq: 2,
    delta: { seq: 2, entities: [], edges: [candidateEdge(review)], merged: [] },
  });
}

describe('the candidate list in the app', () => {
  it('accepts through the host, follows the run it started, and drops the candidate when its delta arrives', async () => {
    const user = userEvent.setup();
    const host = installFakeHost({
      'review:accept': () =>
        ok({ decisionSessionId: 'decision-1', sessionId: 'run-1', progress: startedProgress('run-1') }),
    });
    render(<CandidateList entityId={ORG} />);
    await user.click(screen.getByRole('button', { name: 'Accept PUMA SE' }));
    expect(host.callsTo('review:accept')).toEqual([{ caseId: 'case-1', edgeId: `${ORG}|id|${LEI}` }]);
    expect(appStore.getState().currentSessionId).toBe('run-1');

    act(() => decisionArrives('accepted'));
    await waitFor(() => expect(screen.queryAllByTestId('candidate')).toHaveLength(0));
  });

  it('rejects through the host and the candidate leaves the list with its delta', async () => {
    const user = userEvent.setup();
    const host = installFakeHost({ 'review:reject': () => ok({ decisionSessionId: 'decision-2' }) });
    render(<CandidateList entityId={LEI} />);
    await user.click(screen.getByRole('button', { name: 'Reject PUMA SE' }));
    expect(host.callsTo('review:reject')).toHaveLength(1);
    act(() => decisionArrives('rejected'));
    await waitFor(() => expect(screen.queryAllByTestId('candidate')).toHaveLength(0));
  });

  it('shows why the host refused a decision and keeps the candidate', async () => {
    const user = userEvent.setup();
    installFakeHost({ 'review:accept': () => fail('conflict', 'edge is not a pending candidate') });
    render(<CandidateList entityId={ORG} />);
    await user.click(screen.getByRole('button', { name: 'Accept PUMA SE' }));
    expect((await screen.findByRole('alert')).textContent).toContain('not a pending candidate');
    expect(screen.getAllByTestId('candidate')).toHaveLength(1);
  });

  it('leads from the canvas notice to the Organization the best candidate was proposed for', async () => {
    const user = userEvent.setup();
    render(<ReviewNotice />);
    expect(screen.getByTestId('review-notice').textContent).toContain(
      'Candidate matches for 1 organization await your review.',
    );
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(appStore.getState().selectedId).toBe(ORG);
  });

  it('offers the decision in the edge panel when the dashed candidate edge itself is selected', () => {
    appStore.getState().selectEdge(`${ORG}|id|${LEI}`);
    render(<DetailsPanel />);
    expect(screen.getByTestId('details-title').textContent).toBe('id');
    expect(screen.getAllByTestId('candidate')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Accept PUMA SE' })).toBeTruthy();
  });
});
