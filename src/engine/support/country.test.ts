import { describe, expect, it } from 'vitest';
import { findCountryCode, isCountryCode } from './country';

describe('findCountryCode', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    ['USA', 'US'],
    ['United States', 'US'],
    ['United Kingdom', 'GB'],
    ['UK', 'GB'],
    ['Deutschland', 'DE'],
    ['Germany', 'DE'],
    ['the netherlands', 'NL'],
    ['Japan', 'JP'],
    ['Brasil', 'BR'],
  ])('recognises %j as %j', (text, code) => {
    expect(findCountryCode(text)).toBe(code);
  });

  it('does not recognise words that are not countries', () => {
    expect(findCountryCode('Redmond')).toBeUndefined();
    expect(findCountryCode('XX')).toBeUndefined();
    expect(findCountryCode('')).toBeUndefined();
  });
});

describe('isCountryCode', () => {
  it('accepts known alpha-2 codes only', () => {
    expect(isCountryCode('de')).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false);
  });
});
