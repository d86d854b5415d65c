import { describe, expect, it } from 'vitest';
import { extractBrandName, hasLegalSuffix } from './brand';

describe('extractBrandName', () => {
  const golden: [string, string][] = [
    ['Société Générale SA', 'Société Générale'],
    ['Acme, Inc.', 'Acme'],
    ['Amazon.com, Inc.', 'Amazon.com'],
    ['Google LLC', 'Google'],
    ['Apple Inc.', 'Apple'],
    ['Deutsche Telekom AG', 'Deutsche Telekom'],
    ['Coca-Cola Co', 'Coca-Cola'],
    ['Siemens Aktiengesellschaft', 'Siemens'],
    ['Microsoft Corporation', 'Microsoft'],
    ['IBM', 'IBM'],
    ['Foo Bar ', 'Foo Bar'],
    ['Inc', 'Inc'],
    ['Nokia Oyj', 'Nokia'],
    ['Nokia Oy', 'Nokia'],
    ['Volvo AB', 'Volvo'],
    ['Bloomberg Finance L.P.', 'Bloomberg Finance'],
    ['Dupont S.A.R.L.', 'Dupont'],
    ['Dupont S.A. R.L', 'Dupont'],
    ['Dupont SARL', 'Dupont'],
    ['Renault S.A.', 'Renault'],
    ['Shell plc', 'Shell'],
    ['BARCLAYS PLC', 'BARCLAYS'],
    ['Puma SE', 'Puma'],
    ['Example Incorporated', 'Example'],
    ['ACME GMBH,', 'ACME'],
    ['Müller Ltd', 'Müller'],
    ['株式会社 Ltd', '株式会社'],
    ['Acme Company', 'Acme'],
    ['Foo A.G.', 'Foo'],
    ['Acme Sp. z o.o.', 'Acme'],
    ['Fund VII LP', 'Fund VII'],
    ['Acme Inc Inc', 'Acme Inc'],
    ['Acme Incognito', 'Acme Incognito'],
  ];
  it.each(golden)('turns %j into %j', (input, expected) => {
    expect(extractBrandName(input)).toBe(expected);
  });

  it('removes a suffix after a no-break space', () => {
    expect(extractBrandName('Acme\u00a0Inc')).toBe('Acme');
  });
});

describe('hasLegalSuffix', () => {
  it('tells a suffixed name from a bare one', () => {
    expect(hasLegalSuffix('Google LLC')).toBe(true);
    expect(hasLegalSuffix('Google')).toBe(false);
  });
});
