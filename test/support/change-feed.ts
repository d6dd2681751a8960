import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

// Helpers for the tests of caches emptied by a database change feed (NOTIFY triggers).

/** How long until `read` holds, polling every 5 ms; fails after `limitMs`. */
export async function msUntil(read: () => Promise<boolean>, limitMs = 1000) {
  const started = Date.now();
  while (!(await read())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

/** Runs `fn` with a table's announcing trigger off: its changes then reach no cache. */
export async function withTriggerOff<T>(db: Db, table: string, trigger: string, fn: () => Promise<T>) {
  await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  try {
    return await fn();
  } finally {
    await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  }
}
