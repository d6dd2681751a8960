import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { forgetDevices } from '../../auth/known-devices';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { createSession, invalidateSession, invalidateUserSessions } from '../../auth/sessions';
import * as throttle from '../../auth/throttle';
import { hashToken } from '../../auth/tokens';
import { passwordResetTokens, sessions, users, type UserType } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors';
import { randomToken } from '../../lib/ids';
import { HOUR } from '../../lib/time';
import { queueMail } from '../../providers/mail/outbox';
import { DISPLAY_NAME_TAKEN, findUserByEmail, isDisplayNameTaken } from '../users/service';
import { afterAnswer } from './after-answer';
import type { changePasswordInput, registerInput, requestPasswordResetInput, resetPasswordInput } from './inputs';
import { displayNameTakenMail, passwordResetMail, registrationAttemptMail, welcomeMail } from './mails';
import { type RequestMeta, SIGN_IN_MESSAGES } from './sign-in';
import { createSignInLink } from './sign-in-links';
import { describeDevice } from './device';

export { login, requestSignInLink, signInWithLink } from './sign-in';

export const MESSAGES = {
  ...SIGN_IN_MESSAGES,
  tooManyRegistrations: 'Too many attempts. Please try again later',
  resetInvalid: 'Reset link is invalid or has expired',
  incorrectPassword: 'Incorrect password',
} as const;

export const PASSWORD_RESET_TTL_MS = HOUR;

export function userTypesFor(choice: z.output<typeof registerInput>['userType']): UserType[] {
  return choice && choice !== 'client' ? ['client', choice] : ['client'];
}

type ExistingUser = { id: string; email: string; displayName: string };

/** The owner of an address someone registered with hears of it, with the ways back in. */
async function tellOwnerOfRegistration(ctx: ServiceCtx, owner: ExistingUser, now: Date, redirect?: string) {
  const origin = ctx.deps.config.appOrigin;
  const signIn = await createSignInLink(ctx, owner.id, now, redirect);
  await queueMail(
    ctx,
    registrationAttemptMail(owner.email, { signIn, login: `${origin}/login`, reset: `${origin}/forgot-password` }, owner.displayName),
  );
}

/**
 * Registration answers the same for a new and an existing address (issue 18, no enumeration):
 * `{ ok: true }`, and the client says "Check your e-mail to continue". A new address gets its
 * account and a mail whose one-time link continues signed in; an existing one's owner gets a
 * mail instead and nothing else changes. The answer waits only for what both paths do (the
 * throttle, the display name check, one argon2 hash); the writes that differ run after it.
 * Display names are public (profiles show them), so "taken" is said before the address is looked at.
 */
export async function register({ ctx, input, meta }: { ctx: ServiceCtx; input: z.output<typeof registerInput>; meta: RequestMeta }) {
  const now = ctx.deps.clock.now();
  const [perIp, perEmail] = await Promise.all([
    throttle.hit(ctx.db, `register:ip:${meta.ip}`, throttle.REGISTER_WINDOW_MS, now),
    throttle.hit(ctx.db, `register:email:${input.email}`, throttle.REGISTER_WINDOW_MS, now),
  ]);
  if (perIp > throttle.REGISTER_LIMIT_PER_IP || perEmail > throttle.REGISTER_LIMIT_PER_EMAIL) {
    throw new AppError('LIMIT_EXCEEDED', MESSAGES.tooManyRegistrations);
  }
  if (await isDisplayNameTaken(ctx.db, input.displayName)) throw conflict(DISPLAY_NAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  afterAnswer(ctx, 'registration', () => createAccountOrTellOwner(ctx, input, passwordHash, now));
  return { ok: true as const };
}

async function createAccountOrTellOwner(ctx: ServiceCtx, input: z.output<typeof registerInput>, passwordHash: string, now: Date) {
  try {
    await withTransaction(ctx, async (tx) => {
      const existing = await findUserByEmail(tx.db, input.email);
      if (existing) return tellOwnerOfRegistration(tx, existing, now, input.redirect);
      const [user] = await tx.db
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          displayName: input.displayName,
          firstName: input.firstName,
          lastName: input.lastName,
          userTypes: userTypesFor(input.userType),
          createdAt: now,
          lastUpdated: now,
        })
        .returning();
      const link = await createSignInLink(tx, user.id, now, input.redirect);
      await queueMail(tx, welcomeMail(user.email, link, user.displayName));
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race with a concurrent registration: of the address (its owner hears of it) or of
    // the display name (the registrant is told to choose another).
    const owner = await findUserByEmail(ctx.db, input.email);
    await withTransaction(ctx, async (tx) => {
      if (owner) await tellOwnerOfRegistration(tx, owner, now, input.redirect);
      else await queueMail(tx, displayNameTakenMail(input.email, input.displayName, `${ctx.deps.config.appOrigin}/register`));
    });
  }
}

export async function logout({ ctx }: { ctx: ServiceCtx }) {
  if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId);
  return { ok: true as const };
}

