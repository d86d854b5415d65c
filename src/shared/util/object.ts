/** Small object helpers shared by every layer (each exists once, here). */

/** A plain JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The object without its undefined-valued properties: optional properties must be absent, not
 * undefined (exactOptionalPropertyTypes). Name the result type: `omitUndefined<Record>({...})`.
 */
export function omitUndefined<T extends object>(value: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
