import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { columnsOf, rowOf, rowsToCsv, viewRows, type EntityRow } from './entity-rows';

const T1 = '2026-11-01T09:00:00.000Z';
const T2 = '2026-11-05T09:00:00.000Z';

function organization(id: string, name: string, more: Partial<Entity> = {}): Entity {
  return {
    id: `Organization:${id}`,
    type: 'Organization',
    asset: { unique_id: id, name },
    tags: [{ name: 'source', value: 'GLEIF', createdAt: T1, updatedAt: T2 }],
    createdAt: T1,
    updatedAt: T2,
    ...more,
  } as Entity;
}

const edge: Edge = {
  id: 'e',
  from: 'Organization:a',
  to: 'Organization:b',
  relation: 'subsidiary',
  sources: [{ name: 'GLEIF', confidence: 90, createdAt: T1, updatedAt: T2 }],
  properties: {},
  createdAt: T1,
  updatedAt: T2,
};

function rows(): EntityRow[] {
  return [
    rowOf(
      organization('a', 'Acme Holdings', { flag: { name: 'red', author: 'ana', createdAt: T2 } }),
      'Acme Holdings',
      [edge],
    ),
    rowOf(
      organization('b', 'Beta Trading', {
        notes: [{ text: 'nominee director', author: 'ana', createdAt: T2 }],
      }),
      'Beta Trading',
      [edge],
    ),
    rowOf(
      {
        id: 'DomainRecord:c.example',
        type: 'DomainRecord',
        asset: { domain: 'c.example' },
        tags: [],
        createdAt: T1,
        updatedAt: T1,
      },
      'c.example',
      [],
    ),
  ];
}

describe('entity table rows', () => {
  it('reads sources, confidence, first seen, last confirmed, flag and note of an entity', () => {
    expect(rows()[0]).toMatchObject({
      sources: 'GLEIF',
      confidence: 90,
      firstSeen: T1,
      lastConfirmed: T2,
      flag: 'red',
    });
    expect(rows()[1]?.note).toBe('nominee director');
    expect(rows()[2]?.confidence).toBeUndefined();
  });

  it('has a column per field of the rows shown after the fixed ones', () => {
    expect(
      columnsOf(rows())
        .map((column) => column.title)
        .slice(-3),
    ).toEqual(['domain', 'name', 'unique_id']);
  });

  it('filters by every word, in any field, note or flag', () => {
    expect(viewRows(rows(), { filter: 'nominee', sort: undefined }).map((row) => row.id)).toEqual([
      'Organization:b',
    ]);
    expect(viewRows(rows(), { filter: 'red acme', sort: undefined }).map((row) => row.id)).toEqual([
      'Organization:a',
    ]);
  });

  it('shows one type and sorts by a column either way, empty cells last', () => {
    expect(
      viewRows(rows(), { type: 'Organization', filter: '', sort: { key: 'label', descending: true } }).map(
        (row) => row.label,
      ),
    ).toEqual(['Beta Trading', 'Acme Holdings']);
    expect(viewRows(rows(), { filter: '', sort: { key: 'confidence', descending: false } }).at(-1)?.id).toBe(
      'DomainRecord:c.example',
    );
  });

  it('writes the view as CSV with the entity id first', () => {
    const csv = rowsToCsv(rows().slice(0, 1), columnsOf(rows()).slice(0, 2));
    expect(csv.split('\r\n')).toEqual(['id,Name,Type', 'Organization:a,Acme Holdings,Organization']);
  });
});
