import { describe, expect, it } from 'vitest';
import type { NodePositions } from '../../shared/ipc/contract';
import type { Edge, Entity, GraphDelta } from '../../shared/model/graph';
import type { CyAdapter } from './cy-adapter';
import type { SnapshotLoadDeps, ViewBox } from './snapshot-loader';
import { loadSnapshot, STEP_BUDGET_MS } from './snapshot-loader';

const entity = (index: number): Entity => ({
  id: `Organization:${index}`,
  type: 'Organization',
  asset: { unique_id: String(index), name: `Org ${index}` },
  tags: [],
  createdAt: '',
  updatedAt: '',
});

const link = (from: number, to: number | string): Edge => ({
  id: `${from}-${to}`,
  from: `Organization:${from}`,
  to: `Organization:${to}`,
  relation: 'subsidiary',
  sources: [],
  properties: {},
  createdAt: '',
  updatedAt: '',
});

/** What drawing one entity costs in the harness (its clock). */
const MS_PER_ENTITY = 0.25;

/** A load driven frame by frame, recording what the adapter was given, in order. */
function harness(
  entities: Entity[],
  edges: Edge[],
  more: Partial<SnapshotLoadDeps> = {},
  positions: NodePositions = {},
) {
  const frames: (() => void)[] = [];
  const calls: { what: string; entities: string[]; edges: string[] }[] = [];
  let clock = 0;
  const adapter = {
    reset(drawn: Entity[], drawnEdges: Iterable<Edge>) {
      clock += drawn.length * MS_PER_ENTITY;
      calls.push({
        what: 'reset',
        entities: [...drawn].map((item) => item.id),
        edges: [...drawnEdges].map((item) => item.id),
      });
    },
    applyDeltas(deltas: GraphDelta[]) {
      clock += deltas.reduce((sum, delta) => sum + delta.entities.length, 0) * MS_PER_ENTITY;
      calls.push({
        what: 'delta',
        entities: deltas.flatMap((delta) => delta.entities.map((item) => item.id)),
        edges: deltas.flatMap((delta) => delta.edges.map((item) => item.id)),
      });
      return [];
    },
  } as unknown as CyAdapter;
  let done = false;
  const load = loadSnapshot(
    {
      adapter,
      requestFrame: (callback) => frames.push(callback),
      cancelFrame: () => {},
      // Each entity costs MS_PER_ENTITY (see the adapter): a step is the budget's worth of them.
      now: () => clock,
      onStep: () => {},
      onDone: () => {
        done = true;
      },
      ...more,
    },
    entities,
    edges,
    () => positions,
  );
  const nextFrame = (): void => frames.shift()?.();
  const runAll = (): void => {
    for (let guard = 0; guard < 1_000 && frames.length > 0; guard += 1) nextFrame();
  };
  return { calls, load, nextFrame, runAll, done: () => done };
}

