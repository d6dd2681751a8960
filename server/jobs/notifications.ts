import { and, eq, inArray, sql } from 'drizzle-orm';
import { mailOutbox, notificationDeliveries, notifications, pushDevices, users } from '../db/schema';
import { sqlTime } from '../db/sql';
import type { AppDeps } from '../deps';
import { notificationEmail } from '../domains/notifications/email';
import { deliverPush } from '../domains/notifications/push/deliver';
import { PENDING_LIST_SIZE } from '../domains/notifications/rules';
import { MINUTE } from '../lib/time';

/** One claim takes at most the spec's pending list (50); a job run claims again while claims are full. */
const CLAIM_BATCH = PENDING_LIST_SIZE;
/** A claimed delivery whose dispatcher died is claimed again after this long. */
const LEASE_MS = 10 * MINUTE;
/** Push deliveries of one batch sent at once (each waits on a push service over the network). */
const PUSH_CONCURRENCY = 20;

type Delivery = typeof notificationDeliveries.$inferSelect;
type Note = { notification: typeof notifications.$inferSelect; email: string; firstName: string; displayName: string; hasPushDevice: boolean };

const NO_PUSH_DEVICE = 'No push device registered';

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
    .select({
      notification: notifications,
      email: users.email,
      firstName: users.firstName,
      displayName: users.displayName,
      // Most users have no push device: those deliveries are skipped together, not looked up one by one.
      hasPushDevice: sql<boolean>`exists (select 1 from ${pushDevices} where ${pushDevices.userId} = ${notifications.userId})`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(inArray(notifications.id, [...new Set(claimed.map((d) => d.notificationId))]));
  const byId = new Map(notes.map((n) => [n.notification.id, n]));

  const cancelled: string[] = [];
  const expired: string[] = [];
  const withoutDevice: string[] = [];
  const emails: Array<{ delivery: Delivery; note: Note }> = [];
  const others: Array<{ delivery: Delivery; note: Note }> = [];
  for (const delivery of claimed) {
    const note = byId.get(delivery.notificationId);
    if (!note || note.notification.seen || note.notification.escalationCancelled) cancelled.push(delivery.id);
    else if (note.notification.expiresAt && note.notification.expiresAt <= now) expired.push(delivery.id);
    else if (delivery.channel === 'push' && !note.hasPushDevice) withoutDevice.push(delivery.id);
    else (delivery.channel === 'email' ? emails : others).push({ delivery, note });
  }
  await finish(deps, cancelled, 'cancelled');
  await finish(deps, expired, 'cancelled', 'expired');
  await finish(deps, withoutDevice, 'skipped', NO_PUSH_DEVICE);
  await queueEmails(deps, emails);
  for (let i = 0; i < others.length; i += PUSH_CONCURRENCY) {
    await Promise.all(others.slice(i, i + PUSH_CONCURRENCY).map((item) => deliverOther(deps, item)));
  }
  await settleNotificationStatus(deps, [...byId.keys()]);
  return claimed.length;
}

/**
 * The background job's run: claims again while claims come back full, for at most `budgetMs` (the
 * job's interval), so a backlog drains at the dispatcher's own pace instead of 50 deliveries per
 * tick, and a run never outlasts its tick (the server's stop waits for it). Returns how many it handled.
 */
export async function dispatchDueNotificationsFor(deps: AppDeps, budgetMs: number): Promise<number> {
  // Wall time, not deps.clock: a test's clock stands still.
  const until = performance.now() + budgetMs;
  let handled = 0;
  for (;;) {
    const claimed = await dispatchDueNotifications(deps);
    handled += claimed;
    if (claimed < CLAIM_BATCH || performance.now() >= until) return handled;
  }
}

function finish(deps: AppDeps, ids: string[], status: 'sent' | 'cancelled' | 'skipped', lastError: string | null = null) {
  if (ids.length === 0) return;
  const at = deps.clock.now();
  return deps.db
    .update(notificationDeliveries)
    .set({ status, lastError, sentAt: status === 'sent' ? at : null, updatedAt: at })
    .where(inArray(notificationDeliveries.id, ids));
}

/** A failed attempt: tried again after 2^attempts minutes, or failed for good at maxAttempts. */
async function retryLater(deps: AppDeps, delivery: Delivery, maxAttempts: number, error: unknown) {
  const at = deps.clock.now();
  await deps.db
    .update(notificationDeliveries)
    .set({
      status: delivery.attempts >= maxAttempts ? 'failed' : 'pending',
      lastError: errorText(error),
      scheduledFor: new Date(at.getTime() + 2 ** delivery.attempts * MINUTE),
      updatedAt: at,
    })
    .where(eq(notificationDeliveries.id, delivery.id));
}

/**
 * Queues a batch of e-mails in one transaction: each delivery is marked sent and its mail put in
 * the outbox together, unless its notification was seen since the claim (then it is cancelled).
 */
async function queueEmails(deps: AppDeps, emails: Array<{ delivery: Delivery; note: Note }>) {
  if (emails.length === 0) return;
  try {
    const stillDue = await deps.db.transaction(async (tx) => {
      const marked = await tx
        .update(notificationDeliveries)
        .set({ status: 'sent', sentAt: deps.clock.now(), lastError: null })
        .where(
          and(
            inArray(
              notificationDeliveries.id,
              emails.map((e) => e.delivery.id),
            ),
            sql`not exists (select 1 from ${notifications} where ${notifications.id} = ${notificationDeliveries.notificationId} and (${notifications.seen} or ${notifications.escalationCancelled}))`,
          ),
        )
        .returning({ id: notificationDeliveries.id });
      const ids = new Set(marked.map((m) => m.id));
      const due = emails.filter((e) => ids.has(e.delivery.id));
      if (due.length > 0) {
        await tx.insert(mailOutbox).values(
          due.map(({ note }) => {
            const mail = notificationEmail(note.notification, note, deps.config.appOrigin);
            return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, nextAttemptAt: deps.clock.now() };
          }),
        );
      }
      return ids;
    });
    const seenMeanwhile = emails.filter((e) => !stillDue.has(e.delivery.id)).map((e) => e.delivery.id);
    await finish(deps, seenMeanwhile, 'cancelled');
  } catch (error) {
    deps.logger.warn({ err: error, deliveries: emails.length }, 'queueing notification e-mails failed');
    for (const { delivery, note } of emails) await retryLater(deps, delivery, note.notification.maxAttempts, error);
  }
}

/** Push to every device of the user; SMS has no provider in this deployment. */
async function deliverOther(deps: AppDeps, { delivery, note }: { delivery: Delivery; note: Note }) {
  try {
    if (delivery.channel !== 'push') {
      await finish(deps, [delivery.id], 'skipped', 'SMS is not configured');
      return;
    }
    const push = await deliverPush(deps, note.notification);
    const failed = push.failures.length;
    // Some devices got it: done (a retry would show it twice on those); none did: retry.
    if (push.sent === 0 && failed > 0) throw push.failures[0];
    if (push.sent === 0) await finish(deps, [delivery.id], 'skipped', NO_PUSH_DEVICE);
    else
      await finish(
        deps,
        [delivery.id],
        'sent',
        failed > 0 ? `${failed} of ${push.devices} devices failed: ${errorText(push.failures[0])}` : null,
      );
  } catch (error) {
    await retryLater(deps, delivery, note.notification.maxAttempts, error);
  }
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
      where notification_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by notification_id
    ) s
    where n.id = s.notification_id and s.status is not null and n.status = 'pending'`);
}
