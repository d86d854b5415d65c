import { describe, expect, it, vi } from 'vitest';
import type { NodePositions } from '../../shared/ipc/contract';
import type { CyAdapter } from './cy-adapter';
import type { LayoutPositions } from './layouts/types';
import type { LayoutState } from './relayout';
import { createRelayout } from './relayout';

/** An adapter that only keeps positions; a layout whose end the test decides. */
function setUp(start: NodePositions, inSteps = false) {
  const positions: NodePositions = { ...start };
  const adapter = {
    positions: () => ({ ...positions }),
    applyPositions: (next: LayoutPositions) => Object.assign(positions, next),
    placeAgain: vi.fn(),
    layoutInput: () => ({}),
  } as unknown as CyAdapter;
  let finish: (result: LayoutPositions | undefined) => void = () => undefined;
  const states: LayoutState[] = [];
  const before: NodePositions[] = [];
  const scheduleSave = vi.fn();
  /** The steps of a layout applied in steps: the first half of its nodes, then the rest. */
  const steps: (() => void)[] = [];
  const applyInSteps = (next: LayoutPositions, done: () => void) => {
    const ids = Object.keys(next);
    const half = (from: number, to: number) => () => {
      Object.assign(positions, Object.fromEntries(ids.slice(from, to).map((id) => [id, next[id]])));
    };
    steps.push(half(0, ids.length / 2), () => {
      half(ids.length / 2, ids.length)();
      done();
    });
    return { cancel: () => steps.splice(0) };
  };
  const layouts = createRelayout({
    adapter,
    startLayout: () => ({
      done: new Promise((resolve) => {
        finish = resolve;
      }),
      stop: () => finish(undefined),
    }),
    onError: () => undefined,
    onLayoutState: (state) => states.push(state),
    onRelayout: (positionsBefore) => before.push(positionsBefore),
    withMembers: (next) => next,
    fit: () => undefined,
    scheduleSave,
    isDisposed: () => false,
    ...(inSteps ? { applyInSteps } : {}),
  });
  return {
    layouts,
    steps,
    positions,
    finish: (result: LayoutPositions | undefined) => finish(result),
    states,
    before,
    scheduleSave,
  };
}

describe('re-layouts', () => {
  it('hands the positions before a finished re-layout to the history, and undo puts them back', async () => {
    const { layouts, positions, finish, states, before } = setUp({ a: { x: 0, y: 0 } });
    layouts.relayout('grid');
    finish({ a: { x: 50, y: 50 } });
    await vi.waitFor(() => expect(positions.a).toEqual({ x: 50, y: 50 }));
    expect(before).toEqual([{ a: { x: 0, y: 0 } }]);
    expect(states.at(-1)).toEqual({ running: undefined, canUndo: true, applied: 'grid' });
    layouts.restorePositions({ a: { x: 0, y: 0 } }, true);
    expect(positions.a).toEqual({ x: 0, y: 0 });
    expect(states.at(-1)).toEqual({ running: undefined, canUndo: false, applied: undefined });
  });

  it('moves a node back without dropping the offer to undo the last re-layout', async () => {
    const { layouts, positions, finish, states, scheduleSave } = setUp({
      a: { x: 0, y: 0 },
      b: { x: 9, y: 9 },
    });
    layouts.relayout('grid');
    finish({ a: { x: 50, y: 50 }, b: { x: 60, y: 60 } });
    await vi.waitFor(() => expect(states.at(-1)?.canUndo).toBe(true));
    layouts.restorePositions({ b: { x: 1, y: 1 } }, false);
    expect(positions.b).toEqual({ x: 1, y: 1 });
    expect(states.at(-1)).toEqual({ running: undefined, canUndo: true, applied: 'grid' });
    expect(scheduleSave).toHaveBeenCalled();
  });

  it('reports the layout applied last, kept while another runs and back to the previous one on undo', async () => {
    const { layouts, finish, states } = setUp({ a: { x: 0, y: 0 } });
    layouts.relayout('grid');
    finish({ a: { x: 50, y: 50 } });
    await vi.waitFor(() => expect(states.at(-1)?.applied).toBe('grid'));
    layouts.relayout('concentric');
    expect(states.at(-1)).toEqual({ running: 'concentric', canUndo: true, applied: 'grid' });
    finish({ a: { x: 70, y: 70 } });
    await vi.waitFor(() => expect(states.at(-1)?.applied).toBe('concentric'));
    layouts.undoLayout();
    expect(states.at(-1)?.applied).toBe('grid');
  });

  it('records nothing for a stopped re-layout', async () => {
    const { layouts, positions, before } = setUp({ a: { x: 0, y: 0 } });
    layouts.relayout('grid');
    layouts.stopLayout();
    await Promise.resolve();
    expect(before).toEqual([]);
    expect(positions.a).toEqual({ x: 0, y: 0 });
  });

  it('counts as running until the positions applied in steps are all in', async () => {
    const { layouts, positions, finish, states, steps } = setUp(
      { a: { x: 0, y: 0 }, b: { x: 0, y: 0 } },
      true,
    );
    layouts.relayout('grid');
    finish({ a: { x: 10, y: 10 }, b: { x: 20, y: 20 } });
    await Promise.resolve();
    steps.shift()?.();
    expect(states.at(-1)?.running).toBe('grid');
    steps.shift()?.();
    expect(states.at(-1)).toEqual({ running: undefined, canUndo: true, applied: 'grid' });
    expect(positions).toEqual({ a: { x: 10, y: 10 }, b: { x: 20, y: 20 } });
  });

  it('puts back the nodes moved so far when stopped while its positions are applied', async () => {
    const { layouts, positions, finish, states, steps, before } = setUp(
      { a: { x: 0, y: 0 }, b: { x: 0, y: 0 } },
      true,
    );
    layouts.relayout('grid');
    finish({ a: { x: 10, y: 10 }, b: { x: 20, y: 20 } });
    await Promise.resolve();
    steps.shift()?.();
    expect(positions.a).toEqual({ x: 10, y: 10 });
    layouts.stopLayout();
    expect({ positions, steps: steps.length, before, state: states.at(-1) }).toEqual({
      positions: { a: { x: 0, y: 0 }, b: { x: 0, y: 0 } },
      steps: 0,
      before: [],
      state: { running: undefined, canUndo: false, applied: undefined },
    });
  });
});
