import { describe, expect, it } from 'vitest';
import { canonicalLei, withLeiCheckDigits } from './lei';

describe('withLeiCheckDigits', () => {
  it('gives a published LEI its own check digits', () => {
    expect(withLeiCheckDigits('INR2EJN1ERAN0W5ZP9')).toBe('INR2EJN1ERAN0W5ZP974');
  });

  it('makes codes that canonicalLei verifies, for any base', () => {
    for (const base of ['984500FAMHOLD00000', '984500famchld01234', '00000000000000000A']) {
      const lei = withLeiCheckDigits(base);
      expect(canonicalLei(lei)).toEqual({ ok: true, lei });
    }
  });
});
