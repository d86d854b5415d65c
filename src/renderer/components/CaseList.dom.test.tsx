import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../shared/ipc/contract';
import { fail, ok } from '../../shared/ipc/result';
import { installFakeHost } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { CaseList } from './CaseList';

/** A host holding a list of cases that create, rename and delete change, as main's case store does. */
function caseHost(initial: CaseSummary[]) {
  let cases = [...initial];
  const summary = (id: string, name: string): CaseSummary => ({
    id,
    name,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
    sizeBytes: 4096,
  });
  const host = installFakeHost({
    'cases:list': () => ok(cases),
    'cases:create': ({ name }) => {
      const created = summary(`case-${cases.length + 1}`, name);
      cases = [...cases, created];
      return ok(created);
    },
    'cases:open': ({ caseId }) => {
      const found = cases.find((item) => item.id === caseId);
      return found === undefined
        ? fail('not_found', 'no such case')
        : ok({ summary: found, snapshot: { seq: 0, entities: [], edges: [] }, positions: {}, sessions: [] });
    },
    'cases:rename': ({ caseId, name }) => {
      if (cases.some((item) => item.name === name && item.id !== caseId)) {
        return fail('conflict', `a case named "${name}" already exists`);
      }
      cases = cases.map((item) => (item.id === caseId ? { ...item, name } : item));
      return ok(summary(caseId, name));
    },
    'cases:delete': ({ caseId }) => {
      cases = cases.filter((item) => item.id !== caseId);
      return ok({});
    },
  });
  return { host, summary };
}

const existing: CaseSummary[] = [
  {
    id: 'case-1',
    name: 'Supplier review',
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-20T16:30:00.000Z',
    sizeBytes: 3 * 1024 * 1024,
  },
  { id: 'case-2', name: 'Port audit', createdAt: '', updatedAt: '', sizeBytes: 512 },
];

const rowNames = (): string[] =>
  screen.queryAllByTestId('case-row').map((row) => within(row).getAllByRole('button')[0]?.textContent ?? '');

describe('the case list', () => {
  it("lists the host's cases with their sizes", async () => {
    caseHost(existing);
    render(<CaseList />);
    expect(await screen.findByRole('button', { name: 'Open Supplier review' })).toBeTruthy();
    expect(rowNames()).toEqual(['Supplier review', 'Port audit']);
    expect(within(screen.getAllByTestId('case-row')[0]!).getByText('3.0 MiB')).toBeTruthy();
  });

  it('says there are no cases yet when the host has none', async () => {
    caseHost([]);
    render(<CaseList />);
    expect(await screen.findByText(/No cases yet/)).toBeTruthy();
  });

  it('creates a case with the typed name and opens it', async () => {
    const user = userEvent.setup();
    const { host } = caseHost(existing);
    render(<CaseList />);
    await user.type(screen.getByLabelText('New case'), 'Harbour holdings');
    await user.click(screen.getByRole('button', { name: 'Create case' }));

    await screen.findByRole('button', { name: 'Create case' });
    expect(host.callsTo('cases:create')).toEqual([{ name: 'Harbour holdings' }]);
    await expect.poll(() => appStore.getState().activeCase?.name).toBe('Harbour holdings');
  });

  it('deletes a case only after the confirmation, and Keep leaves it', async () => {
    const user = userEvent.setup();
    const { host } = caseHost(existing);
    render(<CaseList />);
    await user.click(await screen.findByRole('button', { name: 'Delete Port audit' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete Port audit?' });
    await user.click(within(question).getByRole('button', { name: 'Keep' }));
    expect(host.callsTo('cases:delete')).toEqual([]);
    expect(rowNames()).toEqual(['Supplier review', 'Port audit']);

    await user.click(screen.getByRole('button', { name: 'Delete Port audit' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expect.poll(rowNames).toEqual(['Supplier review']);
    expect(host.callsTo('cases:delete')).toEqual([{ caseId: 'case-2' }]);
  });

  it("renames in place, and keeps the form open with the host's reason when it refuses", async () => {
    const user = userEvent.setup();
    caseHost(existing);
    render(<CaseList />);
    await user.click(await screen.findByRole('button', { name: 'Rename Port audit' }));
    const field = screen.getByLabelText('New name for Port audit');
    await user.clear(field);
    await user.type(field, 'Supplier review{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'a case named "Supplier review" already exists',
    );

    await user.clear(field);
    await user.type(field, 'Port audit 2026{Enter}');
    await expect.poll(rowNames).toEqual(['Supplier review', 'Port audit 2026']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists a file that is not a case with the reason and offers nothing to do with it', async () => {
    caseHost([
      ...existing,
      {
        id: 'empty',
        name: 'empty.sqlite',
        createdAt: '',
        updatedAt: '',
        sizeBytes: 0,
        unreadable: 'an empty file (0 bytes), not a case file',
      },
    ]);
    render(<CaseList />);
    const row = (await screen.findByText('empty.sqlite')).closest('tr')!;

    expect(row.textContent).toContain('Cannot be opened as a case: an empty file (0 bytes), not a case file');
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });

  it('shows where a case file from elsewhere on disk is, and removes it from the list instead of deleting it', async () => {
    const user = userEvent.setup();
    const { host } = caseHost([
      { ...existing[0]!, id: 'file-0123456789abcdef', file: '/srv/shared/supplier.sqlite' },
    ]);
    render(<CaseList />);
    const row = (await screen.findByText('/srv/shared/supplier.sqlite')).closest('tr')!;

    expect(within(row).queryByRole('button', { name: 'Delete Supplier review' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Remove Supplier review from the list' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('The file stays where it is.');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await expect.poll(() => host.callsTo('cases:delete')).toEqual([{ caseId: 'file-0123456789abcdef' }]);
  });
});
