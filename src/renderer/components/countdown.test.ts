import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown';

describe('countdownText', () => {
  const now = Date.parse('2026-01-01T00:00:10.000Z');

  it('counts whole seconds up to the expected turn', () => {
    expect(countdownText('2026-01-01T00:00:12.300Z', now)).toBe('next turn in 3 s');
  });

  it('says the turn is due once the time has passed', () => {
    expect(countdownText('2026-01-01T00:00:09.000Z', now)).toBe('next turn');
  });
});
