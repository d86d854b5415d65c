import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../shared/ipc/result';
import { installFakeHost, startedProgress } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { PROGRESS_REDRAW_MS, ProgressPanel } from './ProgressPanel';

const CASE = { id: 'case-1', name: 'Hostile family', createdAt: '', updatedAt: '', sizeBytes: 0 };

beforeEach(() => {
  appStore.getState().setActiveCase(CASE);
  appStore.getState().updateProgress(startedProgress('run-1'));
  appStore.getState().setCurrentSession('run-1');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the progress panel of a busy run', () => {
  it('keeps the same Cancel button through a stream of progress, and Cancel reaches the host', async () => {
    const host = installFakeHost({
      'session:cancel': ({ sessionId }) => ok({ ...startedProgress(sessionId), state: 'cancelled' }),
    });
    render(<ProgressPanel />);
    const cancel = screen.getByRole('button', { name: 'Cancel' });

    for (let done = 1; done <= 200; done += 1) {
      act(() => appStore.getState().updateProgress({ ...startedProgress('run-1'), done }));
    }

    expect(screen.getByRole('button', { name: 'Cancel' })).toBe(cancel);
    await userEvent.setup().click(cancel);
    expect(host.callsTo('session:cancel')).toEqual([{ sessionId: 'run-1' }]);
    expect(screen.getByTestId('session-state').textContent).toBe('cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('redraws the counters at most every 250 ms, ending on the latest progress', () => {
    vi.useFakeTimers();
    installFakeHost({});
    render(<ProgressPanel />);
    const done = screen.getByTestId('count-done');
    const shown = new Set<string>();
    for (let count = 1; count <= 100; count += 1) {
      act(() => {
        appStore.getState().updateProgress({ ...startedProgress('run-1'), done: count });
        vi.advanceTimersByTime(10);
      });
      shown.add(done.textContent ?? '');
    }
    act(() => {
      vi.advanceTimersByTime(PROGRESS_REDRAW_MS);
    });

    // 100 updates over one second: a handful of redraws, not one per update.
    expect(shown.size).toBeLessThanOrEqual(1000 / PROGRESS_REDRAW_MS + 1);
    expect(screen.getByTestId('count-done').textContent).toBe('100');
  });
});
