import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/ipc/result';
import { installFakeHost, startedProgress } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { SeedForm } from './SeedForm';

const CASE = { id: 'case-1', name: 'Supplier review', createdAt: '', updatedAt: '', sizeBytes: 0 };

function startingHost() {
  return installFakeHost({
    'session:start': () => ok({ sessionId: 'run-1', progress: startedProgress('run-1') }),
  });
}

function seedList(): string[] {
  const list = screen.queryByRole('list', { name: 'Seeds for this run' });
  return list === null
    ? []
    : within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '');
}

beforeEach(() => {
  appStore.getState().setActiveCase(CASE);
});

describe('the seed form', () => {
  it('lists each added seed with its type and empties the field', async () => {
    const user = userEvent.setup();
    render(<SeedForm />);
    await user.type(screen.getByLabelText('Value'), 'Lantern Quay Trading');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.selectOptions(screen.getByLabelText('Seed type'), 'Domain');
    await user.type(screen.getByLabelText('Value'), 'lanternquay.example');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(seedList()).toEqual(['Organization nameLantern Quay Trading×', 'Domainlanternquay.example×']);
    expect(screen.getByLabelText('Value')).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Start (2 seeds)' })).toBeTruthy();
  });

  it('lists a seed typed twice once', async () => {
    const user = userEvent.setup();
    render(<SeedForm />);
    for (const text of ['Lantern Quay Trading', '  Lantern Quay Trading ']) {
      await user.type(screen.getByLabelText('Value'), text);
      await user.click(screen.getByRole('button', { name: 'Add' }));
    }
    expect(seedList()).toHaveLength(1);
  });

  it('removes a listed seed with its remove button and keeps the others', async () => {
    const user = userEvent.setup();
    render(<SeedForm />);
    for (const name of ['Lantern Quay Trading', 'Lantern Quay Media']) {
      await user.type(screen.getByLabelText('Value'), name);
      await user.click(screen.getByRole('button', { name: 'Add' }));
    }
    await user.click(screen.getByRole('button', { name: 'Remove Organization name Lantern Quay Trading' }));
    expect(seedList()).toEqual(['Organization nameLantern Quay Media×']);
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
  });

  it('refuses a malformed LEI with a message, marks the field invalid and starts nothing', async () => {
    const user = userEvent.setup();
    const host = startingHost();
    render(<SeedForm />);
    await user.selectOptions(screen.getByLabelText('Seed type'), 'LEI');
    await user.type(screen.getByLabelText('Value'), 'not-an-lei');
    await user.click(screen.getByRole('button', { name: 'Start' }));

    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(screen.getByLabelText('Value').getAttribute('aria-invalid')).toBe('true');
    expect(host.callsTo('session:start')).toEqual([]);
  });

  it('starts one run with every listed seed plus the value still in the field, then clears the list', async () => {
    const user = userEvent.setup();
    const host = startingHost();
    render(<SeedForm />);
    await user.type(screen.getByLabelText('Value'), 'Lantern Quay Trading');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByLabelText('Value'), 'Lantern Quay Media');
    await user.clear(screen.getByLabelText('Depth'));
    await user.type(screen.getByLabelText('Depth'), '3');
    await user.click(screen.getByRole('button', { name: 'Start' }));

    await screen.findByRole('button', { name: 'Start' });
    expect(host.callsTo('session:start')).toEqual([
      {
        caseId: 'case-1',
        seeds: [
          { type: 'Organization', value: 'Lantern Quay Trading' },
          { type: 'Organization', value: 'Lantern Quay Media' },
        ],
        depth: 3,
      },
    ]);
    expect(seedList()).toEqual([]);
    expect(appStore.getState().currentSessionId).toBe('run-1');
  });

  it("shows the host's refusal and keeps the seeds for another try", async () => {
    const user = userEvent.setup();
    installFakeHost({});
    render(<SeedForm />);
    await user.type(screen.getByLabelText('Value'), 'Lantern Quay Trading');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));

    expect((await screen.findByRole('alert')).textContent).toBe('no reply for session:start');
    expect(seedList()).toHaveLength(1);
  });
});
