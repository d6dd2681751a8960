import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { notificationDeliveries, notifications, users } from '../db/schema';
import { sqlTime } from '../db/sql';
import { deliverPush } from '../domains/notifications/push/deliver';
import { deepLink } from '../domains/notifications/rules';
import { MINUTE } from '../lib/time';
import { queueMail } from '../providers/mail/outbox';

const CLAIM_BATCH = 200;
/** A claimed delivery whose dispatcher died is claimed again after this long. */
const LEASE_MS = 10 * MINUTE;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends the notification deliveries that are due. Rows are claimed with FOR UPDATE SKIP LOCKED and
 * leased, so any number of processes can run this and each delivery is handled by one of them.
 * E-mail goes through the mail outbox (SMTP when configured), push through web push to every
 * device of the user; a user without devices, or SMS without a provider, is recorded as skipped,
 * not pretended. A failure is retried with backoff until the notification's maxAttempts.
 * Returns how many deliveries it handled.
 */
export async function dispatchDueNotifications(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const claimed = await deps.db
    .update(notificationDeliveries)
    .set({ status: 'sending', attempts: sql`${notificationDeliveries.attempts} + 1`, updatedAt: new Date(now.getTime() + LEASE_MS) })
    .where(
      sql`${notificationDeliveries.id} in (
        select id from ${notificationDeliveries}
        where ((${notificationDeliveries.status} in ('pending', 'scheduled') and ${notificationDeliveries.scheduledFor} <= ${sqlTime(now)})
            or (${notificationDeliveries.status} = 'sending' and ${notificationDeliveries.updatedAt} <= ${sqlTime(now)}))
          and ${notificationDeliveries.channel} <> 'in_app'
        order by ${notificationDeliveries.scheduledFor}
        limit ${CLAIM_BATCH}
        for update skip locked)`,
    )
    .returning();
  if (claimed.length === 0) return 0;

  const notes = await deps.db
    .select({ notification: notifications, email: users.email, displayName: users.displayName })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(inArray(notifications.id, [...new Set(claimed.map((d) => d.notificationId))]));
  const byId = new Map(notes.map((n) => [n.notification.id, n]));

  for (const delivery of claimed) {
    const note = byId.get(delivery.notificationId);
    const finish = (status: 'sent' | 'cancelled' | 'skipped', lastError: string | null = null) =>
      deps.db
        .update(notificationDeliveries)
        .set({ status, lastError, sentAt: status === 'sent' ? deps.clock.now() : null, updatedAt: deps.clock.now() })
        .where(eq(notificationDeliveries.id, delivery.id));
    try {
      if (!note || note.notification.seen || note.notification.escalationCancelled) {
        await finish('cancelled');
      } else if (note.notification.expiresAt && note.notification.expiresAt <= now) {
        await finish('cancelled', 'expired');
      } else if (delivery.channel === 'email') {
        const link = deepLink(note.notification.type, note.notification.data);
        const url = link ? `${deps.config.appOrigin}${link}` : deps.config.appOrigin;
        const queued = await deps.db.transaction(async (tx) => {
          // Seen since the claim (the user opened it a moment ago): the e-mail must not go out.
          const [stillDue] = await tx
            .update(notificationDeliveries)
            .set({ status: 'sent', sentAt: deps.clock.now(), lastError: null })
            .where(
              and(
                eq(notificationDeliveries.id, delivery.id),
                sql`not exists (select 1 from ${notifications} where ${notifications.id} = ${delivery.notificationId} and (${notifications.seen} or ${notifications.escalationCancelled}))`,
              ),
            )
            .returning({ id: notificationDeliveries.id });
          if (!stillDue) return false;
          await queueMail(tx as unknown as Db, {
            to: note.email,
            subject: note.notification.title,
            text: `Hi ${note.displayName},\n\n${note.notification.body}\n\nOpen InkLink: ${url}\n\nYou can choose which e-mails you get in Account → Notifications.`,
            html: `<p>Hi ${escapeHtml(note.displayName)},</p><p>${escapeHtml(note.notification.body)}</p><p><a href="${escapeHtml(url)}">Open InkLink</a></p>`,
          });
          return true;
        });
        if (!queued) await finish('cancelled');
      } else if (delivery.channel === 'push') {
        const push = await deliverPush(deps, note.notification);
        const failed = push.failures.length;
        // Some devices got it: done (a retry would show it twice on those); none did: retry.
        if (push.sent === 0 && failed > 0) throw push.failures[0];
        if (push.sent === 0) await finish('skipped', 'No push device registered');
        else await finish('sent', failed > 0 ? `${failed} of ${push.devices} devices failed: ${errorText(push.failures[0])}` : null);
      } else {
        await finish('skipped', 'SMS is not configured');
      }
    } catch (error) {
      const maxAttempts = note?.notification.maxAttempts ?? 3;
      const failed = delivery.attempts >= maxAttempts;
      await deps.db
        .update(notificationDeliveries)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: errorText(error),
          scheduledFor: new Date(deps.clock.now().getTime() + 2 ** delivery.attempts * MINUTE),
          updatedAt: deps.clock.now(),
        })
        .where(eq(notificationDeliveries.id, delivery.id));
    }
  }
  await settleNotificationStatus(deps, [...byId.keys()]);
  return claimed.length;
}

/** A notification is sent once every channel is done: sent, partial if some failed, failed if all did. */
async function settleNotificationStatus(deps: AppDeps, ids: string[]) {
  if (ids.length === 0) return;
  await deps.db.execute(sql`
    update ${notifications} n set status = s.status::notification_status
    from (
      select notification_id,
        case when bool_and(status in ('sent', 'skipped', 'cancelled')) and bool_or(status = 'sent') then 'sent'
             when bool_and(status in ('sent', 'skipped', 'cancelled', 'failed')) and bool_or(status = 'failed') and bool_or(status = 'sent') then 'partial'
             when bool_and(status in ('failed', 'skipped', 'cancelled')) and bool_or(status = 'failed') then 'failed'
             else null end as status
      from ${notificationDeliveries}
      where notification_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
      group by notification_id
    ) s
    where n.id = s.notification_id and s.status is not null and n.status = 'pending'`);
}

