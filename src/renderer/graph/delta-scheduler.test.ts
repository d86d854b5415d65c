import { describe, expect, it } from 'vitest';
import type { Entity, GraphDelta } from '../../shared/model/graph';
import { createDeltaScheduler, splitDelta } from './delta-scheduler';

function entity(index: number): Entity {
  return {
    id: `Organization:${index}`,
    type: 'Organization',
    asset: { unique_id: String(index), name: `Org ${index}` },
    tags: [],
    createdAt: '',
    updatedAt: '',
  };
}

function delta(seq: number, count: number): GraphDelta {
  return {
    seq,
    entities: Array.from({ length: count }, (_, index) => entity(seq * 1_000 + index)),
    edges: [],
    merged: [],
  };
}

/** Frames run by hand; the clock advances by `costPerEntity` ms for each entity applied. */
function harness(costPerEntity: number, minIntervalMs = 0, hold: { on: boolean } = { on: false }) {
  let time = 0;
  const frames: (() => void)[] = [];
  const applied: GraphDelta[][] = [];
  const scheduler = createDeltaScheduler({
    apply: (deltas) => {
      applied.push(deltas);
      time += deltas.reduce((sum, item) => sum + item.entities.length, 0) * costPerEntity;
    },
    budgetMs: 8,
    minIntervalMs: () => minIntervalMs,
    holdWhile: () => hold.on,
    now: () => time,
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: () => undefined,
  });
  const runFrame = (advance = 16): void => {
    time += advance;
    const callbacks = frames.splice(0);
    for (const callback of callbacks) {
      callback();
    }
  };
  return { scheduler, applied, frames, runFrame };
}

describe('the delta scheduler', () => {
  it('cuts a big delta into pieces with its edges and merges in the first piece', () => {
    const big = { ...delta(1, 250), merged: [{ from: 'Organization:x', into: 'Organization:y' }] };
    const pieces = splitDelta(big, 100);
    expect(pieces.map((piece) => piece.entities.length)).toEqual([100, 100, 50]);
    expect(pieces.map((piece) => piece.merged.length)).toEqual([1, 0, 0]);
  });

  it('applies deltas that arrive before the frame in one application', () => {
    const { scheduler, applied, runFrame } = harness(0.001);
    scheduler.push([delta(1, 3)]);
    scheduler.push([delta(2, 4)]);
    runFrame();
    expect(applied).toHaveLength(1);
    expect(applied[0]?.map((item) => item.seq)).toEqual([1, 2]);
  });

  it('spreads a burst over several frames once the measured cost exceeds the budget', () => {
    const { scheduler, applied, runFrame } = harness(0.1);
    scheduler.push([delta(1, 1_000)]);
    for (let index = 0; index < 30 && scheduler.queued > 0; index += 1) {
      runFrame();
    }
    expect(scheduler.queued).toBe(0);
    expect(applied.length).toBeGreaterThan(3);
    const total = applied.flat().reduce((sum, item) => sum + item.entities.length, 0);
    expect(total).toBe(1_000);
    // After the first measured frame, no frame takes more than one piece beyond the budget.
    const perFrame = applied
      .slice(1)
      .map((deltas) => deltas.reduce((sum, item) => sum + item.entities.length, 0));
    expect(Math.max(...perFrame) * 0.1).toBeLessThanOrEqual(8 + 10);
  });

  it('waits the minimum interval between two applications', () => {
    const { scheduler, applied, runFrame } = harness(0.001, 100);
    scheduler.push([delta(1, 1)]);
    runFrame();
    scheduler.push([delta(2, 1)]);
    runFrame();
    runFrame();
    expect(applied).toHaveLength(1);
    runFrame(100);
    expect(applied).toHaveLength(2);
  });

  it('drops queued deltas on clear', () => {
    const { scheduler, applied, runFrame } = harness(0.001);
    scheduler.push([delta(1, 5)]);
    scheduler.clear();
    runFrame();
    expect(applied).toHaveLength(0);
  });

  it('keeps every delta queued while held and applies them all once released', () => {
    const hold = { on: true };
    const { scheduler, applied, runFrame } = harness(0.001, 0, hold);
    scheduler.push([delta(1, 150)]);
    runFrame();
    scheduler.push([delta(2, 5)]);
    runFrame();
    expect(applied).toHaveLength(0);
    expect(scheduler.queued).toBe(3);
    hold.on = false;
    for (let index = 0; index < 10 && scheduler.queued > 0; index += 1) {
      runFrame();
    }
    expect(applied.flat().reduce((sum, item) => sum + item.entities.length, 0)).toBe(155);
  });

  it('applies in the task it is given after the frame, not inside the frame callback, when told to defer', () => {
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    const applied: GraphDelta[][] = [];
    const scheduler = createDeltaScheduler({
      apply: (deltas) => applied.push(deltas),
      requestFrame: (callback) => frames.push(callback),
      cancelFrame: () => undefined,
      defer: (work) => tasks.push(work),
    });
    scheduler.push([delta(1, 3)]);
    for (const callback of frames.splice(0)) {
      callback();
    }
    expect(applied).toHaveLength(0);
    for (const task of tasks.splice(0)) {
      task();
    }
    expect(applied.flat().flatMap((item) => item.entities)).toHaveLength(3);
  });
});