describe('loading a big snapshot in steps', () => {
  const entities = Array.from({ length: 3_000 }, (_, index) => entity(index));
  // A chain: each entity's parent is the one before it.
  const chain = entities.slice(1).map((_, index) => link(index, index + 1));

  it('adds nothing in the task that starts the load: the first step comes after a frame', () => {
    const { calls, nextFrame } = harness(entities, chain);
    expect(calls).toHaveLength(0);
    nextFrame();
    expect(calls.map((call) => call.what)).toEqual(['reset']);
  });

  it('runs each prepare phase in a frame of its own, in order, before the first step', () => {
    const order: string[] = [];
    const { calls, nextFrame } = harness(entities, chain, {
      prepare: [
        () => order.push(`plan after ${calls.length}`),
        () => order.push(`show after ${calls.length}`),
      ],
    });
    nextFrame();
    expect(order).toEqual(['plan after 0']);
    nextFrame();
    expect(order).toEqual(['plan after 0', 'show after 0']);
    nextFrame();
    expect(calls.map((call) => call.what)).toEqual(['reset']);
  });

  it('hands each step only the edges whose two ends are drawn by then', () => {
    const { calls, runAll } = harness(entities, chain);
    runAll();
    const drawn = new Set<string>();
    for (const call of calls) {
      call.entities.forEach((id) => drawn.add(id));
      for (const id of call.edges) {
        const [from, to] = id.split('-');
        expect(drawn.has(`Organization:${from}`) && drawn.has(`Organization:${to}`)).toBe(true);
      }
    }
    expect(calls.flatMap((call) => call.edges)).toHaveLength(chain.length);
  });

  it('hands an edge to an entity outside the snapshot with the last step', () => {
    const { calls, runAll } = harness(entities, [...chain, link(5, 'elsewhere')]);
    runAll();
    expect(calls.at(-1)?.edges).toContain('5-elsewhere');
  });

  it('hands a self-loop once', () => {
    const { calls, runAll } = harness(entities, [...chain, link(7, 7)]);
    runAll();
    expect(calls.flatMap((call) => call.edges).filter((id) => id === '7-7')).toHaveLength(1);
  });

  describe('zoomed in while it loads', () => {
    // Entity i at x = 10 i: a view from x 25,000 to 25,500 holds entities 2,500 to 2,550.
    const onLine: NodePositions = Object.fromEntries(
      entities.map((item, index) => [item.id, { x: index * 10, y: 0 }]),
    );
    const view: ViewBox = { x1: 25_000, y1: -50, x2: 25_500, y2: 50 };
    const inView = Array.from({ length: 51 }, (_, index) => `Organization:${2_500 + index}`);

    it('takes in the entities inside the view first', () => {
      let looking: ViewBox | undefined = undefined;
      const { calls, nextFrame } = harness(entities, chain, { viewFirst: () => looking }, onLine);
      nextFrame();
      looking = view;
      nextFrame();
      expect(calls[1]?.entities.slice(0, inView.length)).toEqual(inView);
    });

    it("keeps the snapshot's order while the whole case is on screen", () => {
      const { calls, runAll } = harness(entities, chain, { viewFirst: () => undefined }, onLine);
      runAll();
      expect(calls.flatMap((call) => call.entities)).toEqual(entities.map((item) => item.id));
    });

    it('still draws every entity and hands every edge once', () => {
      const { calls, runAll } = harness(entities, chain, { viewFirst: () => view }, onLine);
      runAll();
      const drawn = calls.flatMap((call) => call.entities);
      const handed = calls.flatMap((call) => call.edges);
      expect(new Set(drawn).size).toBe(entities.length);
      expect(drawn).toHaveLength(entities.length);
      expect(new Set(handed).size).toBe(chain.length);
      expect(handed).toHaveLength(chain.length);
    });
  });

  it('runs settle after every step', () => {
    let settled = 0;
    const { calls, runAll } = harness(entities, chain, { settle: () => (settled += 1) });
    runAll();
    expect(settled).toBe(calls.length);
  });

  it('keeps steps to the budget when no share of the drawing is asked (minGrowth 0)', () => {
    const { calls, runAll, done } = harness(entities, chain, { minGrowth: 0 });
    runAll();
    expect(done()).toBe(true);
    expect(Math.max(...calls.slice(1).map((call) => call.entities.length))).toBe(
      STEP_BUDGET_MS / MS_PER_ENTITY,
    );
  });

  it('grows steps to a quarter of the drawing by default', () => {
    const { calls, runAll } = harness(entities, chain);
    runAll();
    expect(Math.max(...calls.slice(1).map((call) => call.entities.length))).toBeGreaterThan(60);
  });

  it('draws nothing once cancelled before the first step', () => {
    const { calls, load, runAll } = harness(entities, chain);
    load.cancel();
    runAll();
    expect(calls).toHaveLength(0);
    expect(load.loading).toBe(false);
  });

  it('runs the steps after the first back to back, each in a task of its own, when asked', () => {
    const tasks: (() => void)[] = [];
    const { calls, nextFrame, runAll, done } = harness(entities, chain, {
      minGrowth: 0,
      stepsBackToBack: true,
      afterFrame: (work) => tasks.push(work),
    });
    nextFrame();
    let ran = 0;
    // Only tasks from here on: each step queues the next one, no frame is waited for.
    while (tasks.length > 0) {
      tasks.shift()?.();
      ran += 1;
    }
    const steps = calls.length;
    runAll();
    expect({ done: done(), ran, moreAfterFrames: calls.length - steps }).toEqual({
      done: true,
      ran: steps,
      moreAfterFrames: 0,
    });
    expect(steps).toBeGreaterThan(3);
  });
});
