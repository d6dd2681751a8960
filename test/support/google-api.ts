import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback server that speaks the parts of Google the calendar sync uses: the consent page
// (answering at once for the configured user), the token endpoint (authorization code with PKCE,
// refresh), revocation, and Calendar v3 events (insert, update, delete). GOOGLE_ACCOUNTS_BASE,
// GOOGLE_OAUTH_BASE and GOOGLE_CALENDAR_API_BASE point the app here.

export const FAKE_GOOGLE_CLIENT = { id: 'test-client.apps.googleusercontent.com', secret: 'test-client-secret' };
const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

export type FakeEvent = {
  id: string;
  status: string;
  summary: string;
  location: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
};
export type CalendarCall = { method: string; email: string; eventId: string; status: number };

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

export async function startGoogleApi() {
  /** Who the consent page signs in next, and what they grant. */
  const consent = { email: 'artist@gmail.com', deny: false, grantedScopes: null as string[] | null };
  const codes = new Map<string, { challenge: string; redirectUri: string; email: string; scopes: string[]; used: boolean }>();
  const refreshTokens = new Map<string, { email: string; revoked: boolean }>();
  const accessTokens = new Map<string, { email: string; refreshToken: string }>();
  /** Events per Google account (the primary calendar). */
  const calendars = new Map<string, Map<string, FakeEvent>>();
  const calls: CalendarCall[] = [];
  const tokenRequests: string[] = [];
  const revoked: string[] = [];
  let failures: number[] = [];
  let delayMs = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, body === undefined ? headers : { 'content-type': 'application/json', ...headers });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return consentPage(url, send);
      if (req.method === 'POST' && url.pathname === '/token') return tokenEndpoint(req, new URLSearchParams(raw), send);
      if (req.method === 'POST' && url.pathname === '/revoke') {
        const value = new URLSearchParams(raw).get('token') ?? '';
        revoked.push(value);
        const refresh = refreshTokens.get(value);
        if (refresh) refresh.revoked = true;
        accessTokens.delete(value);
        return send(200, {});
      }
      const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
      if (match) {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return eventsEndpoint(req, decodeURIComponent(match[1]), match[2] ? decodeURIComponent(match[2]) : undefined, raw, send);
      }
      send(404, { error: 'not found' });
    });
  });

  function consentPage(url: URL, send: (status: number, body?: unknown, headers?: Record<string, string>) => void) {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state') ?? '';
    const back = new URL(redirectUri);
    back.searchParams.set('state', state);
    if (url.searchParams.get('client_id') !== FAKE_GOOGLE_CLIENT.id || url.searchParams.get('code_challenge_method') !== 'S256') {
      back.searchParams.set('error', 'invalid_request');
    } else if (consent.deny) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = token('code');
      const scopes = consent.grantedScopes ?? (url.searchParams.get('scope') ?? '').split(' ');
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri, email: consent.email, scopes, used: false });
      back.searchParams.set('code', code);
    }
    send(302, undefined, { location: back.toString() });
  }

  function tokenEndpoint(req: http.IncomingMessage, form: URLSearchParams, send: (status: number, body?: unknown) => void) {
    tokenRequests.push(form.get('grant_type') ?? '');
    const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    const [id, secret] = basic.split(':').map(decodeURIComponent);
    if (id !== FAKE_GOOGLE_CLIENT.id || secret !== FAKE_GOOGLE_CLIENT.secret) return send(401, { error: 'invalid_client' });
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!code || code.used || code.challenge !== challenge || code.redirectUri !== form.get('redirect_uri'))
        return send(400, { error: 'invalid_grant' });
      code.used = true;
      const refresh = token('refresh');
      refreshTokens.set(refresh, { email: code.email, revoked: false });
      const access = token('access');
      accessTokens.set(access, { email: code.email, refreshToken: refresh });
      const idToken = `${b64url({ alg: 'none' })}.${b64url({ sub: code.email, email: code.email, email_verified: true })}.sig`;
      return send(200, {
        access_token: access,
        expires_in: 3599,
        refresh_token: refresh,
        scope: code.scopes.join(' '),
        token_type: 'Bearer',
        id_token: idToken,
      });
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const grant = refreshTokens.get(refresh);
      if (!grant || grant.revoked) return send(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      const access = token('access');
      accessTokens.set(access, { email: grant.email, refreshToken: refresh });
      return send(200, { access_token: access, expires_in: 3599, scope: CALENDAR_SCOPE, token_type: 'Bearer' });
    }
    send(400, { error: 'unsupported_grant_type' });
  }

  function eventsEndpoint(
    req: http.IncomingMessage,
    calendarId: string,
    eventId: string | undefined,
    raw: string,
    send: (status: number, body?: unknown) => void,
  ) {
    const access = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const method = req.method ?? '';
    const record = (status: number, id: string) => calls.push({ method, email: access?.email ?? '', eventId: id, status });
    if (!access || refreshTokens.get(access.refreshToken)?.revoked) {
      record(401, eventId ?? '');
      return send(401, { error: { code: 401, message: 'Invalid Credentials' } });
    }
    const failure = failures.shift();
    if (failure) {
      record(failure, eventId ?? '');
      return send(failure, { error: { code: failure, message: 'Backend Error' } });
    }
    const calendar = calendars.get(access.email) ?? new Map<string, FakeEvent>();
    calendars.set(access.email, calendar);
    if (calendarId !== 'primary') return send(404, { error: { code: 404, message: 'Not Found' } });
    if (method === 'POST' && !eventId) {
      const body = JSON.parse(raw) as FakeEvent;
      if (calendar.has(body.id)) {
        record(409, body.id);
        return send(409, { error: { code: 409, message: 'The requested identifier already exists.' } });
      }
      calendar.set(body.id, { ...body, status: 'confirmed' });
      record(200, body.id);
      return send(200, calendar.get(body.id));
    }
    const existing = eventId ? calendar.get(eventId) : undefined;
    if (!eventId || !existing) {
      record(404, eventId ?? '');
      return send(404, { error: { code: 404, message: 'Not Found' } });
    }
    if (method === 'PUT') {
      calendar.set(eventId, { ...(JSON.parse(raw) as FakeEvent), id: eventId });
      record(200, eventId);
      return send(200, calendar.get(eventId));
    }
    if (method === 'DELETE') {
      if (existing.status === 'cancelled') {
        record(410, eventId);
        return send(410, { error: { code: 410, message: 'Resource has been deleted' } });
      }
      existing.status = 'cancelled';
      record(204, eventId);
      return send(204);
    }
    send(405, { error: { code: 405 } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    consent,
    calls,
    tokenRequests,
    revoked,
    /** The env that points the app here. */
    env: {
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT.secret,
      GOOGLE_ACCOUNTS_BASE: url,
      GOOGLE_OAUTH_BASE: url,
      GOOGLE_CALENDAR_API_BASE: `${url}/calendar/v3`,
    },
    /** The live (not deleted) events of an account's calendar. */
    events: (email: string) => [...(calendars.get(email)?.values() ?? [])].filter((e) => e.status !== 'cancelled'),
    event: (email: string, id: string) => calendars.get(email)?.get(id),
    /** The next calendar calls answer with these statuses, in order. */
    failNext: (...statuses: number[]) => {
      failures = statuses;
    },
    /** Every access token stops working (as after an hour): the app must refresh. */
    expireAccessTokens: () => accessTokens.clear(),
    /** The user revokes the app's access in their Google account. */
    revokeAll: (email: string) => {
      for (const grant of refreshTokens.values()) if (grant.email === email) grant.revoked = true;
    },
    setDelay: (ms: number) => {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type GoogleApi = Awaited<ReturnType<typeof startGoogleApi>>;