export async function requestPasswordReset({
  ctx,
  input,
  meta,
}: {
  ctx: ServiceCtx;
  input: z.output<typeof requestPasswordResetInput>;
  meta: RequestMeta;
}) {
  const now = ctx.deps.clock.now();
  // Quietly bounded: the answer is always the same, so the limit can't be used to probe accounts.
  const [perEmail, perIp] = await Promise.all([
    throttle.hit(ctx.db, `reset:email:${input.email}`, HOUR, now),
    throttle.hit(ctx.db, `reset:ip:${meta.ip}`, HOUR, now),
  ]);
  if (perEmail > 5 || perIp > 30) return { ok: true as const };
  afterAnswer(ctx, 'password reset mail', async () => {
    const user = await findUserByEmail(ctx.db, input.email);
    if (!user || user.deleted || user.disabled) return;
    const token = randomToken(32);
    await withTransaction(ctx, async (tx) => {
      await tx.db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
        createdAt: now,
      });
      const link = `${ctx.deps.config.appOrigin}/forgot-password?token=${token}`;
      await queueMail(tx, passwordResetMail(user.email, link, user.displayName));
    });
  });
  return { ok: true as const };
}

export async function resetPassword({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof resetPasswordInput> }) {
  const now = ctx.deps.clock.now();
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (tx) => {
    // Single use: the row is claimed by the one UPDATE that finds it unused and unexpired.
    const [claimed] = await tx.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw invalid(MESSAGES.resetInvalid);
    await tx.db.update(users).set({ passwordHash, lastUpdated: now }).where(eq(users.id, claimed.userId));
    await tx.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
    await invalidateUserSessions(tx.db, claimed.userId);
    await forgetDevices(tx.db, claimed.userId);
  });
  return { ok: true as const };
}

export async function changePassword({
  ctx,
  input,
  meta,
}: {
  ctx: ServiceCtx;
  input: z.output<typeof changePasswordInput>;
  meta: RequestMeta;
}) {
  const me = requireUser(ctx);
  if (!(await verifyPassword(me.passwordHash, input.currentPassword))) throw invalid(MESSAGES.incorrectPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.deps.clock.now();
  // Every session ends, this one included; the caller gets a fresh one.
  return withTransaction(ctx, async (tx) => {
    await tx.db.update(users).set({ passwordHash, lastUpdated: now }).where(eq(users.id, me.id));
    await invalidateUserSessions(tx.db, me.id);
    return createSession(tx.db, me.id, { ...meta, now });
  });
}

export async function listSessions({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  const rows = await ctx.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastVerifiedAt: sessions.lastVerifiedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(eq(sessions.userId, me.id))
    .orderBy(desc(sessions.lastVerifiedAt))
    .limit(100);
  // Sessions keep the IP but no place: the list shows the IP, never a guessed city.
  return rows.map((row) => ({ ...row, device: describeDevice(row.userAgent), current: row.id === ctx.sessionId }));
}

export async function revokeSession({ ctx, input }: { ctx: ServiceCtx; input: { sessionId: string } }) {
  const me = requireUser(ctx);
  const removed = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, me.id)))
    .returning({ id: sessions.id });
  if (removed.length === 0) throw notFound('Session not found');
  return { ok: true as const, current: input.sessionId === ctx.sessionId };
}

export async function revokeOtherSessions({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  return { ok: true as const, revoked: await invalidateUserSessions(ctx.db, me.id, ctx.sessionId) };
}
