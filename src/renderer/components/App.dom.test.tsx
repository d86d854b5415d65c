import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../shared/ipc/result';
import { installFakeHost } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { App, INFO_NOTICE_MS } from './App';

function mountApp() {
  installFakeHost({ 'cases:list': () => ok([]) });
  appStore.setState({ activeCase: undefined, notice: undefined });
  render(<App />);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('notices', () => {
  it('lets an information notice fade on its own', () => {
    vi.useFakeTimers();
    mountApp();
    act(() => appStore.getState().setNotice({ kind: 'info', text: 'Nothing new found.' }));
    expect(screen.getByRole('status').textContent).toContain('Nothing new found.');
    act(() => {
      vi.advanceTimersByTime(INFO_NOTICE_MS + 100);
    });
    expect(screen.queryByText('Nothing new found.')).toBeNull();
  });

  it('keeps an error until it is dismissed', () => {
    vi.useFakeTimers();
    mountApp();
    act(() => appStore.getState().setNotice({ kind: 'error', text: 'Export failed.' }));
    act(() => {
      vi.advanceTimersByTime(INFO_NOTICE_MS * 10);
    });
    expect(screen.getByRole('alert').textContent).toContain('Export failed.');
  });

  it('shows a notice only in the case it was raised in', () => {
    const caseA = { id: 'a', name: 'A', createdAt: '', updatedAt: '', sizeBytes: 0 };
    appStore.setState({ activeCase: caseA, notice: undefined });
    appStore.getState().setNotice({ kind: 'error', text: 'Re-layout failed.' });
    expect(appStore.getState().notice?.caseId).toBe('a');
    mountApp();
    // Back on the case list (no case open): the case's notice does not follow.
    expect(screen.queryByText('Re-layout failed.')).toBeNull();
  });
});
