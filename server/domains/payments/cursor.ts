import { and, type Column, eq, lt, or } from 'drizzle-orm';

// Keyset pages for lists ordered newest first by a time, then id: cursors read "<iso time>|<id>".

const cursorOf = (at: Date, id: string) => `${at.toISOString()}|${id}`;

function parseCursor(cursor: string | null | undefined) {
  const [iso, id] = (cursor ?? '').split('|');
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) && id ? { at, id } : null;
}

/** The condition for rows after the cursor (none without one, or with a malformed one). */
export function olderThan(cursor: string | null | undefined, time: Column, id: Column) {
  const after = parseCursor(cursor);
  return after ? or(lt(time, after.at), and(eq(time, after.at), lt(id, after.id))) : undefined;
}

/** Cuts one extra fetched row off into the next cursor. */
export function pageOf<T extends { id: string }>(rows: T[], size: number, timeOf: (row: T) => Date) {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? cursorOf(timeOf(last), last.id) : null };
}
