import { notFound } from '@tanstack/react-router';

/**
 * What a private page's loader answers for an id its viewer may not see, one that is not there, or
 * text that is no id at all: the same not-found for each, so the page never tells which.
 */
const HIDDEN_CODES = new Set(['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST']);

const codeOf = (error: unknown) => (error as { data?: { code?: unknown } } | null)?.data?.code;

/**
 * The server answered that the record is not there for this viewer (signed out included), as
 * against a load that failed (server or connection down): a not-found page, not a Retry.
 */
export function isMissing(error: unknown): boolean {
  const code = codeOf(error);
  return typeof code === 'string' && (HIDDEN_CODES.has(code) || code === 'UNAUTHORIZED');
}

/** The loaded data, or TanStack's notFound() (the route's not-found page, nothing logged) for a hidden answer. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    const code = codeOf(error);
    if (typeof code === 'string' && HIDDEN_CODES.has(code)) throw notFound();
    throw error;
  }
}
