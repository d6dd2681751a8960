import { type AnyColumn, type SQL, and, gte, lte, sql } from 'drizzle-orm';

// Admin search (spec 2 §5): a prefix match per field, 50 rows per field, merged without repeats in
// the order of the fields; the console then also filters what it shows by substring.

/** `text` as a LIKE prefix pattern, lowercased, with % _ and \ taken literally. */
export const prefixPattern = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** lower(column) LIKE 'text%' (served by the lower(column) text_pattern_ops indexes). */
export const lowerPrefix = (column: AnyColumn | SQL, text: string) => sql`lower(${column}) like ${prefixPattern(text)}`;

const HEX = /^[0-9a-f]+$/;
const asUuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;

/**
 * A search term that looks like the start of an id (8 or more hex digits, dashes optional) as a
 * range over the uuid column, so an id prefix is an index range scan; null otherwise.
 */
export function uuidPrefixCondition(column: AnyColumn, text: string): SQL | null {
  const hex = text.trim().toLowerCase().replace(/-/g, '');
  if (hex.length < 8 || hex.length > 32 || !HEX.test(hex)) return null;
  return and(gte(column, asUuid(hex.padEnd(32, '0'))), lte(column, asUuid(hex.padEnd(32, 'f')))) ?? null;
}

/** Rows of several result lists, in order, each id once, at most `limit` in all. */
export function mergeById<T extends { id: string }>(lists: T[][], limit = Number.POSITIVE_INFINITY): T[] {
  const seen = new Set<string>();
  const merged: T[] = [];
  for (const list of lists) {
    for (const row of list) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      merged.push(row);
      if (merged.length >= limit) return merged;
    }
  }
  return merged;
}
