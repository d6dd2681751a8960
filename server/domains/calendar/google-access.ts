import { eq, sql } from 'drizzle-orm';
import { googleCalendarAccounts, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { MINUTE } from '../../lib/time';
import { CalendarGrantRevoked, type CalendarProvider } from '../../providers/calendar';
import { GOOGLE_MESSAGES } from './google-inputs';
import { openToken, sealToken } from './google-token-seal';

export type GoogleAccount = typeof googleCalendarAccounts.$inferSelect;

/** An access token this close to expiry is refreshed first (clocks drift, requests take time). */
const EXPIRY_MARGIN_MS = MINUTE;

/**
 * A working access token for the account: the stored one while it is fresh, otherwise a new one
 * from the refresh token (stored sealed for the next run). Throws CalendarGrantRevoked when only
 * a new consent can help.
 */
export async function googleAccessToken(deps: AppDeps, provider: CalendarProvider, account: GoogleAccount): Promise<string> {
  const secret = deps.config.google?.clientSecret ?? '';
  const now = deps.clock.now();
  if (account.accessToken && account.accessTokenExpiresAt && account.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > now.getTime()) {
    const stored = openToken(account.accessToken, secret);
    if (stored) return stored;
  }
  const refreshToken = openToken(account.refreshToken, secret);
  if (!refreshToken) throw new CalendarGrantRevoked();
  const fresh = await provider.refresh(refreshToken);
  const expiresAt = new Date(now.getTime() + fresh.expiresInSeconds * 1000);
  await deps.db
    .update(googleCalendarAccounts)
    .set({ accessToken: sealToken(fresh.accessToken, secret), accessTokenExpiresAt: expiresAt })
    .where(eq(googleCalendarAccounts.userId, account.userId));
  Object.assign(account, { accessToken: sealToken(fresh.accessToken, secret), accessTokenExpiresAt: expiresAt });
  return fresh.accessToken;
}

/** Google refused the stored access token: the next call refreshes it. */
export async function forgetAccessToken(deps: AppDeps, account: GoogleAccount) {
  account.accessToken = null;
  await deps.db
    .update(googleCalendarAccounts)
    .set({ accessToken: null, accessTokenExpiresAt: null })
    .where(eq(googleCalendarAccounts.userId, account.userId));
}

/**
 * The grant is dead: the integration entry is marked inactive (an update merges fields, spec 1
 * §4) in one statement under the user row's lock, and /calendar asks the user to reconnect.
 */
export async function deactivateGoogle(deps: AppDeps, account: GoogleAccount) {
  const now = deps.clock.now();
  await deps.db
    .update(users)
    .set({
      calendarIntegrations: sql`coalesce((
        select jsonb_agg(case when entry->>'id' = ${account.integrationId}
          then entry || jsonb_build_object('isActive', false, 'updatedAt', ${now.toISOString()}::text)
          else entry end order by position)
        from jsonb_array_elements(${users.calendarIntegrations}) with ordinality as list(entry, position)), '[]'::jsonb)`,
      lastUpdated: now,
    })
    .where(eq(users.id, account.userId));
  await deps.db
    .update(googleCalendarAccounts)
    .set({ lastError: GOOGLE_MESSAGES.revoked, accessToken: null, accessTokenExpiresAt: null })
    .where(eq(googleCalendarAccounts.userId, account.userId));
}
