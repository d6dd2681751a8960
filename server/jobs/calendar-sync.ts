import { and, eq, inArray, sql } from 'drizzle-orm';
import { googleCalendarAccounts, googleCalendarEvents } from '../db/schema';
import { sqlTime } from '../db/sql';
import type { AppDeps } from '../deps';
import { type GoogleAccount, deactivateGoogle, forgetAccessToken, googleAccessToken } from '../domains/calendar/google-access';
import { revokeQuietly } from '../domains/calendar/google-connection';
import { type BookingForEvent, SHOWN_STATUSES, googleEventFor, loadBookingsForEvents } from '../domains/calendar/google-event';
import { openToken } from '../domains/calendar/google-token-seal';
import { HOUR, MINUTE } from '../lib/time';
import { CalendarApiError, CalendarGrantRevoked, type CalendarProvider, calendarProvider } from '../providers/calendar';

const CLAIM_BATCH = 50;
/** A claimed row whose runner died is claimed again after this long. */
const CLAIM_LEASE_MS = 10 * MINUTE;
const MAX_BACKOFF_MS = 6 * HOUR;

/** users.calendar_integrations holds the account's entry, active (u = users, a = accounts). */
const ACTIVE = sql.raw(
  `u.calendar_integrations @> jsonb_build_array(jsonb_build_object('id', a.integration_id, 'provider', 'google', 'isActive', true))`,
);

type Claimed = typeof googleCalendarEvents.$inferSelect;

/**
 * Pushes bookings to the Google calendars of their artist and client: confirmed sessions are
 * inserted or updated, cancelled ones deleted. Decoupled from booking: it compares each booking
 * with what was last pushed for it. Rows are claimed with FOR UPDATE SKIP LOCKED and leased, so
 * any number of processes can run it and each change is pushed by one of them; failures are
 * retried with backoff. Returns how many rows it handled.
 */
export async function syncGoogleCalendars(deps: AppDeps): Promise<number> {
  const provider = calendarProvider(deps.config);
  if (!provider) return 0;
  await dropOrphanAccounts(deps);
  await trackNewBookings(deps);
  const claimed = await claimDueEvents(deps);
  if (claimed.length === 0) return 0;

  const userIds = [...new Set(claimed.map((c) => c.userId))];
  const accounts = await deps.db.select().from(googleCalendarAccounts).where(inArray(googleCalendarAccounts.userId, userIds));
  const rows = await loadBookingsForEvents({ db: deps.db, user: null, deps }, [...new Set(claimed.map((c) => c.bookingId))]);
  await Promise.all(
    accounts.map((account) =>
      syncAccount(
        deps,
        provider,
        account,
        claimed.filter((c) => c.userId === account.userId),
        rows,
      ),
    ),
  );
  return claimed.length;
}

/**
 * An account whose integration entry is gone (removed by id through user.removeCalendarIntegration,
 * or replaced by another entry of the provider) is forgotten and its grant revoked.
 */
async function dropOrphanAccounts(deps: AppDeps) {
  const orphans = await deps.db
    .delete(googleCalendarAccounts)
    .where(
      sql`not exists (select 1 from users u where u.id = ${googleCalendarAccounts.userId}
        and u.calendar_integrations @> jsonb_build_array(jsonb_build_object('id', ${googleCalendarAccounts.integrationId}, 'provider', 'google')))`,
    )
    .returning({ userId: googleCalendarAccounts.userId, refreshToken: googleCalendarAccounts.refreshToken });
  if (orphans.length === 0) return;
  await deps.db.delete(googleCalendarEvents).where(
    inArray(
      googleCalendarEvents.userId,
      orphans.map((o) => o.userId),
    ),
  );
  for (const orphan of orphans) {
    const token = openToken(orphan.refreshToken, deps.config.google?.clientSecret ?? '');
    if (token) await revokeQuietly(deps, token);
  }
}

/** Starts tracking each confirmed session (as artist or client) of a connected user, from the connection on. */
async function trackNewBookings(deps: AppDeps) {
  // The event id is ours (Google accepts base32hex ids: 0-9 and a-v), fixed by the booking.
  // Due from the app clock's now, the clock the claim compares with: the database's now() carries
  // microseconds, so a claim made within the same millisecond would find the new row not yet due.
  await deps.db.execute(sql`
    insert into google_calendar_events (user_id, booking_id, google_event_id, next_attempt_at)
    select a.user_id, b.id, 'inklink' || replace(b.id::text, '-', ''), ${sqlTime(deps.clock.now())}
    from google_calendar_accounts a
    join users u on u.id = a.user_id
    join bookings b on b.artist_id = a.user_id or b.client_id = a.user_id
    where ${ACTIVE}
      and b.status in ('confirmed', 'completed')
      and b.ends_at > a.connected_at
      and not exists (select 1 from google_calendar_events e where e.user_id = a.user_id and e.booking_id = b.id)
    on conflict do nothing`);
}

