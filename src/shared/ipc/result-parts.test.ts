import { describe, expect, it } from 'vitest';
import { assembleResult, PART_ITEMS, splitResult } from './result-parts';

const reply = (entities: number, edges: number) => ({
  ok: true,
  value: {
    summary: { id: 'case-1', name: 'Tree' },
    snapshot: {
      seq: 7,
      entities: Array.from({ length: entities }, (_, index) => ({ id: `e${index}` })),
      edges: Array.from({ length: edges }, (_, index) => ({ id: `l${index}` })),
    },
  },
});

describe('a large reply sent in parts', () => {
  it('sends a reply without an array longer than PART_ITEMS as it is, in no parts', () => {
    const small = reply(PART_ITEMS, 10);
    const { skeleton, parts } = splitResult(small);
    expect(parts).toEqual([]);
    expect(skeleton).toBe(small);
  });

  it('sends each long array in parts of PART_ITEMS items, in order, and leaves it empty in the reply', () => {
    const { skeleton, parts } = splitResult(reply(5_000, 100));
    expect(parts.map((part) => [part.path.join('.'), part.items.length])).toEqual([
      ['value.snapshot.entities', PART_ITEMS],
      ['value.snapshot.entities', PART_ITEMS],
      ['value.snapshot.entities', 1_000],
    ]);
    expect(skeleton).toMatchObject({ value: { snapshot: { seq: 7, entities: [], edges: { length: 100 } } } });
  });

  it('leaves the reply it splits unchanged', () => {
    const original = reply(5_000, 0);
    splitResult(original);
    expect(original.value.snapshot.entities).toHaveLength(5_000);
  });

  it('puts the parts back into a reply equal to the one split, after a round trip through JSON', () => {
    const original = reply(4_500, 4_499);
    const { skeleton, parts } = splitResult(original);
    const received = JSON.parse(JSON.stringify(skeleton)) as unknown;
    const receivedParts = parts.map((part) => JSON.parse(JSON.stringify(part)) as typeof part);
    expect(assembleResult(received, receivedParts)).toBe(true);
    expect(received).toEqual(original);
  });

  it('refuses a part whose path does not lead to an array of the reply', () => {
    const { skeleton } = splitResult(reply(10, 0));
    expect(assembleResult(skeleton, [{ path: ['value', 'summary'], items: [1] }])).toBe(false);
    expect(assembleResult(skeleton, [{ path: ['__proto__'], items: [1] }])).toBe(false);
  });
});
