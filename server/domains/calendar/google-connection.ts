import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { googleCalendarAccounts, googleCalendarEvents, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { type AuthedCtx, type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { notFound } from '../../lib/errors';
import { type CalendarGrant, calendarProvider } from '../../providers/calendar';
import { addCalendarIntegration, removeCalendarIntegration } from '../users/calendar';
import { GOOGLE_PROVIDER, GOOGLE_MESSAGES, type googleIntegrationIdInput } from './google-inputs';
import { openToken, sealToken } from './google-token-seal';

// The user's Google connection: stored as their calendar integration (spec 1 §4: one per provider,
// a new one replaces the old), with the tokens sealed in google_calendar_accounts.

const secretOf = (deps: AppDeps) => deps.config.google?.clientSecret ?? '';

/** /calendar's Google card: whether Google is available here, and the connection if any. */
export async function googleStatus({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  const available = Boolean(calendarProvider(ctx.deps.config));
  const [row] = await ctx.db
    .select({ account: googleCalendarAccounts, integrations: users.calendarIntegrations })
    .from(googleCalendarAccounts)
    .innerJoin(users, eq(users.id, googleCalendarAccounts.userId))
    .where(eq(googleCalendarAccounts.userId, me.id));
  const entry = row?.integrations.find((i) => i.id === row.account.integrationId);
  if (!row || !entry) return { available, connection: null };
  const [failing] = await ctx.db
    .select({ n: count() })
    .from(googleCalendarEvents)
    .where(and(eq(googleCalendarEvents.userId, me.id), isNotNull(googleCalendarEvents.lastError)));
  return {
    available,
    connection: {
      id: entry.id,
      email: row.account.googleEmail,
      isActive: entry.isActive,
      connectedAt: row.account.connectedAt,
      lastSyncedAt: row.account.lastSyncedAt,
      lastError: row.account.lastError,
      failingEvents: failing?.n ?? 0,
    },
  };
}

/**
 * Stores a fresh grant as the user's Google integration, replacing any earlier one. Everything
 * upcoming is pushed again by the sync job (to the possibly different calendar); the old refresh
 * token is revoked after commit.
 */
export async function connectGoogle(ctx: AuthedCtx, grant: CalendarGrant & { refreshToken: string }) {
  const secret = secretOf(ctx.deps);
  const now = ctx.deps.clock.now();
  const { integrationId, previousToken } = await withTransaction(ctx, async (tx) => {
    const [previous] = await tx.db
      .select({ refreshToken: googleCalendarAccounts.refreshToken })
      .from(googleCalendarAccounts)
      .where(eq(googleCalendarAccounts.userId, ctx.user.id))
      .for('update');
    const list = await addCalendarIntegration({
      ctx: tx,
      input: { provider: GOOGLE_PROVIDER, isActive: true, settings: { email: grant.email, calendarId: 'primary' } },
    });
    const entry = list.find((i) => i.provider === GOOGLE_PROVIDER);
    if (!entry) throw new Error('the Google integration was not stored');
    const values = {
      integrationId: entry.id,
      googleEmail: grant.email,
      calendarId: 'primary',
      refreshToken: sealToken(grant.refreshToken, secret),
      accessToken: sealToken(grant.accessToken, secret),
      accessTokenExpiresAt: new Date(now.getTime() + grant.expiresInSeconds * 1000),
      connectedAt: now,
      lastSyncedAt: null,
      lastError: null,
      updatedAt: now,
    };
    await tx.db
      .insert(googleCalendarAccounts)
      .values({ userId: ctx.user.id, ...values })
      .onConflictDoUpdate({ target: googleCalendarAccounts.userId, set: values });
    await tx.db.delete(googleCalendarEvents).where(eq(googleCalendarEvents.userId, ctx.user.id));
    return { integrationId: entry.id, previousToken: previous ? openToken(previous.refreshToken, secret) : null };
  });
  if (previousToken && previousToken !== grant.refreshToken) await revokeQuietly(ctx.deps, previousToken);
  return { id: integrationId, email: grant.email };
}

/** Removal by id (spec 1 §4), of one's own Google integration only; the grant is revoked at Google. */
export async function disconnectGoogle({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof googleIntegrationIdInput> }) {
  const me = requireUser(ctx);
  const removed = await withTransaction(ctx, async (tx) => {
    const [account] = await tx.db
      .select()
      .from(googleCalendarAccounts)
      .where(and(eq(googleCalendarAccounts.userId, me.id), eq(googleCalendarAccounts.integrationId, input.id)))
      .for('update');
    if (!account) throw notFound(GOOGLE_MESSAGES.notFound);
    await removeCalendarIntegration({ ctx: tx, input: { id: input.id } });
    await tx.db.delete(googleCalendarEvents).where(eq(googleCalendarEvents.userId, me.id));
    await tx.db.delete(googleCalendarAccounts).where(eq(googleCalendarAccounts.userId, me.id));
    return account;
  });
  const token = openToken(removed.refreshToken, secretOf(ctx.deps));
  if (token) await revokeQuietly(ctx.deps, token);
  return { disconnected: true };
}

/** Revocation is a courtesy to the user: Google may be down, and the token is forgotten anyway. */
export async function revokeQuietly(deps: AppDeps, token: string) {
  try {
    await calendarProvider(deps.config)?.revoke(token);
  } catch (error) {
    deps.logger.warn({ err: error }, 'google token revocation failed');
  }
}
