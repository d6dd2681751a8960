import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isKnownDevice, rememberDevice } from '../../auth/known-devices';
import { verifyPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import * as throttle from '../../auth/throttle';
import { hashToken } from '../../auth/tokens';
import { users } from '../../db/schema';
import { type ServiceCtx, withTransaction } from '../../service-context';
import { AppError, invalid } from '../../lib/errors';
import { HOUR } from '../../lib/time';
import { queueMail } from '../../providers/mail/outbox';
import { findUserByEmail } from '../users/service';
import { afterAnswer } from './after-answer';
import { SIGN_IN_LINK_INVALID, type loginInput, type requestSignInLinkInput, type signInWithLinkInput } from './inputs';
import { signInLinkMail } from './mails';
import { claimSignInLink, createSignInLink } from './sign-in-links';

// Signing in: with a password (throttled, docs/decisions/016-sign-in-lock-out-policy.md) or with
// an e-mailed one-time link. Both remember the browser as a known device of the account.

export const SIGN_IN_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed attempts. Please try again later',
  disabled: 'This account has been disabled',
} as const;

/** `deviceToken`: the browser's known-device cookie, when it sent one. */
export type RequestMeta = { ip: string; userAgent: string | null; deviceToken?: string | null };

type User = typeof users.$inferSelect;

/** A session for the user, and this browser remembered as one of the account's devices. */
async function startSession(ctx: ServiceCtx, user: User, meta: RequestMeta, now: Date) {
  const { session, token } = await createSession(ctx.db, user.id, { ...meta, now });
  const deviceToken = await rememberDevice(ctx.db, user.id, meta.deviceToken, now);
  return { user, session, token, deviceToken };
}

/** Mails the owner a one-time sign-in link, after the answer (whether the address has an account must not show). */
function mailSignInLink(ctx: ServiceCtx, email: string, redirect?: string) {
  afterAnswer(ctx, 'sign-in link mail', async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || user.deleted || user.disabled) return;
    const now = ctx.deps.clock.now();
    await withTransaction(ctx, async (tx) => {
      const link = await createSignInLink(tx, user.id, now, redirect);
      await queueMail(tx, signInLinkMail(user.email, link, user.displayName));
    });
  });
}

export async function login({ ctx, input, meta }: { ctx: ServiceCtx; input: z.output<typeof loginInput>; meta: RequestMeta }) {
  const now = ctx.deps.clock.now();
  const found = await findUserByEmail(ctx.db, input.email);
  const account = found && !found.deleted ? found : null;
  const knownDevice = account !== null && (await isKnownDevice(ctx.db, account.id, meta.deviceToken));
  // A browser that signed in to this account before has an allowance of its own; any other shares
  // the account's and its address's. Counted before the password check, so parallel guesses
  // cannot outrun the limit.
  const limits =
    knownDevice && meta.deviceToken
      ? [{ key: `login:device:${account.id}:${hashToken(meta.deviceToken)}`, limit: throttle.LOGIN_LIMIT_PER_DEVICE }]
      : [
          { key: `login:email:${input.email}`, limit: throttle.LOGIN_LIMIT_PER_ACCOUNT },
          { key: `login:ip:${meta.ip}`, limit: throttle.LOGIN_LIMIT_PER_IP },
        ];
  const counts = await Promise.all(limits.map(({ key }) => throttle.hit(ctx.db, key, throttle.LOGIN_WINDOW_MS, now)));
  if (counts.some((count, i) => count > limits[i].limit)) {
    // The attempt that locks the account (for unknown browsers) mails its owner the way in, back
    // to the page that attempt was to return to.
    if (!knownDevice && counts[0] === throttle.LOGIN_LIMIT_PER_ACCOUNT + 1) mailSignInLink(ctx, input.email, input.redirect);
    throw new AppError('LIMIT_EXCEEDED', SIGN_IN_MESSAGES.tooManyAttempts);
  }
  const passwordOk = await verifyPassword(account?.passwordHash ?? null, input.password);
  if (!account || !passwordOk) throw new AppError('UNAUTHORIZED', SIGN_IN_MESSAGES.invalidCredentials);
  if (account.disabled) throw new AppError('FORBIDDEN', SIGN_IN_MESSAGES.disabled);
  if (knownDevice) await throttle.reset(ctx.db, limits[0].key);
  else await Promise.all([throttle.reset(ctx.db, limits[0].key), throttle.release(ctx.db, limits[1].key)]);
  return startSession(ctx, account, meta, now);
}

/** "E-mail me a sign-in link": always the same answer, quietly bounded like password reset. */
export async function requestSignInLink({ ctx, input, meta }: { ctx: ServiceCtx; input: z.output<typeof requestSignInLinkInput>; meta: RequestMeta }) {
  const now = ctx.deps.clock.now();
  const [perEmail, perIp] = await Promise.all([
    throttle.hit(ctx.db, `sign-in-link:email:${input.email}`, HOUR, now),
    throttle.hit(ctx.db, `sign-in-link:ip:${meta.ip}`, HOUR, now),
  ]);
  if (perEmail <= 5 && perIp <= 30) mailSignInLink(ctx, input.email, input.redirect);
  return { ok: true as const };
}

/** Opens the mailed link: signs in once, whatever the password throttle says. */
export async function signInWithLink({ ctx, input, meta }: { ctx: ServiceCtx; input: z.output<typeof signInWithLinkInput>; meta: RequestMeta }) {
  const now = ctx.deps.clock.now();
  return withTransaction(ctx, async (tx) => {
    const userId = await claimSignInLink(tx, input.token, now);
    const [user] = userId ? await tx.db.select().from(users).where(eq(users.id, userId)) : [];
    if (!user || user.deleted) throw invalid(SIGN_IN_LINK_INVALID);
    if (user.disabled) throw new AppError('FORBIDDEN', SIGN_IN_MESSAGES.disabled);
    return startSession(tx, user, meta, now);
  });
}
