import { describe, expect, it } from 'vitest';
import { exportFileName } from './file-name';

describe('export file names', () => {
  it('name every export of a case by one rule: slug, optional part, extension', () => {
    expect(exportFileName('Demo seeds', 'json')).toBe('demo-seeds.json');
    expect(exportFileName('Demo seeds', 'csv', 'nodes')).toBe('demo-seeds-nodes.csv');
    expect(exportFileName('Demo seeds', 'png', '2x')).toBe('demo-seeds-2x.png');
    expect(exportFileName('Société Générale / 2026', 'svg')).toBe('societe-generale-2026.svg');
    expect(exportFileName('***', 'gexf')).toBe('case.gexf');
  });
});
