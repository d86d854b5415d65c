import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from './graph';
import { entitiesInRange, timelineBuckets } from './timeline';

function entity(id: string, createdAt: string, confirmedAt = createdAt): Entity {
  return {
    id,
    type: 'Organization',
    asset: { unique_id: id, name: id },
    tags: [{ name: 'source', value: 'GLEIF', createdAt, updatedAt: confirmedAt }],
    createdAt,
    updatedAt: confirmedAt,
  };
}

function edge(id: string, createdAt: string, confirmedAt: string, goneAt?: string): Edge {
  return {
    id,
    from: 'a',
    to: 'b',
    relation: 'subsidiary',
    sources: [
      {
        name: 'GLEIF',
        confidence: 100,
        createdAt,
        updatedAt: confirmedAt,
        ...(goneAt === undefined ? {} : { goneAt }),
      },
    ],
    properties: {},
    createdAt,
    updatedAt: confirmedAt,
  };
}

const RUNS = [
  { id: 'r1', startedAt: '2026-03-01T10:00:00.000Z', finishedAt: '2026-03-01T10:05:00.000Z' },
  {
    id: 'note',
    startedAt: '2026-03-02T09:00:00.000Z',
    finishedAt: '2026-03-02T09:00:00.000Z',
    action: 'note',
  },
  { id: 'r2', startedAt: '2026-03-03T10:00:00.000Z', finishedAt: '2026-03-03T10:05:00.000Z' },
];
// The seed of run 1 is written just before it starts; `b` is confirmed again by run 2.
const ENTITIES = [
  entity('seed', '2026-03-01T09:59:59.990Z'),
  entity('b', '2026-03-01T10:01:00.000Z', '2026-03-03T10:02:00.000Z'),
  entity('c', '2026-03-03T10:03:00.000Z'),
];

describe('timeline buckets', () => {
  it('count by run what each run first saw and last confirmed, leaving actions out', () => {
    const buckets = timelineBuckets(
      ENTITIES,
      [edge('e', '2026-03-01T10:02:00.000Z', '2026-03-01T10:02:00.000Z')],
      RUNS,
      'run',
    );
    expect(buckets.map((bucket) => [bucket.label, bucket.firstSeen, bucket.lastConfirmed])).toEqual([
      ['Run 1', { entities: 2, edges: 1 }, { entities: 1, edges: 1 }],
      ['Run 2', { entities: 1, edges: 0 }, { entities: 2, edges: 0 }],
    ]);
  });

  it('count by day, every day between the first and the last shown (empty ones too)', () => {
    const buckets = timelineBuckets(ENTITIES, [], RUNS, 'day');
    expect(buckets.map((bucket) => [bucket.label, bucket.firstSeen.entities])).toEqual([
      ['2026-03-01', 2],
      ['2026-03-02', 0],
      ['2026-03-03', 1],
    ]);
  });

  it('date an edge a source no longer states by the sources still stating it', () => {
    const gone = edge(
      'e',
      '2026-03-01T10:02:00.000Z',
      '2026-03-03T10:02:00.000Z',
      '2026-03-03T10:02:00.000Z',
    );
    const [run1, run2] = timelineBuckets([], [gone], RUNS, 'run');
    expect(run1?.lastConfirmed.edges).toBe(0);
    expect(run2?.lastConfirmed.edges).toBe(1);
  });
});

describe('time ranges', () => {
  it('keep the entities new in the last run, first seen since a date, not confirmed since one, or of a bar', () => {
    const ids = (range: Parameters<typeof entitiesInRange>[1]): string[] =>
      [...entitiesInRange(ENTITIES, range, RUNS)].sort();
    expect(ids({ kind: 'last-run' })).toEqual(['c']);
    expect(ids({ kind: 'since', date: '2026-03-02' })).toEqual(['c']);
    expect(ids({ kind: 'not-confirmed-since', date: '2026-03-02' })).toEqual(['seed']);
    const [run1] = timelineBuckets(ENTITIES, [], RUNS, 'run');
    expect(ids({ kind: 'bucket', start: run1?.start ?? 0, end: run1?.end ?? 0, label: 'Run 1' })).toEqual([
      'b',
      'seed',
    ]);
  });

  it('keep nothing as new before the first run', () => {
    expect(entitiesInRange(ENTITIES, { kind: 'last-run' }, []).size).toBe(0);
  });
});
