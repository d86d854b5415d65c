import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SeedInput } from '../../shared/ipc/contract';
import { ok } from '../../shared/ipc/result';
import { installFakeHost, startedProgress } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { ImportSeeds } from './ImportSeeds';

const CASE = { id: 'case-1', name: 'Vendor screening', createdAt: '', updatedAt: '', sizeBytes: 0 };

function thousandLinesWithThreeBad(): string {
  const lines = Array.from({ length: 1000 }, (_, index) => `Organization=Vendor ${index + 1} Ltd`);
  lines[9] = 'Netblock=10.0.0.0/33';
  lines[499] = 'Planet=Mars';
  lines[997] = 'Identifier=lei:NOTALEI';
  return lines.join('\n');
}

beforeEach(() => {
  appStore.getState().setActiveCase(CASE);
});

describe('import seeds', () => {
  it('starts one run with the 997 good seeds of a 1,000-line file and lists the three bad lines', async () => {
    let sent: SeedInput[] = [];
    installFakeHost({
      'session:start': (request) => {
        sent = request.seeds;
        return ok({ sessionId: 'run-1', progress: startedProgress('run-1') });
      },
    });
    const user = userEvent.setup();
    render(<ImportSeeds />);
    await user.click(screen.getByRole('button', { name: 'Import seeds…' }));
    const file = new File([thousandLinesWithThreeBad()], 'vendors.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Or open a file (.txt, .csv)'), file);

    const problems = await screen.findByRole('list', { name: 'Bad lines' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(':')[0]),
    ).toEqual(['line 10', 'line 500', 'line 998']);
    expect(screen.getByTestId('import-seeds-count').textContent).toBe('997 seeds ready, 3 bad lines');
    await user.click(screen.getByRole('button', { name: 'Start (997 seeds)' }));
    expect(sent).toHaveLength(997);
    expect(sent[0]).toEqual({ type: 'Organization', value: 'Vendor 1 Ltd' });
  });

  it('reads pasted bare values with the type chosen for the whole list', async () => {
    installFakeHost({});
    const user = userEvent.setup();
    render(<ImportSeeds />);
    await user.click(screen.getByRole('button', { name: 'Import seeds…' }));
    await user.selectOptions(screen.getByLabelText('Type of lines without one'), 'DomainRecord');
    await user.click(screen.getByLabelText('One seed per line (Type=value), or a CSV'));
    await user.paste('example.com\n# skipped\nexample.org');
    expect((await screen.findByTestId('import-seeds-count')).textContent).toBe('2 seeds ready, 0 bad lines');
  });
});
