import { generateCodeVerifier, generateState, OAuth2RequestError } from 'arctic';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { connectGoogle, revokeQuietly } from '../domains/calendar/google-connection';
import { GOOGLE_MESSAGES, googleCallbackInput } from '../domains/calendar/google-inputs';
import { calendarProvider } from '../providers/calendar';
import { GOOGLE_CALENDAR_SCOPE } from '../providers/calendar/google';
import { hasFeature } from '../domains/plans/entitlements';
import { upgradeMessage } from '../domains/plans/rules';
import { cookieBase } from './cookies';
import type { RequestAuth } from './request';

const STATE_COOKIE = 'google_calendar_state';
const VERIFIER_COOKIE = 'google_calendar_verifier';
export const GOOGLE_CALENDAR_CONNECT_PATH = '/api/calendar/google/connect';
export const GOOGLE_CALENDAR_CALLBACK_API = '/api/calendar/google/callback';

/**
 * Connecting Google Calendar (signed-in users): GET …/connect sets the state and PKCE verifier in
 * short-lived cookies and sends the browser to Google's consent page; Google returns it to the
 * /calendar/oauth/callback page, which posts the code here. The code is exchanged on the server,
 * so no token ever reaches the browser. The answer is JSON: `{ id, email }` or `{ error }`.
 */
export function registerGoogleCalendarRoutes(app: FastifyInstance, deps: AppDeps, auth: RequestAuth) {
  const shortCookie = { ...cookieBase(deps.config), maxAge: 600 };

  app.get(GOOGLE_CALENDAR_CONNECT_PATH, async (req, reply) => {
    const provider = calendarProvider(deps.config);
    if (!provider) return reply.code(404).send({ error: GOOGLE_MESSAGES.notConfigured });
    const current = await auth.resolve(req);
    if (!current) return reply.redirect('/login');
    // Calendar sync is Artist Pro's (decision 042): a free account goes to the plan's checkout first.
    if (!(await hasFeature(deps.db, { userId: current.user.id }, 'calendar_sync'))) return reply.redirect('/payment/artist_pro');
    const state = generateState();
    const verifier = generateCodeVerifier();
    reply.setCookie(STATE_COOKIE, state, shortCookie);
    reply.setCookie(VERIFIER_COOKIE, verifier, shortCookie);
    return reply.redirect(provider.authorizationUrl(state, verifier).toString());
  });

  app.post(GOOGLE_CALENDAR_CALLBACK_API, async (req, reply) => {
    const expectedState = req.cookies[STATE_COOKIE];
    const verifier = req.cookies[VERIFIER_COOKIE];
    // One attempt per consent: the cookies go whatever the outcome.
    for (const name of [STATE_COOKIE, VERIFIER_COOKIE]) reply.clearCookie(name, cookieBase(deps.config));
    const provider = calendarProvider(deps.config);
    if (!provider) return reply.code(404).send({ error: GOOGLE_MESSAGES.notConfigured });
    const current = await auth.resolve(req);
    if (!current) return reply.code(401).send({ error: 'Please sign in to continue' });
    if (!(await hasFeature(deps.db, { userId: current.user.id }, 'calendar_sync')))
      return reply.code(403).send({ error: upgradeMessage('calendar_sync'), upgrade: 'artist_pro' });
    const body = googleCallbackInput.safeParse(req.body ?? {});
    if (!body.success) return reply.code(400).send({ error: GOOGLE_MESSAGES.badState });
    const { code, state, error } = body.data;
    if (error)
      return reply.code(400).send({ error: error === 'access_denied' ? GOOGLE_MESSAGES.declined : GOOGLE_MESSAGES.exchangeFailed });
    if (!code || !state || !verifier || !expectedState || state !== expectedState)
      return reply.code(400).send({ error: GOOGLE_MESSAGES.badState });

    let grant: Awaited<ReturnType<typeof provider.exchangeCode>>;
    try {
      grant = await provider.exchangeCode(code, verifier);
    } catch (failure) {
      req.log.warn({ err: failure }, 'google calendar code exchange failed');
      return reply.code(failure instanceof OAuth2RequestError ? 400 : 502).send({ error: GOOGLE_MESSAGES.exchangeFailed });
    }
    // Google's consent screen lets the user untick the calendar; such a grant cannot sync.
    const refusal = !grant.scopes.includes(GOOGLE_CALENDAR_SCOPE)
      ? GOOGLE_MESSAGES.scopeMissing
      : !grant.refreshToken
        ? GOOGLE_MESSAGES.noRefreshToken
        : null;
    if (refusal || !grant.refreshToken) {
      await revokeQuietly(deps, grant.refreshToken ?? grant.accessToken);
      return reply.code(400).send({ error: refusal });
    }
    const connected = await connectGoogle(
      { db: deps.db, user: current.user, deps, sessionId: current.session.id },
      { ...grant, refreshToken: grant.refreshToken },
    );
    return reply.send(connected);
  });
}
