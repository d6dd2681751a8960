import { boolean, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

// Shared column builders so every table spells ids, times, money and soft delete the same way.
// Column names are snake_case in SQL (drizzle `casing: 'snake_case'`), camelCase in TypeScript.

export const id = () => uuid().primaryKey().defaultRandom();
export const timestamptz = () => timestamp({ withTimezone: true, mode: 'date' });
export const createdAt = () => timestamptz().notNull().defaultNow();
export const updatedAt = () =>
  timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Money is always integer cents. */
export const cents = () => integer().notNull().default(0);
export const softDelete = {
  deleted: boolean().notNull().default(false),
  deletedAt: timestamptz(),
};
