import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// A prefix search as the range of the strings that start with the prefix (decision 030). The
// text_pattern_ops operators ~>=~ and ~<~ compare the UTF-8 bytes, whose order is the code points'
// order, so "starts with p" is exactly "≥ p and < p with its last code point raised by one". Unlike
// LIKE 'p%', the planner estimates the two comparisons from the column's statistics, and so from
// the statistics over state and search_city (migration 0033), which know that a city lies in one
// state; it estimates LIKE as independent of the state and chose plans for a few hundred rows
// where thousands matched.

const MAX_CODE_POINT = 0x10ffff;
const SURROGATES = { first: 0xd800, last: 0xdfff };
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The least string above every string that starts with `prefix`, or null when there is none
 * (every code point of the prefix is the greatest one, so "≥ prefix" alone is the range).
 */
export function prefixSuccessor(prefix: string): string | null {
  const points = Array.from(prefix, (c) => c.codePointAt(0) ?? 0);
  while (points.length > 0) {
    const last = (points.pop() ?? 0) + 1;
    if (last > MAX_CODE_POINT) continue;
    // Text holds no surrogate code points: the next one after U+D7FF is U+E000.
    points.push(last === SURROGATES.first ? SURROGATES.last + 1 : last);
    return String.fromCodePoint(...points);
  }
  return null;
}

/**
 * The bounds of the strings starting with `prefix`, as the driver sends them: a lone surrogate
 * (possible in a JSON string) goes to PostgreSQL as U+FFFD, so the bounds are computed from that.
 */
export function prefixBounds(prefix: string): { from: string; to: string | null } {
  const from = prefix.replace(LONE_SURROGATE, '\uFFFD');
  return { from, to: prefixSuccessor(from) };
}

/** `column` starts with `prefix` (compared bytewise, as the text_pattern_ops indexes order). */
export function startsWith(column: AnyPgColumn, prefix: string): SQL {
  const { from, to } = prefixBounds(prefix);
  return and(sql`${column} ~>=~ ${from}`, to === null ? undefined : sql`${column} ~<~ ${to}`) as SQL;
}
