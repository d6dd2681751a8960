// Answers that many requests share and nobody mutates (what a cache hands out), so that work
// derived from them — their wire form, the answer to the same request text — can be done once and
// reused for as long as the answer is still current.

const stillCurrent = new WeakMap<object, () => boolean>();
const always = () => true;

/**
 * Marks a value as shared and never to be mutated again; returns it. `isCurrent` tells whether it
 * is still the answer its source would give (a cache: until the entry is evicted or replaced).
 */
export function markShared<T>(value: T, isCurrent: () => boolean = always): T {
  if (typeof value === 'object' && value !== null) stillCurrent.set(value, isCurrent);
  return value;
}

export const isShared = (value: unknown): value is object => typeof value === 'object' && value !== null && stillCurrent.has(value);

/** Whether a shared value is still the answer its source would give now. */
export const isStillCurrent = (value: object): boolean => stillCurrent.get(value)?.() ?? false;
