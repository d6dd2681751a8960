// Answers that many requests share and nobody mutates (what a cache hands out), so that work
// derived from them — their wire form — can be done once and reused.

const shared = new WeakSet<object>();

/** Marks a value as shared and never to be mutated again; returns it. */
export function markShared<T>(value: T): T {
  if (typeof value === 'object' && value !== null) shared.add(value);
  return value;
}

export const isShared = (value: unknown): value is object => typeof value === 'object' && value !== null && shared.has(value);
