/**
 * How stored asset fields and edge properties merge with written ones; the same rule for every
 * backend (docs/case-store.md, "the contract").
 */

export type Fields = Record<string, unknown>;

/** Own enumerable fields with a value: `undefined` and `null` mean "not known". */
export function compact(fields: object): Fields {
  const result: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) {
      result[key] = value;
    }
  }
  return result;
}

/**
 * An empty value says nothing: a blank string, an empty list or an empty object. A reply that
 * parses but carries such values (a maintenance page shaped like a record) must not erase what a
 * source said before; `false` and `0` are values.
 */
export function isEmptyValue(value: unknown): boolean {
  if (typeof value === 'string') {
    return value.trim() === '';
  }
  if (Array.isArray(value)) {
    return value.length === 0;
  }
  if (typeof value === 'object' && value !== null) {
    return Object.keys(value).length === 0;
  }
  return false;
}

/**
 * Stored fields updated by `replace`, gaps filled by `fill`; keeps the stored key order. An empty
 * value in `replace` only lands where nothing non-empty is stored.
 */
export function mergeFields(stored: Fields, replace: Fields, fill: Fields): Fields {
  const merged: Fields = { ...stored };
  for (const [key, value] of Object.entries(fill)) {
    if (merged[key] === undefined) {
      merged[key] = value;
    }
  }
  for (const [key, value] of Object.entries(replace)) {
    const kept = merged[key];
    if (!isEmptyValue(value) || kept === undefined || isEmptyValue(kept)) {
      merged[key] = value;
    }
  }
  return merged;
}
