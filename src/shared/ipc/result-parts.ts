/**
 * A large reply over the loopback web host's WebSocket, sent in parts (docs/ui.md, "Opening a case
 * where the user waits"). The page parses each WebSocket message in one main-thread task: a
 * 30,000-entity case as one 22.6 MB message was 0.2-0.35 s of parsing alone. The host sends every
 * long array of a reply (a snapshot's entities and edges) as part messages of PART_ITEMS items
 * first, each parsed in a task of its own, then the reply with those arrays empty and how many
 * parts to put back. Transport only: the request/reply contract is the same in Electron and here.
 */

/** Items per part message (about 1.5 MB of entities). */
export const PART_ITEMS = 2_000;

/** Where in the reply a part's items go: keys from the reply's root to the array. */
export type PartPath = readonly string[];

export interface ResultPart {
  path: PartPath;
  items: unknown[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects deeper than this are sent whole (a reply's long arrays sit a few keys down). */
const MAX_DEPTH = 6;

/**
 * The reply with each array longer than `maxItems` (in objects, not inside arrays) left empty,
 * and the parts that fill them again in order. A reply without such arrays comes back as it is.
 */
export function splitResult(
  result: unknown,
  maxItems = PART_ITEMS,
): { skeleton: unknown; parts: ResultPart[] } {
  const parts: ResultPart[] = [];
  const visit = (value: unknown, path: string[]): unknown => {
    if (Array.isArray(value) && value.length > maxItems && path.length > 0) {
      for (let start = 0; start < value.length; start += maxItems) {
        parts.push({ path, items: value.slice(start, start + maxItems) });
      }
      return [];
    }
    if (!isPlainObject(value) || path.length >= MAX_DEPTH) {
      return value;
    }
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const visited = visit(item, [...path, key]);
      if (visited !== item) {
        copy ??= { ...value };
        copy[key] = visited;
      }
    }
    return copy ?? value;
  };
  const skeleton = visit(result, []);
  return { skeleton, parts };
}

/**
 * Puts the parts back into the reply (in the order they came); false when a part's path does not
 * lead to an array of the reply (a reply that cannot be trusted whole).
 */
export function assembleResult(skeleton: unknown, parts: readonly ResultPart[]): boolean {
  for (const { path, items } of parts) {
    let target: unknown = skeleton;
    for (const key of path) {
      target = isPlainObject(target) && Object.hasOwn(target, key) ? target[key] : undefined;
    }
    if (!Array.isArray(target) || !Array.isArray(items)) {
      return false;
    }
    for (const item of items) {
      target.push(item);
    }
  }
  return true;
}
