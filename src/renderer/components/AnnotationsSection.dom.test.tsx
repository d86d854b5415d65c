import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/ipc/result';
import { installFakeHost } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { historyStore } from '../store/history-store';
import { AnnotationsSection } from './AnnotationsSection';

beforeEach(() => {
  appStore
    .getState()
    .setActiveCase({ id: 'case-1', name: 'Notes', createdAt: '', updatedAt: '', sizeBytes: 0 });
});

describe('notes and flag in the details panel', () => {
  it('lists every note with its author and shows who set the flag', () => {
    render(
      <AnnotationsSection
        target="Organization:a"
        item={{
          notes: [
            {
              text: 'Registered at a mass-registration address',
              author: 'ana',
              createdAt: '2026-11-01T09:00:00Z',
            },
          ],
          flag: { name: 'red', author: 'ben', createdAt: '2026-11-02T09:00:00Z' },
        }}
      />,
    );
    const notes = screen.getByRole('list', { name: 'Notes' });
    expect(within(notes).getByText('Registered at a mass-registration address')).toBeTruthy();
    expect(within(notes).getByText(/^ana,/)).toBeTruthy();
    expect(screen.getByTestId('flag-by').textContent).toMatch(/set by ben/);
    expect(screen.getByLabelText('Flag')).toHaveProperty('value', 'red');
  });

  it('adds a note and sets a flag through the host, each undoable from the history', async () => {
    const host = installFakeHost({ 'annotation:set': () => ok({ sessionId: `s-${Math.random()}` }) });
    const user = userEvent.setup();
    render(<AnnotationsSection target="Organization:a" item={{}} />);
    await user.type(screen.getByLabelText('Add a note'), 'Check the 2019 filing');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.selectOptions(screen.getByLabelText('Flag'), 'star');
    expect(host.callsTo('annotation:set')).toEqual([
      { caseId: 'case-1', target: 'Organization:a', note: 'Check the 2019 filing' },
      { caseId: 'case-1', target: 'Organization:a', flag: 'star' },
    ]);
    expect(
      historyStore
        .getState()
        .history.entries.slice(-2)
        .map((entry) => entry.action.kind),
    ).toEqual(['annotate', 'annotate']);
    expect(screen.getByLabelText('Add a note')).toHaveProperty('value', '');
  });
});
