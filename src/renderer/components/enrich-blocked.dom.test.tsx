import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CaseSummary, TeamCaseInfo } from '../../shared/ipc/contract';
import { ok } from '../../shared/ipc/result';
import { installFakeHost, startedProgress } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { HandlerItems } from './HandlerItems';
import { SeedForm } from './SeedForm';

const TEAM_ID = 'team-0123456789abcdef';

function openTeamCase(team: Partial<TeamCaseInfo> = {}): void {
  const summary: CaseSummary = {
    id: TEAM_ID,
    name: 'Suppliers',
    createdAt: '',
    updatedAt: '',
    sizeBytes: 0,
    team: {
      address: 'postgresql://alice@db.example:5432/cases#Suppliers',
      readOnly: false,
      connection: 'connected',
      ...team,
    },
  };
  appStore.getState().setActiveCase(summary);
}

function startButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Start' });
}

beforeEach(() => {
  installFakeHost({
    'session:start': () => ok({ sessionId: 'run-1', progress: startedProgress('run-1') }),
  });
});

describe('enriching a team case that cannot take writes', () => {
  it('disables Start and says why when the role is read-only', () => {
    openTeamCase({ readOnly: true });
    render(<SeedForm />);
    expect(startButton().disabled).toBe(true);
    expect(screen.getByTestId('seed-blocked').textContent).toMatch(/read-only/i);
  });

  it('disables Start while the server is reconnecting and enables it once the connection is back', () => {
    openTeamCase({ connection: 'reconnecting' });
    render(<SeedForm />);
    expect(startButton().disabled).toBe(true);
    expect(screen.getByTestId('seed-blocked').textContent).toMatch(/reconnecting/i);

    act(() => appStore.getState().setTeamConnection(TEAM_ID, 'connected'));
    expect(startButton().disabled).toBe(false);
    expect(screen.queryByTestId('seed-blocked')).toBeNull();
  });

  it('does not start a run when Enter is pressed in the value field of a read-only case', async () => {
    openTeamCase({ readOnly: true });
    const user = userEvent.setup();
    render(<SeedForm />);
    await user.type(screen.getByLabelText('Value'), 'Lantern Quay{Enter}');
    expect(appStore.getState().activeCase?.id).toBe(TEAM_ID);
    expect(screen.getByLabelText('Value')).toHaveProperty('value', 'Lantern Quay');
  });

  it("disables the node menu's source runs with the reason as their tooltip", () => {
    const reason = 'Read-only: no enriching.';
    render(
      <ul>
        <HandlerItems
          handlers={[
            { source: 'GLEIF', label: 'GLEIF: fuzzy completions', handler: 'gleif/fuzzy', state: 'never' },
          ]}
          now={0}
          onRun={() => undefined}
          blockedReason={reason}
        />
      </ul>,
    );
    const item = screen.getByTestId('handler-item');
    expect(item).toHaveProperty('disabled', true);
    expect(item.getAttribute('title')).toBe(reason);
  });
});
