import { CodeChallengeMethod, decodeIdToken, OAuth2Client, OAuth2RequestError } from 'arctic';
import type { Config } from '../../config';
import { CalendarApiError, type CalendarEventBody, type CalendarGrant, CalendarGrantRevoked, type CalendarProvider } from './types';

export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
/** The events scope to write sessions; openid + email to show which account is connected. */
const SCOPES = ['openid', 'email', GOOGLE_CALENDAR_SCOPE];
/** Google answers within a second or two; a hung connection must not hold a job run forever. */
const REQUEST_TIMEOUT_MS = 15_000;

type GoogleConfig = NonNullable<Config['google']>;

/** Google OAuth 2.0 (authorization code + PKCE, offline access) and the Calendar v3 events API. */
export function createGoogleCalendarProvider(google: GoogleConfig, redirectUri: string): CalendarProvider {
  const client = new OAuth2Client(google.clientId, google.clientSecret, redirectUri);
  const tokenEndpoint = `${google.oauthBase}/token`;
  const eventsUrl = (calendarId: string, eventId?: string) =>
    `${google.calendarApiBase}/calendars/${encodeURIComponent(calendarId)}/events${eventId ? `/${encodeURIComponent(eventId)}` : ''}`;

  async function call(method: string, url: string, accessToken: string, body?: unknown) {
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.ok) return response.status;
    const text = await response.text().catch(() => '');
    throw new CalendarApiError(response.status, `Google Calendar answered ${response.status} to ${method}: ${text.slice(0, 200)}`);
  }

  return {
    name: 'google',
    authorizationUrl(state, codeVerifier) {
      const url = client.createAuthorizationURLWithPKCE(
        `${google.accountsBase}/o/oauth2/v2/auth`,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        SCOPES,
      );
      // offline + consent: Google sends a refresh token only on a consent screen, and a reconnect must get one too.
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('prompt', 'consent');
      url.searchParams.set('include_granted_scopes', 'true');
      return url;
    },
    async exchangeCode(code, codeVerifier): Promise<CalendarGrant> {
      const tokens = await client.validateAuthorizationCode(tokenEndpoint, code, codeVerifier);
      let email: string | null = null;
      try {
        email = (decodeIdToken(tokens.idToken()) as { email?: string }).email ?? null;
      } catch {
        // No id_token (openid not granted): the connection works without showing the address.
      }
      return {
        accessToken: tokens.accessToken(),
        refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
        expiresInSeconds: tokens.accessTokenExpiresInSeconds(),
        scopes: tokens.hasScopes() ? tokens.scopes() : SCOPES,
        email,
      };
    },
    async refresh(refreshToken) {
      try {
        const tokens = await client.refreshAccessToken(tokenEndpoint, refreshToken, []);
        return { accessToken: tokens.accessToken(), expiresInSeconds: tokens.accessTokenExpiresInSeconds() };
      } catch (error) {
        if (error instanceof OAuth2RequestError && error.code === 'invalid_grant') throw new CalendarGrantRevoked();
        throw error;
      }
    },
    revoke: (token) => client.revokeToken(`${google.oauthBase}/revoke`, token),
    async saveEvent(accessToken, calendarId, eventId, event, options = { exists: false }) {
      const body = toGoogleEvent(eventId, event);
      const insert = () => call('POST', eventsUrl(calendarId), accessToken, body);
      const update = () => call('PUT', eventsUrl(calendarId, eventId), accessToken, body);
      // Our own event id makes both directions safe: an insert that meets the id (a retry after a
      // lost answer, or an event deleted earlier, which Google keeps) becomes an update, and an
      // update of an event the user deleted for good becomes an insert.
      try {
        await (options.exists ? update() : insert());
      } catch (error) {
        if (!(error instanceof CalendarApiError)) throw error;
        if (!options.exists && error.status === 409) await update();
        else if (options.exists && (error.status === 404 || error.status === 410)) await insert();
        else throw error;
      }
    },
    async deleteEvent(accessToken, calendarId, eventId) {
      try {
        await call('DELETE', eventsUrl(calendarId, eventId), accessToken);
      } catch (error) {
        if (error instanceof CalendarApiError && (error.status === 404 || error.status === 410)) return;
        throw error;
      }
    },
  };
}

function toGoogleEvent(eventId: string, event: CalendarEventBody) {
  return {
    id: eventId,
    status: 'confirmed',
    summary: event.summary,
    description: `${event.description}\n\n${event.link}`,
    location: event.location,
    start: { dateTime: event.startsAt.toISOString(), timeZone: event.timeZone },
    end: { dateTime: event.endsAt.toISOString(), timeZone: event.timeZone },
    reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: event.reminderMinutes }] },
    source: { title: 'InkLink', url: event.link },
  };
}
