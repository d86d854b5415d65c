/** Small object helpers shared by every layer (each exists once, here). */

/** A plain JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The object without its undefined-valued properties, so it can be assigned where optional
 * properties must be absent rather than undefined (exactOptionalPropertyTypes).
 */
export function omitUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
