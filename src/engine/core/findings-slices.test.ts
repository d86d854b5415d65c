import { describe, expect, it } from 'vitest';
import type { EntityId } from '../../shared/model/asset';
import type { GraphDelta } from '../../shared/model/graph';
import { FindingsBuilder, type Findings } from '../graph/findings';
import { applyInSlices, sliceFindings } from './findings-slices';

const STORED = 'Organization:stored' as EntityId;

/** `count` identifiers, each linked from a stored organization and from the one before it. */
function chain(count: number): Findings {
  const builder = new FindingsBuilder();
  let previous: EntityId | undefined;
  for (let index = 0; index < count; index += 1) {
    const id = builder.entity('Identifier', {
      unique_id: `test:${index}`,
      id: String(index),
      id_type: 'test' as never,
    });
    builder.edge(STORED, 'id', id).dispatch(id);
    if (previous !== undefined) {
      builder.edge(previous, 'next', id);
    }
    previous = id;
  }
  return builder.build();
}

const noDelta: GraphDelta = { seq: 0, entities: [], edges: [], merged: [] };

describe('findings written in slices', () => {
  it('puts each edge in the slice that holds its later end, so every edge is written after both ends', () => {
    const slices = sliceFindings(chain(5), 2);
    expect(slices.map((slice) => slice.entities.length)).toEqual([2, 2, 1]);
    const written = new Set<string>([STORED]);
    for (const slice of slices) {
      for (const item of slice.entities) {
        written.add(`Identifier:${(item.asset as { unique_id: string }).unique_id}`);
      }
      for (const edge of slice.edges) {
        expect(written.has(edge.from) && written.has(edge.to)).toBe(true);
      }
    }
    expect(slices.flatMap((slice) => slice.edges)).toHaveLength(9);
  });

  it('leaves small findings in one slice', () => {
    expect(sliceFindings(chain(3), 200)).toHaveLength(1);
  });

  it('writes even the first slice in a turn of its own, after the work that made the findings', async () => {
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const turnedBeforeWrite: boolean[] = [];
    await applyInSlices(
      chain(3),
      () => {
        turnedBeforeWrite.push(turned);
        return noDelta;
      },
      new AbortController().signal,
    );
    expect(turnedBeforeWrite).toEqual([true]);
  });

  it('marks the last slice only, and stops between slices once the session is cancelled', async () => {
    const calls: boolean[] = [];
    const controller = new AbortController();
    await applyInSlices(
      chain(450),
      (_slice, last) => {
        calls.push(last);
        return noDelta;
      },
      new AbortController().signal,
    );
    expect(calls).toEqual([false, false, true]);

    calls.length = 0;
    await applyInSlices(
      chain(450),
      (_slice, last) => {
        calls.push(last);
        controller.abort();
        return noDelta;
      },
      controller.signal,
    );
    expect(calls).toEqual([false]);
  });
});
