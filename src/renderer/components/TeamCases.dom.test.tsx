import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpenedTeamCase, RecentTeamCase, TeamCaseConnection } from '../../shared/ipc/contract';
import { fail, ok } from '../../shared/ipc/result';
import { installFakeHost, type HostReplies } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { TeamCases } from './TeamCases';

const connection: TeamCaseConnection = {
  host: 'db.example.org',
  port: 6543,
  database: 'investigations',
  user: 'alice',
  sslMode: 'require',
  caseName: 'Harbour review',
};

const recent: RecentTeamCase = {
  ...connection,
  id: 'team-00000000000000aa',
  address: 'postgresql://alice@db.example.org:6543/investigations?sslmode=require#Harbour%20review',
  lastOpenedAt: '2026-11-20T10:00:00.000Z',
};

function opened(created: boolean): OpenedTeamCase {
  return {
    summary: {
      id: recent.id,
      name: connection.caseName,
      createdAt: '',
      updatedAt: '',
      sizeBytes: 0,
      team: { address: recent.address, readOnly: false, connection: 'connected' },
    },
    snapshot: { seq: 0, entities: [], edges: [] },
    positions: {},
    sessions: [],
    created,
  };
}

function teamHost(replies: HostReplies, recents: RecentTeamCase[] = []) {
  return installFakeHost({ 'team-cases:recent': () => ok(recents), ...replies });
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, password: string): Promise<void> {
  const form = screen.getByRole('form', { name: 'Open a team case' });
  await user.type(within(form).getByLabelText('Host'), connection.host);
  await user.clear(within(form).getByLabelText('Port'));
  await user.type(within(form).getByLabelText('Port'), String(connection.port));
  await user.type(within(form).getByLabelText('Database'), connection.database);
  await user.type(within(form).getByLabelText('User'), connection.user);
  await user.selectOptions(within(form).getByLabelText('TLS mode'), 'require');
  await user.type(within(form).getByLabelText('Case name'), connection.caseName);
  if (password !== '') {
    await user.type(within(form).getByLabelText('Password'), password);
  }
}

beforeEach(() => {
  appStore.getState().setActiveCase(undefined);
  appStore.getState().setNotice(undefined);
});

describe('the team cases of the case list', () => {
  it("opens a team case with the form's connection and password, then clears the password", async () => {
    const user = userEvent.setup();
    const host = teamHost({ 'team-cases:open': () => ok(opened(true)) });
    render(<TeamCases />);
    await user.click(screen.getByRole('button', { name: 'Open a team case' }));
    await fillForm(user, 's3cret pass');
    await user.click(screen.getByRole('button', { name: 'Open team case' }));

    await expect.poll(() => appStore.getState().activeCase?.id).toBe(recent.id);
    expect(host.callsTo('team-cases:open')).toEqual([
      { connection, password: 's3cret pass', remember: 'keychain' },
    ]);
    expect(appStore.getState().notice?.text).toMatch(/Created the team case “Harbour review”/);
    expect(document.body.innerHTML).not.toContain('s3cret pass');
  });

  it('keeps the password for this run only when the keychain box is unticked', async () => {
    const user = userEvent.setup();
    const host = teamHost({ 'team-cases:open': () => ok(opened(false)) });
    render(<TeamCases />);
    await user.click(screen.getByRole('button', { name: 'Open a team case' }));
    await fillForm(user, 'pw');
    await user.click(screen.getByRole('checkbox', { name: /Remember the password/ }));
    await user.click(screen.getByRole('button', { name: 'Open team case' }));
    await expect.poll(() => host.callsTo('team-cases:open')[0]?.remember).toBe('this-run');
    expect(appStore.getState().notice).toBeUndefined();
  });

  it("shows the server's one line and puts the cursor in the emptied password field when it is refused", async () => {
    const user = userEvent.setup();
    teamHost({
      'team-cases:open': () =>
        fail('password_required', 'wrong password for PostgreSQL user alice on db.example.org:6543'),
    });
    render(<TeamCases />);
    await user.click(screen.getByRole('button', { name: 'Open a team case' }));
    await fillForm(user, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Open team case' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'wrong password for PostgreSQL user alice on db.example.org:6543',
    );
    const password = screen.getByLabelText('Password');
    expect((password as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(appStore.getState().activeCase).toBeUndefined();
  });

  it('refuses a port that is not a number without asking the host', async () => {
    const user = userEvent.setup();
    const host = teamHost({});
    render(<TeamCases />);
    await user.click(screen.getByRole('button', { name: 'Open a team case' }));
    await fillForm(user, '');
    await user.clear(screen.getByLabelText('Port'));
    await user.type(screen.getByLabelText('Port'), '54x');
    await user.click(screen.getByRole('button', { name: 'Open team case' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The port is a number from 1 to 65535.');
    expect(host.callsTo('team-cases:open')).toEqual([]);
  });

  it('reopens a recent team case in one click, with no password from the page', async () => {
    const user = userEvent.setup();
    const host = teamHost({ 'team-cases:open': () => ok(opened(false)) }, [recent]);
    render(<TeamCases />);
    await user.click(await screen.findByRole('button', { name: 'Open team case Harbour review' }));
    await expect.poll(() => appStore.getState().activeCase?.id).toBe(recent.id);
    expect(host.callsTo('team-cases:open')).toEqual([{ connection }]);
  });

  it('asks for the password again, in the filled-in form, when the saved one is missing', async () => {
    const user = userEvent.setup();
    teamHost(
      {
        'team-cases:open': () =>
          fail(
            'password_required',
            'PostgreSQL user alice needs a password: set PGPASSWORD or store it in the keychain',
          ),
      },
      [recent],
    );
    render(<TeamCases />);
    await user.click(await screen.findByRole('button', { name: 'Open team case Harbour review' }));
    const form = await screen.findByRole('form', { name: 'Open a team case' });
    expect(within(form).getByLabelText<HTMLInputElement>('Host').value).toBe('db.example.org');
    expect(within(form).getByLabelText<HTMLInputElement>('Case name').value).toBe('Harbour review');
    expect(within(form).getByRole('alert').textContent).toMatch(/needs a password/);
    expect(document.activeElement).toBe(within(form).getByLabelText('Password'));
  });
});
