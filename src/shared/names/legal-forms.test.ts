import { describe, expect, it } from 'vitest';
import { canonicalName, numbersOf, sameName } from './canonical';
import { LEGAL_FORMS_SOURCE, legalFormInfo, sameLegalForm, splitLegalForm } from './legal-forms';

/** country, a name as investigators write it, the ELF code its legal form must name there */
const SPELLINGS: [string, string, string][] = [
  ['DE', 'Acme AG', '6QQB'],
  ['DE', 'Acme A.G.', '6QQB'],
  ['DE', 'Acme Aktiengesellschaft', '6QQB'],
  ['DE', 'Acme GmbH', '2HBR'],
  ['DE', 'Acme G.m.b.H.', '2HBR'],
  ['DE', 'Acme Gesellschaft mit beschränkter Haftung', '2HBR'],
  ['DE', 'Acme GmbH & Co. KG', '8Z6G'],
  ['DE', 'Acme GmbH & Co.KG', '8Z6G'],
  ['DE', 'Acme GmbH und Co. KG', '8Z6G'],
  ['DE', 'Acme KG', '8Z6G'],
  ['DE', 'Acme KGaA', 'T0YJ'],
  ['DE', 'Acme e.V.', 'QZ3L'],
  ['DE', 'Acme UG (haftungsbeschränkt)', '63KS'],
  ['AT', 'Acme Ges.m.b.H.', 'AXSB'],
  ['AT', 'Acme GmbH', 'AXSB'],
  ['AT', 'Acme KG', 'ONF1'],
  ['CH', 'Acme AG', 'MVII'],
  ['CH', 'Acme SA', 'MVII'],
  ['CH', 'Acme Sàrl', '3EKS'],
  ['CH', 'Acme Sarl', '3EKS'],
  ['FR', 'Acme SAS', '6CHY'],
  ['FR', 'Acme S.A.S.', '6CHY'],
  ['FR', 'Acme Société par actions simplifiée', '6CHY'],
  ['FR', 'Acme Societe par actions simplifiee', '6CHY'],
  ['FR', 'Acme SA', 'QVPB'],
  ['FR', 'Acme SARL', 'V9QP'],
  ['LU', 'Acme S.à r.l.', 'DVXS'],
  ['LU', 'Acme SARL', 'DVXS'],
  ['LU', 'Acme SCS', '63P9'],
  ['LU', 'Acme SECS', '63P9'],
  ['LU', 'Acme SCA', '81G5'],
  ['LU', 'Acme Société anonyme', '5GGB'],
  ['NL', 'Acme BV', '54M6'],
  ['NL', 'Acme B.V.', '54M6'],
  ['NL', 'Acme N.V.', 'B5PM'],
  ['NL', 'Acme C.V.', 'CODH'],
  ['BE', 'Acme BV', '3W7E'],
  ['BE', 'Acme BVBA', 'N5NT'],
  ['BE', 'Acme NV', 'R85P'],
  ['BE', 'Acme SRL', '3W7E'],
  ['BE', 'Acme SA', 'R85P'],
  ['BE', 'Acme VZW', 'W3WH'],
  ['BE', 'Acme ASBL', 'W3WH'],
  ['PL', 'Acme Sp. z o.o.', 'O7XB'],
  ['PL', 'Acme sp. z o. o.', 'O7XB'],
  ['PL', 'Acme Spółka z ograniczoną odpowiedzialnością', 'O7XB'],
  ['PL', 'Acme S.A.', 'FJ0E'],
  ['PL', 'Acme Spółka Akcyjna', 'FJ0E'],
  ['PL', 'Acme SPOLKA AKCYJNA', 'FJ0E'],
  ['IT', 'Acme S.p.A.', 'P418'],
  ['IT', 'Acme SpA', 'P418'],
  ['IT', 'Acme S.r.l.', 'OV32'],
  ['IT', 'Acme SRL', 'OV32'],
  ['IT', 'Acme Società per azioni', 'P418'],
  ['IT', 'Acme S.a.s.', 'CGSO'],
  ['ES', 'Acme S.L.', 'DP3Q'],
  ['ES', 'Acme SL', 'DP3Q'],
  ['ES', 'Acme S.A.', '5RDO'],
  ['ES', 'Acme Sociedad Anónima', '5RDO'],
  ['GB', 'Acme Ltd', 'H0PO'],
  ['GB', 'Acme Ltd.', 'H0PO'],
  ['GB', 'Acme Limited', 'H0PO'],
  ['GB', 'Acme PLC', 'B6ES'],
  ['GB', 'Acme p.l.c.', 'B6ES'],
  ['GB', 'Acme Public Limited Company', 'B6ES'],
  ['GB', 'Acme LLP', 'Z0EY'],
  ['US', 'Acme Inc.', 'HFGV'],
  ['US', 'Acme Incorporated', 'H1UM'],
  ['US', 'Acme Corp.', 'HFGV'],
  ['US', 'Acme Corporation', 'XTIQ'],
  ['US', 'Acme LLC', 'HZEH'],
  ['US', 'Acme L.L.C.', 'HZEH'],
  ['US', 'Acme LP', 'T91T'],
  ['US', 'Acme L.P.', 'T91T'],
  ['US', 'Acme N.A.', '62VJ'],
  ['JP', '株式会社アクメ', 'T417'],
  ['JP', 'アクメ株式会社', 'T417'],
  ['JP', 'アクメ合同会社', '7QQ0'],
  // Japan in Latin script (jp-latin-forms.json: the ELF list has Japanese script only).
  ['JP', 'Acme Kabushiki Kaisha', 'T417'],
  ['JP', 'Acme Kabushiki Gaisha', 'T417'],
  ['JP', 'Acme K.K.', 'T417'],
  ['JP', 'Acme KK', 'T417'],
  ['JP', 'Kabushiki Kaisha Acme', 'T417'],
  ['JP', 'Acme Corporation', 'T417'],
  ['JP', 'Acme Inc.', 'T417'],
  ['JP', 'Acme Godo Kaisha', '7QQ0'],
  ['JP', 'Acme G.K.', '7QQ0'],
  ['JP', 'Acme LLC', '7QQ0'],
  ['JP', 'Acme Yugen Kaisha', 'DYQK'],
  ['JP', 'Acme Y.K.', 'DYQK'],
  ['JP', 'Yugen Kaisha Acme', 'DYQK'],
  ['JP', 'Acme Gomei Kaisha', 'IUVI'],
  ['JP', 'Acme Goshi Kaisha', '5MVV'],
];

