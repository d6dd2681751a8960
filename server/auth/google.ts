import { Google, decodeIdToken, generateCodeVerifier, generateState } from 'arctic';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { decideGoogleLink, decideGoogleSignIn, displayNameFromEmail, returnPath } from '../domains/auth/rules';
import { findUserByEmail, isDisplayNameTaken } from '../domains/users/service';
import { randomToken } from '../lib/ids';
import { MINUTE } from '../lib/time';
import { cookieBase, setSessionCookie } from './cookies';
import { createSession, sessionExpiresAt } from './sessions';
import type { RequestAuth } from './request';

type GoogleClaims = { sub: string; email?: string; email_verified?: boolean; given_name?: string; family_name?: string };

const STATE_COOKIE = 'google_oauth_state';
const VERIFIER_COOKIE = 'google_code_verifier';
const MODE_COOKIE = 'google_oauth_mode';
/** The page to continue on after signing in (decision 034), a same-origin path. */
const REDIRECT_COOKIE = 'google_oauth_redirect';
const LINK_WINDOW_MS = 10 * MINUTE;

/** Google sign-in and account linking (arctic), registered only when Google is configured. */
export function registerGoogleRoutes(app: FastifyInstance, deps: AppDeps, auth: RequestAuth) {
  const google = deps.config.google;
  if (!google) return;
  const client = new Google(google.clientId, google.clientSecret, `${deps.config.appOrigin}/auth/google/callback`);
  const shortCookie = { ...cookieBase(deps.config), maxAge: 600 };

  app.get('/auth/google', async (req, reply) => {
    const query = req.query as { mode?: string; redirect?: string };
    const mode = query.mode === 'link' ? 'link' : 'login';
    const redirect = returnPath(query.redirect);
    const state = generateState();
    const verifier = generateCodeVerifier();
    reply.setCookie(STATE_COOKIE, state, shortCookie);
    reply.setCookie(VERIFIER_COOKIE, verifier, shortCookie);
    reply.setCookie(MODE_COOKIE, mode, shortCookie);
    if (redirect) reply.setCookie(REDIRECT_COOKIE, redirect, shortCookie);
    else reply.clearCookie(REDIRECT_COOKIE, cookieBase(deps.config));
    return reply.redirect(client.createAuthorizationURL(state, verifier, ['openid', 'profile', 'email']).toString());
  });

  app.get('/auth/google/callback', async (req, reply) => {
    const query = req.query as { code?: string; state?: string; error?: string };
    const mode = req.cookies[MODE_COOKIE] === 'link' ? 'link' : 'login';
    const redirect = returnPath(req.cookies[REDIRECT_COOKIE]);
    const back = (outcome: string) =>
      reply.redirect(
        mode === 'link'
          ? `/account/security?google=${outcome}`
          : `/login?google=${outcome}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`,
      );
    for (const name of [STATE_COOKIE, VERIFIER_COOKIE, MODE_COOKIE, REDIRECT_COOKIE]) reply.clearCookie(name, cookieBase(deps.config));
    if (query.error) return back('cancelled');
    const verifier = req.cookies[VERIFIER_COOKIE];
    if (!query.code || !query.state || !verifier || query.state !== req.cookies[STATE_COOKIE]) return back('error');

    let claims: GoogleClaims;
    try {
      const tokens = await client.validateAuthorizationCode(query.code, verifier);
      claims = decodeIdToken(tokens.idToken()) as GoogleClaims;
    } catch (error) {
      req.log.warn({ err: error }, 'google code exchange failed');
      return back('error');
    }
    if (!claims.email || claims.email_verified === false) return back('error');
    const email = claims.email.toLowerCase();
    const now = deps.clock.now();
    const [byGoogleId] = await deps.db.select().from(users).where(eq(users.googleId, claims.sub)).limit(1);

    if (mode === 'link') return back(await linkAccount(req, claims.sub, email, byGoogleId));

    const byEmail = await findUserByEmail(deps.db, email);
    const decision = decideGoogleSignIn({ byGoogleId, byEmail });
    if (decision.outcome === 'account_conflict') return back('account_conflict');
    let userId: string;
    if (decision.outcome === 'success') {
      userId = decision.userId;
      if (decision.setLinkedFlag) {
        await deps.db.update(users).set({ googleId: claims.sub, googleLinked: true }).where(eq(users.id, userId));
      }
    } else {
      userId = await createGoogleUser(claims, email);
    }
    const { session, token } = await createSession(deps.db, userId, {
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      now,
    });
    setSessionCookie(reply, deps.config, token, sessionExpiresAt(session));
    // Back to the page the visitor signed in from (decision 034), else home (a new account: its welcome).
    return reply.redirect(redirect ?? (decision.outcome === 'new_user' ? '/account?welcome=google' : '/'));
  });

  async function linkAccount(req: FastifyRequest, sub: string, email: string, owner?: { id: string }) {
    const current = await auth.resolve(req);
    if (!current) return 'error';
    const requestedAt = current.session.googleLinkRequestedAt;
    if (!requestedAt || deps.clock.now().getTime() - requestedAt.getTime() > LINK_WINDOW_MS) return 'error';
    await deps.db.update(sessions).set({ googleLinkRequestedAt: null }).where(eq(sessions.id, current.session.id));
    const outcome = decideGoogleLink({ currentUser: current.user, googleEmail: email, ownerOfGoogleId: owner });
    if (outcome === 'linked' || outcome === 'already_linked') {
      await deps.db
        .update(users)
        .set({ googleId: sub, googleLinked: true, lastUpdated: deps.clock.now() })
        .where(eq(users.id, current.user.id));
      return 'linked';
    }
    return outcome;
  }

  async function createGoogleUser(claims: GoogleClaims, email: string) {
    let displayName = displayNameFromEmail(email, '');
    while (await isDisplayNameTaken(deps.db, displayName)) {
      displayName = displayNameFromEmail(email, randomToken(2).slice(0, 4));
    }
    const [created] = await deps.db
      .insert(users)
      .values({
        email,
        displayName,
        firstName: claims.given_name ?? '',
        lastName: claims.family_name ?? '',
        googleId: claims.sub,
        googleLinked: true,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) return created.id;
    const [existing] = await deps.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
    return existing.id;
  }
}
