import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { blogs } from '../../server/db/schema';
import { keysetPage, olderThan } from '../../server/lib/pages';

// The keyset cursor every newest-first list shares (payments, images, blog, booking requests,
// notifications, threads, messages): "<iso time>|<id>" of the last row shown.

const row = (iso: string, id: string) => ({ at: new Date(iso), id });
const key = (r: { at: Date; id: string }) => r;

describe('keysetPage', () => {
  it('cuts the extra row off into the cursor of the last row shown', () => {
    const rows = [row('2026-01-03T00:00:00Z', 'c'), row('2026-01-02T00:00:00Z', 'b'), row('2026-01-01T00:00:00Z', 'a')];
    expect(keysetPage(rows, 2, key)).toEqual({ items: rows.slice(0, 2), nextCursor: '2026-01-02T00:00:00.000Z|b' });
  });

  it('has no cursor on the last page, nor for a row without a time', () => {
    expect(keysetPage([row('2026-01-01T00:00:00Z', 'a')], 2, key).nextCursor).toBeNull();
    const untimed = [
      { at: null, id: 'b' },
      { at: null, id: 'a' },
    ];
    expect(keysetPage(untimed, 1, (r) => r).nextCursor).toBeNull();
  });
});

describe('olderThan', () => {
  const dialect = new PgDialect();
  const sqlOf = (cursor: string | null | undefined) => {
    const condition = olderThan(cursor, blogs.publishedAt, blogs.id);
    return condition ? dialect.sqlToQuery(condition) : undefined;
  };

  it('selects the rows after the cursor: older, or as old with a smaller id', () => {
    const query = sqlOf('2026-01-02T00:00:00.000Z|b');
    expect(query?.sql).toMatch(/< \$1 or \(.* = \$2 and .* < \$3\)/);
    expect(query?.params).toEqual(['2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z', 'b']);
  });

  it('ignores a missing or malformed cursor (the first page)', () => {
    for (const cursor of [undefined, null, '', 'b', 'not a date|b', '2026-01-02T00:00:00.000Z|']) expect(sqlOf(cursor)).toBeUndefined();
  });
});