describe('legal forms from the ELF code list', () => {
  it('says which list and version the table was derived from', () => {
    expect(LEGAL_FORMS_SOURCE).toMatchObject({ version: '1.6', published: '2026-02-19' });
    expect(LEGAL_FORMS_SOURCE.sha256).toBe(
      'c55edc421e49ce362457f772d6bfa41f5fc63ecaadea74db5735722625506ef4',
    );
  });

  it.each(SPELLINGS)('%s: %s names ELF %s', (country, name, code) => {
    const { brand, form } = splitLegalForm(name);
    expect(legalFormInfo(code)?.country).toBe(country);
    expect(form?.codes).toContain(code);
    expect(brand).toMatch(/^(Acme|アクメ)$/u);
  });

  it.each([
    ['Inc'],
    ['LLC'],
    ['LTD'],
    ['PLC'],
    ['SA'],
    ['S.A.'],
    ['AG'],
    ['GmbH'],
    ['AB'],
    ['Oy'],
    ['SARL'],
    ['S.A.R.L.'],
  ])("removes the spec's suffix %s, in any letter case", (suffix) => {
    expect(splitLegalForm(`Acme ${suffix}`).brand).toBe('Acme');
    expect(splitLegalForm(`Acme ${suffix.toLowerCase()}`).brand).toBe('Acme');
  });

  it('finds an abbreviation written before the name', () => {
    expect(splitLegalForm('PT Shell Indonesia')).toMatchObject({
      brand: 'Shell Indonesia',
      form: { text: 'PT' },
    });
  });

  it('takes the longest form at the end', () => {
    expect(splitLegalForm('Müller GmbH & Co. KG').form?.text).toBe('GmbH & Co. KG');
  });

  it('leaves a name that is only a legal form, or has none, as it is', () => {
    expect(splitLegalForm('GmbH')).toEqual({ brand: 'GmbH' });
    expect(splitLegalForm('Acme Incognito')).toEqual({ brand: 'Acme Incognito' });
  });

  it('reads a small Roman numeral as a number, not as a legal form', () => {
    expect(splitLegalForm('Fund VI').form).toBeUndefined();
    expect(splitLegalForm('Fund II').form).toBeUndefined();
  });

  it('tells two spellings of one form from two forms', () => {
    const form = (name: string) => splitLegalForm(`Acme ${name}`).form;
    const same = (a: string, b: string, country?: string) => {
      const [x, y] = [form(a), form(b)];
      return x !== undefined && y !== undefined && sameLegalForm(x, y, country);
    };
    expect(same('AG', 'Aktiengesellschaft')).toBe(true);
    expect(same('S.A.', 'Spółka Akcyjna', 'PL')).toBe(true);
    expect(same('GmbH & Co.KG', 'GmbH & Co. KG')).toBe(true);
    expect(same('GmbH', 'Ltd', 'GB')).toBe(false);
    expect(same('Inc', 'LLC', 'US')).toBe(false);
    expect(same('BV', 'NV', 'NL')).toBe(false);
    expect(same('K.K.', '株式会社', 'JP')).toBe(true);
    expect(same('Kabushiki Kaisha', 'Co., Ltd.', 'JP')).toBe(true);
    expect(same('G.K.', 'LLC', 'JP')).toBe(true);
    expect(same('K.K.', 'G.K.', 'JP')).toBe(false);
    expect(same('Kabushiki Kaisha', '合同会社', 'JP')).toBe(false);
    expect(same('Godo Kaisha', 'Yugen Kaisha', 'JP')).toBe(false);
  });

  it("reads a Japanese company's 'Co., Ltd.' as the name's 'Co.' and a form that names a 株式会社 in Japan", () => {
    const { brand, form } = splitLegalForm('Acme Trading Co., Ltd.');
    expect(brand).toBe('Acme Trading Co.');
    expect(form?.codes).toEqual(expect.arrayContaining(['T417', 'DYQK']));
  });

  it("adds Japan's Latin spellings to a spelling other countries use, taking none of their codes away", () => {
    const codes = splitLegalForm('Acme LLC').form?.codes ?? [];
    expect(codes).toEqual(expect.arrayContaining(['HZEH', '7QQ0']));
  });
});

