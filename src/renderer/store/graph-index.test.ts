import { describe, expect, it } from 'vitest';
import type { Edge, Entity, GraphSnapshot } from '../../shared/model/graph';
import { createAppStore } from './app-store';
import { indexSnapshot, indexSnapshotInSlices } from './graph-index';

const organization = (index: number): Entity =>
  index % 3 === 0
    ? {
        id: `Organization:${index}`,
        type: 'Person',
        asset: { unique_id: String(index), full_name: `P ${index}` },
        tags: [],
        createdAt: '',
        updatedAt: '',
      }
    : {
        id: `Organization:${index}`,
        type: 'Organization',
        asset: { unique_id: String(index), name: `Org ${index}` },
        tags: [],
        createdAt: '',
        updatedAt: '',
      };

const owns = (from: number, to: number): Edge => ({
  id: `${from}-${to}`,
  from: `Organization:${from}`,
  to: `Organization:${to}`,
  relation: 'subsidiary',
  sources: [
    { name: from % 2 === 0 ? 'GLEIF' : 'RDAP', confidence: 90, createdAt: '', updatedAt: '' },
    { name: 'GLEIF', confidence: 80, createdAt: '', updatedAt: '' },
  ],
  properties: {},
  createdAt: '',
  updatedAt: '',
});

/** A tree of 3,000 entities, with one edge listed twice (the later one stands). */
function treeSnapshot(): GraphSnapshot {
  const entities = Array.from({ length: 3_000 }, (_, index) => organization(index));
  const edges = entities.slice(1).map((_, index) => owns(Math.floor((index + 1) / 4), index + 1));
  return { seq: 7, entities, edges: [...edges, owns(0, 1)] };
}

/** Runs the queued tasks one by one, counting them. */
function taskQueue() {
  const tasks: (() => void)[] = [];
  return {
    schedule: (work: () => void) => tasks.push(work),
    runAll: () => {
      let ran = 0;
      while (tasks.length > 0) {
        tasks.shift()?.();
        ran += 1;
      }
      return ran;
    },
  };
}

describe("a snapshot's graph maps built ahead", () => {
  it('are the maps built in one go, built over several tasks', async () => {
    const snapshot = treeSnapshot();
    const queue = taskQueue();
    let clock = 0;
    // Every reading of the clock is a millisecond later: a slice ends after a few readings.
    const built = indexSnapshotInSlices(snapshot, {
      schedule: queue.schedule,
      now: () => (clock += 1),
      budgetMs: 3,
    });
    expect(queue.runAll()).toBeGreaterThan(2);
    expect(await built).toEqual(indexSnapshot(snapshot));
  });

  it('show in the store what a snapshot reset without them shows', async () => {
    const snapshot = treeSnapshot();
    const queue = taskQueue();
    const built = indexSnapshotInSlices(snapshot, { schedule: queue.schedule, now: () => 0, budgetMs: 10 });
    queue.runAll();
    const ahead = createAppStore();
    ahead.getState().resetFromSnapshot(snapshot, {}, await built);
    const inline = createAppStore();
    inline.getState().resetFromSnapshot(snapshot, {});
    const maps = (state: ReturnType<typeof ahead.getState>) => ({
      entities: state.entitiesById,
      edges: state.edgesById,
      adjacency: state.edgeIdsByEntity,
      types: state.typeCounts,
      sources: state.sourceCounts,
      seq: state.lastSeq,
    });
    expect(maps(ahead.getState())).toEqual(maps(inline.getState()));
    expect(ahead.getState().typeCounts.get('Person')).toBe(1_000);
  });
});
