import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * SQL: a person as an artist or client should see them — first and last name, or the display name
 * (a generated handle for people who never gave a name) when both are empty.
 */
export const personName = (person: { firstName: AnyColumn; lastName: AnyColumn; displayName: AnyColumn }): SQL<string> =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${person.firstName}, ${person.lastName})), ''), ${person.displayName})`;
