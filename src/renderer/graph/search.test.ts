import { describe, expect, it } from 'vitest';
import { rankMatches } from './search';

const nodes = [
  { id: 'Organization:1', label: 'Deutsche Bank Luxembourg S.A.' },
  { id: 'Organization:2', label: 'Alpha Deutsche Bank Holdings' },
  { id: 'Organization:3', label: 'Deutsche Bank AG' },
  { id: 'Organization:4', label: 'Commerzbank AG' },
  { id: 'Identifier:lei:7LTWFZYICNSX8D621K86', label: 'lei:7LTWFZYICNSX8D621K86' },
];

describe('node search', () => {
  it('ranks the exact name before names that start with it or contain it', () => {
    expect(rankMatches(nodes, 'deutsche bank ag')).toEqual(['Organization:3']);
    expect(rankMatches(nodes, 'Deutsche Bank')).toEqual([
      'Organization:3',
      'Organization:1',
      'Organization:2',
    ]);
  });

  it('finds a node by its id when the label does not contain the text', () => {
    expect(rankMatches(nodes, 'organization:4')).toEqual(['Organization:4']);
  });

  it('ignores case, repeated spaces and full-width letters', () => {
    expect(rankMatches(nodes, 'ＣＯＭＭＥＲＺＢＡＮＫ   ag')).toEqual(['Organization:4']);
  });

  it('finds nothing for blank text', () => {
    expect(rankMatches(nodes, '   ')).toEqual([]);
  });

  it('ranks a hit folded in a collection after a drawn node of the same rank', () => {
    const seed = { id: 'Organization:seed', label: 'Lantern Quay Trading Ltd' };
    const foldedName = { id: 'Identifier:legal_name', label: 'Lantern Quay Trading Ltd', folded: true };
    expect(rankMatches([foldedName, seed], 'lantern quay trading ltd')).toEqual([
      'Organization:seed',
      'Identifier:legal_name',
    ]);
  });

  it('still ranks a folded exact match before a drawn partial match', () => {
    const drawn = { id: 'Organization:1', label: 'Acme Holdings' };
    const folded = { id: 'Identifier:1', label: 'Acme', folded: true };
    expect(rankMatches([drawn, folded], 'acme')).toEqual(['Identifier:1', 'Organization:1']);
  });
});

describe('search by notes', () => {
  it('finds a node by the text of a note on it, after label matches', () => {
    const nodes = [
      { id: 'Organization:a', label: 'Acme', extra: 'Shell company per the registry' },
      { id: 'Organization:b', label: 'Shell Energy' },
    ];
    expect(rankMatches(nodes, 'shell')).toEqual(['Organization:b', 'Organization:a']);
  });
});
