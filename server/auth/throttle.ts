import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sqlTime } from '../db/sql';
import { rateLimits } from '../db/schema';
import { HOUR, MINUTE } from '../lib/time';

// Fixed-window counters in the database, so every server process shares them. The counter is
// incremented before the guarded work runs, so concurrent attempts cannot slip past the limit.

export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const LOGIN_LIMIT_PER_ACCOUNT = 10;
export const LOGIN_LIMIT_PER_IP = 20;
/** A browser that signed in to the account before is limited on its own (known-devices.ts). */
export const LOGIN_LIMIT_PER_DEVICE = 10;

/** Registration: per source address and per e-mail (each attempt may send a mail to the address). */
export const REGISTER_WINDOW_MS = HOUR;
export const REGISTER_LIMIT_PER_IP = 20;
export const REGISTER_LIMIT_PER_EMAIL = 5;

export async function hit(db: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const windowFloor = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${sqlTime(windowFloor)} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${sqlTime(windowFloor)} then ${sqlTime(now)} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row.count;
}

/** Gives back one unit (a successful attempt should not count against a shared IP). */
export async function release(db: Db, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function reset(db: Db, key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
