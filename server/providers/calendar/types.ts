// The outside calendar service as the calendar domain sees it. The Google adapter is the one real
// implementation; tests run it against a local server that speaks the same HTTP.

export type CalendarGrant = {
  accessToken: string;
  /** Absent when the provider did not grant offline access. */
  refreshToken: string | null;
  expiresInSeconds: number;
  /** The scopes granted (the user may untick some on the consent screen). */
  scopes: string[];
  /** The account's e-mail, from the OpenID id_token. */
  email: string | null;
};

export type CalendarEventBody = {
  summary: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  link: string;
  reminderMinutes: number;
};

/** A refused request: status 401 means the access token is no longer good. */
export class CalendarApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CalendarApiError';
  }
}

/** The refresh token is no longer valid (revoked by the user, or expired): only a new consent helps. */
export class CalendarGrantRevoked extends Error {
  constructor() {
    super('Google access was revoked. Connect Google Calendar again.');
    this.name = 'CalendarGrantRevoked';
  }
}

export interface CalendarProvider {
  readonly name: 'google';
  /** The consent page URL (PKCE S256, offline access). */
  authorizationUrl(state: string, codeVerifier: string): URL;
  exchangeCode(code: string, codeVerifier: string): Promise<CalendarGrant>;
  /** Throws CalendarGrantRevoked when the refresh token is dead. */
  refresh(refreshToken: string): Promise<{ accessToken: string; expiresInSeconds: number }>;
  revoke(token: string): Promise<void>;
  /**
   * Creates or replaces the event with this id. `exists` says which to try first (insert for a
   * first push, update after); either falls back to the other.
   */
  saveEvent(
    accessToken: string,
    calendarId: string,
    eventId: string,
    event: CalendarEventBody,
    options?: { exists: boolean },
  ): Promise<void>;
  /** Deletes the event; one already gone counts as deleted. */
  deleteEvent(accessToken: string, calendarId: string, eventId: string): Promise<void>;
}
