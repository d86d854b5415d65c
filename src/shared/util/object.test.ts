import { describe, expect, it } from 'vitest';
import { isPlainObject, omitUndefined } from './object';

describe('isPlainObject', () => {
  it('accepts objects and refuses null, arrays and primitives', () => {
    expect([{}, { a: 1 }].map(isPlainObject)).toEqual([true, true]);
    expect([null, [], 'x', 1, undefined].map(isPlainObject)).toEqual([false, false, false, false, false]);
  });
});

describe('omitUndefined', () => {
  it('drops undefined properties and keeps null, false, 0 and empty text', () => {
    const result = omitUndefined<{ a?: number; b?: null; c?: boolean; d?: string }>({
      a: undefined,
      b: null,
      c: false,
      d: '',
    });
    expect(result).toEqual({ b: null, c: false, d: '' });
    expect('a' in result).toBe(false);
  });
});
