import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../shared/ipc/contract';
import { installFakeHost } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { connectStoreToHost } from '../store/ipc-bridge';
import { TeamCaseBanner } from './TeamCaseBanner';

const teamCase: CaseSummary = {
  id: 'team-00000000000000bb',
  name: 'Harbour review',
  createdAt: '',
  updatedAt: '',
  sizeBytes: 0,
  team: {
    address: 'postgresql://alice@db:5432/inv#Harbour%20review',
    readOnly: false,
    connection: 'connected',
  },
};

let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  appStore.getState().setActiveCase(undefined);
});

function openWithHost(summary: CaseSummary) {
  const host = installFakeHost({});
  const api = window.api;
  if (api === undefined) {
    throw new Error('no fake host');
  }
  disconnect = connectStoreToHost(appStore, (event, listener) => api.on(event, listener));
  appStore.getState().setActiveCase(summary);
  render(<TeamCaseBanner />);
  return host;
}

describe('the team case banner', () => {
  it("shows while the team case's connection is down and goes when it is back", () => {
    const host = openWithHost(teamCase);
    expect(screen.getByTestId('team-case-status').textContent).toContain(teamCase.team?.address);
    act(() => host.emit('team-cases:connection', { caseId: teamCase.id, state: 'reconnecting' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Reconnecting to the team case’s server/);
    act(() => host.emit('team-cases:connection', { caseId: teamCase.id, state: 'connected' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("ignores another case's connection", () => {
    const host = openWithHost(teamCase);
    act(() => host.emit('team-cases:connection', { caseId: 'team-00000000000000cc', state: 'reconnecting' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a read-only team case can be exported, not enriched', () => {
    openWithHost({
      ...teamCase,
      team: { address: 'postgresql://v@db:5432/inv#x', readOnly: true, connection: 'connected' },
    });
    expect(screen.getByTestId('team-case-status').textContent).toMatch(/read-only: .* not enrich it/);
  });

  it('shows nothing for a case file', () => {
    const { team: _team, ...fileCase } = teamCase;
    openWithHost(fileCase);
    expect(screen.queryByTestId('team-case-status')).toBeNull();
  });
});
