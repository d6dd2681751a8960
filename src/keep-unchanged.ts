// Structural sharing for the query cache: when an answer is fetched again, every part equal to the
// previous answer keeps the previous object, so memoized components that receive it do not render.
// TanStack Query's own (replaceEqualDeep) treats every Date as changed (superjson gives new Date
// objects each time), so any row with a timestamp — a message, a conversation — was new on every
// refetch, and it matches arrays by position, so a new message on top made every row new.

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
const idOf = (value: unknown) => (isPlain(value) && typeof value.id === 'string' ? value.id : undefined);

/** The items of `previous` to compare `next`'s with: by id when every item has one, else by position. */
function counterparts(previous: unknown[], next: unknown[]): unknown[] {
  if (!previous.every((item) => idOf(item) !== undefined)) return previous;
  const byId = new Map(previous.map((item) => [idOf(item), item]));
  return next.map((item) => byId.get(idOf(item)));
}

/** `next`, with every part deep-equal to `previous`'s own counterpart replaced by that counterpart. */
export function keepUnchanged(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous;
  if (previous instanceof Date && next instanceof Date) return previous.getTime() === next.getTime() ? previous : next;
  if (Array.isArray(previous) && Array.isArray(next)) {
    const olds = counterparts(previous, next);
    const kept = next.map((item, i) => keepUnchanged(olds[i], item));
    return kept.length === previous.length && kept.every((item, i) => item === previous[i]) ? previous : kept;
  }
  if (isPlain(previous) && isPlain(next)) {
    const keys = Object.keys(next);
    const kept: Plain = {};
    for (const key of keys) kept[key] = keepUnchanged(previous[key], next[key]);
    const same = keys.length === Object.keys(previous).length && keys.every((key) => key in previous && kept[key] === previous[key]);
    return same ? previous : kept;
  }
  return next;
}
