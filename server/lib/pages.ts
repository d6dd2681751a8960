import { and, type Column, eq, lt, or } from 'drizzle-orm';

/**
 * A page of an offset-paged list: the query fetched `size + 1` rows from `offset`; the extra row
 * only says whether there is a next page.
 */
export function offsetPage<Row, Item>(rows: Row[], offset: number, size: number, toItem: (row: Row) => Item) {
  return { items: rows.slice(0, size).map(toItem), nextCursor: rows.length > size ? offset + size : null };
}

// Keyset pages of lists ordered newest first by a time, then by id (both descending): a cursor
// reads "<iso time>|<id>" of the last row shown, so pages stay stable while new rows arrive.

/** The sort key of a row: its time (null only for rows outside the list's order) and its id. */
export type Keyset = { at: Date | null; id: string };

function parseKeyset(cursor: string | null | undefined) {
  const [iso, id] = (cursor ?? '').split('|');
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) && id ? { at, id } : null;
}

/** The condition for the rows after the cursor (none without one, or with a malformed one). */
export function olderThan(cursor: string | null | undefined, time: Column, id: Column) {
  const after = parseKeyset(cursor);
  return after ? or(lt(time, after.at), and(eq(time, after.at), lt(id, after.id))) : undefined;
}

/** A page of a keyset list: the query fetched `size + 1` rows; the extra one only says there is a next page. */
export function keysetPage<Row>(rows: Row[], size: number, keyOf: (row: Row) => Keyset) {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  const key = rows.length > size && last ? keyOf(last) : null;
  return { items, nextCursor: key?.at ? `${key.at.toISOString()}|${key.id}` : null };
}
