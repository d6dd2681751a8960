import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { query, sleep } from './lib';

/** The longest the bench waits for PostgreSQL's background work before it measures anyway. */
const SETTLE_LIMIT_MS = 180_000;

/**
 * Lets PostgreSQL finish the work that seeding leaves behind before anything is measured. That
 * work is writing out the pages the seed dirtied, and autovacuum's passes over the new tables. On a
 * 2-core host such work shares the cores with the first rows. One fresh run measured the bare
 * Fastify route, which touches no database, at 24,800 req/s, against 62,000–68,000 in later runs;
 * the cause was not found, but this keeps PostgreSQL's own leftover work out of the rows. A
 * CHECKPOINT does the writing now and returns when it is done. Answers the seconds it took.
 */
export async function settleDatabase(db: Db): Promise<number> {
  const started = Date.now();
  // Needs a superuser or pg_checkpoint; without them the checkpointer does it on its own schedule.
  await db.execute(sql`checkpoint`).catch(() => undefined);
  while (Date.now() - started < SETTLE_LIMIT_MS) {
    const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'`);
    if (n === 0) break;
    await sleep(1_000);
  }
  return Math.round((Date.now() - started) / 100) / 10;
}
