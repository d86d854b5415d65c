import { describe, expect, it } from 'vitest';

import { MAX_SEEDS_PER_RUN, parseSeedList, problemLine } from './seed-list';

function thousandLinesWithThreeBad(): string {
  const lines: string[] = [];
  for (let index = 1; index <= 1000; index += 1) {
    lines.push(`Organization=Vendor number ${index} Ltd`);
  }
  lines[9] = 'Netblock=10.0.0.0/33';
  lines[499] = 'Planet=Mars';
  lines[997] = 'Identifier=lei:NOTALEI';
  return lines.join('\n');
}

describe('parseSeedList', () => {
  it('keeps 997 seeds of a 1,000-line list and reports the three bad lines by number', () => {
    const list = parseSeedList(thousandLinesWithThreeBad());
    expect(list.seeds).toHaveLength(997);
    expect(list.problems.map((problem) => problem.line)).toEqual([10, 500, 998]);
    expect(problemLine(list.problems[1]!)).toMatch(/^line 500: unknown seed type "Planet"/);
  });

  it('skips blank lines and lines starting with #, counting them in line numbers', () => {
    const list = parseSeedList('# vendors\n\nDomainRecord=example.com\n  \nAutonomousSystem=oops\n');
    expect(list.seeds).toEqual([{ type: 'DomainRecord', asset: { domain: 'example.com' } }]);
    expect(list.problems).toEqual([{ line: 5, reason: expect.stringMatching(/autonomous system/) }]);
  });

  it('canonicalises each value as a typed seed is and says how, with the line', () => {
    const list = parseSeedList('DomainRecord=https://www.example.org/about');
    expect(list.seeds[0]).toEqual({ type: 'DomainRecord', asset: { domain: 'example.org' } });
    expect(list.notices[0]).toMatch(/^line 1: .*reduced to its domain example\.org/);
  });

  it('reads bare values with the type given for the whole list, an organization name holding "=" included', () => {
    const list = parseSeedList('Acme = Partners\nDomainRecord=example.com', { type: 'Organization' });
    expect(list.seeds.map((seed) => seed.type)).toEqual(['Organization', 'DomainRecord']);
    expect(list.seeds[0]?.asset).toMatchObject({ name: 'Acme = Partners' });
  });

  it('reports a bare value without a type for the list', () => {
    expect(parseSeedList('example.com').problems[0]?.reason).toMatch(/no seed type/);
  });

  it('drops a seed naming the same entity as an earlier line and counts it', () => {
    const list = parseSeedList('Organization=Acme Ltd\nOrganization=ACME LTD.');
    expect(list.seeds).toHaveLength(1);
    expect(list.duplicates).toBe(1);
  });

  it('keeps at most 10,000 seeds and counts the rest', () => {
    const text = Array.from(
      { length: MAX_SEEDS_PER_RUN + 5 },
      (_, index) => `AutonomousSystem=${index + 1}`,
    ).join('\n');
    const list = parseSeedList(text);
    expect(list.seeds).toHaveLength(MAX_SEEDS_PER_RUN);
    expect(list.overLimit).toBe(5);
  });

  it('reads a named CSV column with a type column, numbering rows by their line, quoted line breaks included', () => {
    const csv =
      'Name,Type,Country\nAcme Holdings,Organization,"GB\nUK"\nexample.com,DomainRecord,US\nbad/99,Netblock,FR\n';
    const list = parseSeedList(csv, { column: 'name' });
    expect(list.seeds.map((seed) => seed.type)).toEqual(['Organization', 'DomainRecord']);
    expect(list.lines).toEqual([2, 4]);
    expect(list.problems).toEqual([{ line: 5, reason: expect.stringMatching(/CIDR/) }]);
  });

  it('reads a CSV column with the type given for the whole list', () => {
    const list = parseSeedList('vendor;city\nAcme Ltd;Leeds\n\nGlobex;Paris', {
      column: 'vendor',
      type: 'Organization',
    });
    expect(list.seeds).toHaveLength(2);
    expect(list.lines).toEqual([2, 4]);
  });

  it('reports a CSV without the named column on its header line', () => {
    expect(parseSeedList('a,b\n1,2', { column: 'name' }).problems).toEqual([
      { line: 1, reason: 'no column named "name" in the header' },
    ]);
  });
});
