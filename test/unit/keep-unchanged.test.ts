import { replaceEqualDeep } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepUnchanged } from '../../src/keep-unchanged';

const message = (id: string, body: string) => ({ id, body, createdAt: new Date(Date.UTC(2026, 10, 26, 12, Number(id))) });
const page = (...items: ReturnType<typeof message>[]) => ({ pages: [{ items, nextCursor: null }], pageParams: [undefined] });

describe('keepUnchanged (the query cache structural sharing)', () => {
  it('keeps a refetched answer with equal dates as the same object (TanStack Query’s own does not)', () => {
    const before = page(message('1', 'hi'), message('2', 'there'));
    const again = page(message('1', 'hi'), message('2', 'there'));
    expect(keepUnchanged(before, again)).toBe(before);
    expect(replaceEqualDeep(before, again)).not.toBe(before);
  });

  it('a new message on top: the old messages keep their objects, matched by id, and the answer is new', () => {
    const before = page(message('1', 'hi'), message('2', 'there'));
    const after = keepUnchanged(before, page(message('3', 'new'), message('1', 'hi'), message('2', 'there'))) as typeof before;
    expect(after).not.toBe(before);
    expect(after.pages[0].items[1]).toBe(before.pages[0].items[0]);
    expect(after.pages[0].items[2]).toBe(before.pages[0].items[1]);
    expect(after.pages[0].items[0].body).toBe('new');
  });

  it('a changed field or date gives a new object for that item only', () => {
    const before = page(message('1', 'hi'), message('2', 'there'));
    const edited = page(message('1', 'hi'), { ...message('2', 'there'), createdAt: new Date(0) });
    const after = keepUnchanged(before, edited) as typeof before;
    expect(after.pages[0].items[0]).toBe(before.pages[0].items[0]);
    expect(after.pages[0].items[1]).not.toBe(before.pages[0].items[1]);
    expect(after.pages[0].items[1].createdAt).toEqual(new Date(0));
    expect(keepUnchanged({ a: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(keepUnchanged([1, 2], [1])).toEqual([1]);
  });
});
