/** The user-facing text of a failed call: the server's message, or a generic one. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.') {
  return error instanceof Error && error.message ? error.message : fallback;
}
