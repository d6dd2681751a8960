import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { createSession, invalidateSession, invalidateUserSessions } from '../../auth/sessions';
import * as throttle from '../../auth/throttle';
import { passwordResetTokens, sessions, users, type UserType } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../lib/context';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors';
import { randomToken } from '../../lib/ids';
import { HOUR } from '../../lib/time';
import { queueMail } from '../../providers/mail/outbox';
import { DISPLAY_NAME_TAKEN, findUserByEmail, isDisplayNameTaken } from '../users/service';
import type { changePasswordInput, loginInput, registerInput, requestPasswordResetInput, resetPasswordInput } from './inputs';
import { passwordResetMail } from './mails';

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed attempts. Please try again later',
  disabled: 'This account has been disabled',
  emailTaken: 'An account with this email already exists',
  resetInvalid: 'Reset link is invalid or has expired',
  incorrectPassword: 'Incorrect password',
} as const;

export const PASSWORD_RESET_TTL_MS = HOUR;

type RequestMeta = { ip: string; userAgent: string | null };

const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export function userTypesFor(choice: z.output<typeof registerInput>['userType']): UserType[] {
  return choice && choice !== 'client' ? ['client', choice] : ['client'];
}

export async function register({ ctx, input, meta }: { ctx: ServiceCtx; input: z.output<typeof registerInput>; meta: RequestMeta }) {
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(MESSAGES.emailTaken);
  if (await isDisplayNameTaken(ctx.db, input.displayName)) throw conflict(DISPLAY_NAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.deps.clock.now();
  try {
    return await withTransaction(ctx, async (tx) => {
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
      const { session, token } = await createSession(tx.db, user.id, { ...meta, now });
      return { user, session, token };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race with a concurrent registration: report which value was taken.
    if (await findUserByEmail(ctx.db, input.email)) throw conflict(MESSAGES.emailTaken);
    throw conflict(DISPLAY_NAME_TAKEN);
  }
}

export async function login({ ctx, input, meta }: { ctx: ServiceCtx; input: z.output<typeof loginInput>; meta: RequestMeta }) {
  const now = ctx.deps.clock.now();
  const ipKey = `login:ip:${meta.ip}`;
  const accountKey = `login:email:${input.email}`;
  // Count the attempt before checking the password, so parallel guesses cannot outrun the limit.
  const [ipCount, accountCount] = await Promise.all([
    throttle.hit(ctx.db, ipKey, throttle.LOGIN_WINDOW_MS, now),
    throttle.hit(ctx.db, accountKey, throttle.LOGIN_WINDOW_MS, now),
  ]);
  if (ipCount > throttle.LOGIN_LIMIT_PER_IP || accountCount > throttle.LOGIN_LIMIT_PER_ACCOUNT) {
    throw new AppError('LIMIT_EXCEEDED', MESSAGES.tooManyAttempts);
  }
  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = await verifyPassword(user && !user.deleted ? user.passwordHash : null, input.password);
  if (!user || user.deleted || !passwordOk) throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  if (user.disabled) throw new AppError('FORBIDDEN', MESSAGES.disabled);
  await Promise.all([throttle.reset(ctx.db, accountKey), throttle.release(ctx.db, ipKey)]);
  const { session, token } = await createSession(ctx.db, user.id, { ...meta, now });
  return { user, session, token };
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
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || user.deleted || user.disabled) return { ok: true as const };
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
  return rows.map((row) => ({ ...row, current: row.id === ctx.sessionId }));
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
