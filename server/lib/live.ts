import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { EVENTS_CHANNEL, type LiveEvent } from './events';

/**
 * Announces a live event from inside the writing transaction: PostgreSQL (and PGlite) deliver a
 * NOTIFY only when the transaction commits, so subscribers never hear of rows that were rolled back.
 */
export async function announce(db: Db, event: LiveEvent) {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
