import { describe, expect, it } from 'vitest';

import { estimateTimeLeftMs, formatTimeLeft } from './time-left';

const start = Date.parse('2026-01-01T00:00:00Z');
const base = { queued: 0, running: 0, done: 0, failed: 0, startedAt: new Date(start).toISOString() };

describe('estimateTimeLeftMs', () => {
  it('gives no estimate before a run has finished', () => {
    expect(estimateTimeLeftMs({ ...base, queued: 10 }, start + 5_000)).toBeUndefined();
  });

  it('multiplies the pace of finished runs by the runs still waiting', () => {
    // 10 runs in 30 s (a source allowing one request every 3 s): 90 waiting take 270 s.
    expect(estimateTimeLeftMs({ ...base, done: 8, failed: 2, queued: 89, running: 1 }, start + 30_000)).toBe(
      270_000,
    );
  });

  it('is never shorter than the wait a source has announced', () => {
    const waiting = { GLEIF: { since: base.startedAt, until: new Date(start + 60_000).toISOString() } };
    expect(
      estimateTimeLeftMs({ ...base, done: 10, queued: 1, waitingOnRateLimit: waiting }, start + 10_000),
    ).toBe(50_000);
  });

  it('is zero when nothing is left', () => {
    expect(estimateTimeLeftMs({ ...base, done: 3 }, start + 1_000)).toBe(0);
  });
});

describe('formatTimeLeft', () => {
  it('says seconds, minutes, or hours and minutes', () => {
    expect([formatTimeLeft(4_200), formatTimeLeft(150_000), formatTimeLeft(7_500_000)]).toEqual([
      '5 s',
      '3 min',
      '2 h 05 min',
    ]);
  });
});
