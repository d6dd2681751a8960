import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { shops, shopUsers, users } from '../../server/db/schema';
import { DAY } from '../../server/lib/time';

// Shops in every state the inactive-shops cleanup tells apart, inserted directly (fast), and a
// checksum of every table to prove that a dry run changes nothing.

export type ShopOverrides = Partial<typeof shops.$inferInsert>;

/** Roughly `months` calendar months before `now` (30.5 days each, mid-month safe). */
export const monthsAgo = (now: Date, months: number) => new Date(now.getTime() - months * 30.5 * DAY);
export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/** A live shop that qualifies for a soft delete under the default settings unless overridden. */
export async function insertShop(db: Db, now: Date, overrides: ShopOverrides = {}) {
  const name = overrides.name ?? `Shop ${randomUUID().slice(0, 8)}`;
  const [row] = await db
    .insert(shops)
    .values({
      name,
      searchName: name.toLowerCase(),
      city: 'Tucson',
      searchCity: 'tucson',
      state: 'AZ',
      isActive: false,
      quality: 1,
      lastUpdated: monthsAgo(now, 8),
      dateAdded: monthsAgo(now, 20),
      ...overrides,
    })
    .returning();
  return row;
}

/** A shop soft deleted `days` days before now (by the cleanup's marker). */
export const insertDeletedShop = (db: Db, now: Date, days: number, overrides: ShopOverrides = {}) =>
  insertShop(db, now, { deleted: true, deletedAt: daysAgo(now, days), deletedBy: 'automated_cleanup', ...overrides });

export async function insertMember(db: Db, shopId: string, window: { startDate?: Date; endDate?: Date | null; deleted?: boolean } = {}) {
  const [user] = await db
    .insert(users)
    .values({
      email: `member_${randomUUID().slice(0, 8)}@example.com`,
      displayName: `@member_${randomUUID().slice(0, 8)}`,
      firstName: 'M',
      lastName: 'Ember',
    })
    .returning({ id: users.id });
  const [member] = await db
    .insert(shopUsers)
    .values({ shopId, userId: user.id, ...window })
    .returning();
  return member;
}

/** Rows of db.execute on either driver (postgres.js returns an array, PGlite an object with rows). */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Every table of the public schema with its row count and an md5 of its rows in a stable order. */
export async function tableChecksums(db: Db, except: string[] = []): Promise<Record<string, string>> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const sums: Record<string, string> = {};
  for (const { table_name: name } of rows) {
    if (except.includes(name) || name.startsWith('__drizzle')) continue;
    const [sum] = await rowsOf<{ n: number; sum: string }>(
      db,
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from "${name}" t`),
    );
    sums[name] = `${sum.n}:${sum.sum}`;
  }
  return sums;
}
