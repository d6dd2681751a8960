// The server's plain routes for connecting Google Calendar (server/auth/google-calendar.ts); they
// are not tRPC because they set and read the state and PKCE cookies of the consent round trip.

export const GOOGLE_CONNECT_URL = '/api/calendar/google/connect';
const CALLBACK_API = '/api/calendar/google/callback';

export type GoogleCallbackSearch = { code?: string; state?: string; error?: string };

/** Hands Google's answer to the server, which exchanges the code; resolves with the connected account. */
export async function completeGoogleConnection(search: GoogleCallbackSearch): Promise<{ id: string; email: string | null }> {
  const response = await fetch(CALLBACK_API, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(search),
  });
  const body = (await response.json().catch(() => ({}))) as { id?: string; email?: string | null; error?: string };
  if (!response.ok || !body.id) throw new Error(body.error ?? 'Google Calendar could not be connected. Please try again.');
  return { id: body.id, email: body.email ?? null };
}
