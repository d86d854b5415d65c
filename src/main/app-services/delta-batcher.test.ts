import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Entity, GraphDelta } from '../../shared/model/graph';
import type { DeltaBatch } from './delta-batcher';
import { createDeltaBatcher } from './delta-batcher';

function organization(id: string, name: string): Entity {
  return {
    id: `Organization:${id}`,
    type: 'Organization',
    asset: { unique_id: id, name },
    tags: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

function delta(seq: number, entities: Entity[], merged: GraphDelta['merged'] = []): GraphDelta {
  return { seq, entities, edges: [], merged };
}

describe('the delta batcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the deltas of one window as one batch stating the seq range', () => {
    const batches: DeltaBatch[] = [];
    const batcher = createDeltaBatcher({ windowMs: 50, onFlush: (batch) => batches.push(batch) });
    batcher.push(delta(7, [organization('a', 'A')]));
    batcher.push(delta(8, [organization('b', 'B')]));
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.fromSeq).toBe(7);
    expect(batches[0]!.delta.seq).toBe(8);
    expect(batches[0]!.delta.entities.map((entity) => entity.id)).toEqual([
      'Organization:a',
      'Organization:b',
    ]);
  });

  it('keeps only the latest version of an entity written twice in a window', () => {
    const batches: DeltaBatch[] = [];
    const batcher = createDeltaBatcher({ windowMs: 50, onFlush: (batch) => batches.push(batch) });
    batcher.push(delta(1, [organization('a', 'Old')]));
    batcher.push(delta(2, [organization('a', 'New')]));
    batcher.flush();
    expect(batches[0]!.delta.entities).toHaveLength(1);
    expect(batches[0]!.delta.entities[0]!.asset).toMatchObject({ name: 'New' });
  });

  it('drops an entity merged away inside the window', () => {
    const batches: DeltaBatch[] = [];
    const batcher = createDeltaBatcher({ windowMs: 50, onFlush: (batch) => batches.push(batch) });
    batcher.push(delta(1, [organization('a', 'A'), organization('b', 'B')]));
    batcher.push(delta(2, [], [{ from: 'Organization:a', into: 'Organization:b' }]));
    batcher.flush();
    expect(batches[0]!.delta.entities.map((entity) => entity.id)).toEqual(['Organization:b']);
    expect(batches[0]!.delta.merged).toEqual([{ from: 'Organization:a', into: 'Organization:b' }]);
  });

  it('flushes at once when the pending batch reaches its size cap', () => {
    const batches: DeltaBatch[] = [];
    const batcher = createDeltaBatcher({
      windowMs: 50,
      maxPending: 2,
      onFlush: (batch) => batches.push(batch),
    });
    batcher.push(delta(1, [organization('a', 'A'), organization('b', 'B')]));
    expect(batches).toHaveLength(1);
  });
});
