// Pure rules of the admin console (spec 2 §5 admin search), shared by the console and the tests.

/**
 * Spec 2 §2's access-denied text. Here rather than in ./inputs (which re-exports it): the console's
 * gate shows it, and importing ./inputs put zod and every admin schema in the console's start.
 */
export const ACCESS_DENIED_MESSAGE =
  'Access denied. This admin panel requires AppAdmin user type privileges. Regular Administrative and Owner users cannot access this area.';

/**
 * The console's substring filter: after the server's prefix search (50 per field), the rows shown
 * are those whose searchable fields contain the search text anywhere, ignoring case. A blank text
 * keeps every row (Load Recent shows all 100).
 */
export function filterBySubstring<T>(rows: readonly T[], text: string, fields: (row: T) => Array<string | null | undefined>): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => fields(row).some((value) => value?.toLowerCase().includes(needle)));
}

/** The searchable fields of each tab (spec 2 §5), plus the id the search also matches. */
export const SEARCH_FIELDS = {
  users: (u: { email: string; displayName: string; firstName: string; lastName: string; id: string }) => [u.email, u.displayName, u.firstName, u.lastName, u.id],
  artists: (a: { name: string; displayName: string; city: string | null; userId: string; id: string }) => [a.name, a.displayName, a.city, a.userId, a.id],
  studios: (s: { name: string; displayName: string | null; city: string; email: string | null; id: string }) => [s.name, s.displayName, s.city, s.email, s.id],
  storefronts: (s: { name: string; description: string; id: string }) => [s.name, s.description, s.id],
};