describe('canonical organisation names', () => {
  it.each([
    ['Müller Maschinen GmbH', 'MUELLER MASCHINEN GMBH'],
    ['Müller Maschinen GmbH', 'Muller Maschinen G.m.b.H.'],
    ['Straßenbau AG', 'STRASSENBAU AKTIENGESELLSCHAFT'],
    ['Société Générale', 'SOCIETE GENERALE'],
    ['Smith & Sons Ltd', 'SMITH AND SONS LIMITED'],
    ['Schmidt & Partner', 'Schmidt und Partner'],
    ['Ａｃｍｅ', 'Acme'],
    ['Acme  Holdings,  Inc.', 'ACME HOLDINGS INC'],
  ])('%s is the same name as %s', (a, b) => {
    expect(sameName(canonicalName(a), canonicalName(b))).toBe(true);
  });

  it.each([
    ['Acme Holdings', 'Acme Holding'],
    ['Nordbank', 'Nord Bank Finance'],
  ])('%s is not the same name as %s', (a, b) => {
    expect(sameName(canonicalName(a), canonicalName(b))).toBe(false);
  });

  it.each([
    ['Fund VII', [7]],
    ['Shell Exploration and Production (LXI)', [61]],
    ['Shell Exploration and Production (84)', [84]],
    ['Brazil Shipping I', [1]],
    ['Acme International', []],
    ['Vivid Civic', []],
  ])('%s carries the numbers %j', (name, numbers) => {
    expect(numbersOf(name)).toEqual(numbers);
  });
});