/** Rows whose booking differs from what was pushed, of active integrations, leased to this runner. */
export async function claimDueEvents(deps: AppDeps): Promise<Claimed[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
  return deps.db
    .update(googleCalendarEvents)
    .set({ attempts: sql`${googleCalendarEvents.attempts} + 1`, nextAttemptAt: lease })
    .where(
      sql`(${googleCalendarEvents.userId}, ${googleCalendarEvents.bookingId}) in (
        select d.user_id, d.booking_id
        from google_calendar_events d
        join bookings b on b.id = d.booking_id
        join google_calendar_accounts a on a.user_id = d.user_id
        join users u on u.id = d.user_id
        where d.next_attempt_at <= ${sqlTime(now)}
          and ${ACTIVE}
          and (d.pushed_status is distinct from b.status
            or d.pushed_starts_at is distinct from b.starts_at
            or d.pushed_ends_at is distinct from b.ends_at
            or d.pushed_title is distinct from b.title)
        order by d.next_attempt_at
        limit ${CLAIM_BATCH}
        for update of d skip locked)`,
    )
    .returning();
}

async function syncAccount(
  deps: AppDeps,
  provider: CalendarProvider,
  account: GoogleAccount,
  items: Claimed[],
  rows: Map<string, BookingForEvent>,
) {
  let pushed = 0;
  for (const item of items) {
    const row = rows.get(item.bookingId);
    if (!row) continue; // deleted meanwhile: its row went with it (cascade)
    try {
      await pushWithFreshToken(deps, provider, account, item, row);
      await deps.db
        .update(googleCalendarEvents)
        .set({
          pushedStatus: row.booking.status,
          pushedStartsAt: row.booking.startsAt,
          pushedEndsAt: row.booking.endsAt,
          pushedTitle: row.booking.title,
          attempts: 0,
          nextAttemptAt: deps.clock.now(),
          lastError: null,
        })
        .where(and(eq(googleCalendarEvents.userId, item.userId), eq(googleCalendarEvents.bookingId, item.bookingId)));
      pushed++;
    } catch (error) {
      if (error instanceof CalendarGrantRevoked) {
        // Only a new consent helps: the entry turns inactive, so its rows are no longer claimed.
        await deactivateGoogle(deps, account);
        deps.logger.info({ userId: account.userId }, 'google calendar access revoked; integration deactivated');
        return;
      }
      await recordFailure(deps, item, error);
    }
  }
  if (pushed > 0) {
    await deps.db
      .update(googleCalendarAccounts)
      .set({ lastSyncedAt: deps.clock.now(), lastError: null })
      .where(eq(googleCalendarAccounts.userId, account.userId));
  }
}

/** One push; a 401 means the stored access token died early, so it is refreshed and tried once more. */
async function pushWithFreshToken(deps: AppDeps, provider: CalendarProvider, account: GoogleAccount, item: Claimed, row: BookingForEvent) {
  try {
    await pushOne(deps, provider, account, item, row, await googleAccessToken(deps, provider, account));
  } catch (error) {
    if (!(error instanceof CalendarApiError && error.status === 401)) throw error;
    await forgetAccessToken(deps, account);
    await pushOne(deps, provider, account, item, row, await googleAccessToken(deps, provider, account));
  }
}

async function pushOne(
  deps: AppDeps,
  provider: CalendarProvider,
  account: GoogleAccount,
  item: Claimed,
  row: BookingForEvent,
  token: string,
) {
  const wasShown = item.pushedStatus !== null && SHOWN_STATUSES.includes(item.pushedStatus);
  if (SHOWN_STATUSES.includes(row.booking.status)) {
    const event = googleEventFor(row, account.userId, deps.config.appOrigin);
    await provider.saveEvent(token, account.calendarId, item.googleEventId, event, { exists: wasShown });
  } else if (wasShown) {
    await provider.deleteEvent(token, account.calendarId, item.googleEventId);
  }
}

async function recordFailure(deps: AppDeps, item: Claimed, error: unknown) {
  const backoff = Math.min(2 ** Math.max(item.attempts - 1, 0) * MINUTE, MAX_BACKOFF_MS);
  const message = error instanceof Error ? error.message : String(error);
  await deps.db
    .update(googleCalendarEvents)
    .set({ lastError: message.slice(0, 500), nextAttemptAt: new Date(deps.clock.now().getTime() + backoff) })
    .where(and(eq(googleCalendarEvents.userId, item.userId), eq(googleCalendarEvents.bookingId, item.bookingId)));
  deps.logger.warn({ err: error, userId: item.userId, bookingId: item.bookingId, attempt: item.attempts }, 'google calendar push failed');
}
