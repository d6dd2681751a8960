import { sql } from 'drizzle-orm';

/** A Date as a SQL parameter inside raw `sql` templates (drivers do not serialize Dates there). */
export const sqlTime = (date: Date) => sql`${date.toISOString()}::timestamptz`;
