import { describe, expect, it } from 'vitest';
import { cleanSourceText, hasHiddenCharacters, MAX_FIELD_LENGTH } from './source-text';

describe('text from sources', () => {
  it('loses bidi overrides, so a reversed name cannot pose as another', () => {
    expect(cleanSourceText('Evil \u202Emoc.tfosorcim\u202C Holdings')).toBe('Evil moc.tfosorcim Holdings');
  });

  it('loses zero-width characters, so a look-alike is the name it imitates', () => {
    expect(cleanSourceText('Micro\u200Bsoft Corpo\u200Dration')).toBe('Microsoft Corporation');
  });

  it('loses NUL, ESC and C1 controls', () => {
    expect(cleanSourceText('A\u0000B\u001B[31mC\u009BD')).toBe('AB[31mCD');
  });

  it('keeps markup and letters of every script as they are', () => {
    const text = '<b>Åsa</b> 株式会社 مرحبا';
    expect(cleanSourceText(text)).toBe(text);
  });

  it('turns line breaks into spaces where one line is asked for', () => {
    expect(cleanSourceText('a\r\nb\tc', { singleLine: true })).toBe('a  b c');
    expect(cleanSourceText('a\nb')).toBe('a\nb');
  });

  it('bounds the length with an ellipsis', () => {
    const long = cleanSourceText('x'.repeat(1_000_013));
    expect(long).toHaveLength(MAX_FIELD_LENGTH);
    expect(long.endsWith('\u2026')).toBe(true);
  });

  it('says whether text holds hidden characters', () => {
    expect(hasHiddenCharacters('plain')).toBe(false);
    expect(hasHiddenCharacters('pl\u200Bain')).toBe(true);
  });
});
