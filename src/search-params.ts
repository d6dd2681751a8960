// Reading a route's query string without zod: route definitions are part of the code every page
// loads first, and zod there cost the landing page about 25 KB of gzipped JavaScript.

/** A query-string value when it is text of at most `max` characters, else undefined. */
export const searchText = (value: unknown, max = 200) => (typeof value === 'string' && value.length <= max ? value : undefined);
