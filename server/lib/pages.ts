/**
 * A page of an offset-paged list: the query fetched `size + 1` rows from `offset`; the extra row
 * only says whether there is a next page.
 */
export function offsetPage<Row, Item>(rows: Row[], offset: number, size: number, toItem: (row: Row) => Item) {
  return { items: rows.slice(0, size).map(toItem), nextCursor: rows.length > size ? offset + size : null };
}
