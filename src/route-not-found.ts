import { notFound } from '@tanstack/react-router';

/**
 * What a private page's loader answers for an id its viewer may not see, one that is not there, or
 * text that is no id at all: the same not-found for each, so the page never tells which.
 */
const HIDDEN_CODES = new Set(['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST']);

/** The loaded data, or TanStack's notFound() (the route's not-found page, nothing logged) for a hidden answer. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
    if (typeof code === 'string' && HIDDEN_CODES.has(code)) throw notFound();
    throw error;
  }
}
