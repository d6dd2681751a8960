import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { mailOutbox } from '../db/schema';
import { sqlTime } from '../db/sql';
import { MINUTE } from '../lib/time';

export const MAIL_MAX_ATTEMPTS = 5;
const CLAIM_BATCH = 50;
/** A claimed row whose sender died is claimed again after this long. */
const CLAIM_LEASE_MS = 10 * MINUTE;

/**
 * Delivers due outbox rows. Rows are claimed with FOR UPDATE SKIP LOCKED and leased, so any number
 * of processes can run this loop and each mail is handed to the transport by one of them.
 * Returns how many rows it handled.
 */
export async function deliverDueMail(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
  const claimed = await deps.db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: lease })
    .where(
      sql`${mailOutbox.id} in (
        select id from ${mailOutbox}
        where ${mailOutbox.status} in ('pending', 'sending') and ${mailOutbox.nextAttemptAt} <= ${sqlTime(now)}
        order by ${mailOutbox.nextAttemptAt}
        limit ${CLAIM_BATCH}
        for update skip locked)`,
    )
    .returning();

  // The batch goes out at once; the transport bounds its connections (nodemailer's pool).
  await Promise.all(claimed.map((mail) => deliverOne(deps, mail)));
  return claimed.length;
}

/** Hands one mail to the transport and records the outcome; a failure is retried with backoff. */
async function deliverOne(deps: AppDeps, mail: typeof mailOutbox.$inferSelect) {
  try {
    const outcome = await deps.mail.send(mail);
    await deps.db.update(mailOutbox).set({ status: outcome, sentAt: deps.clock.now(), lastError: null }).where(eq(mailOutbox.id, mail.id));
    if (outcome === 'stored') deps.logger.info({ to: mail.to, subject: mail.subject, mailId: mail.id }, 'mail stored in outbox (no SMTP_URL)');
  } catch (error) {
    const failedForGood = mail.attempts >= MAIL_MAX_ATTEMPTS;
    const backoff = Math.min(2 ** mail.attempts, 60) * MINUTE;
    await deps.db
      .update(mailOutbox)
      .set({
        status: failedForGood ? 'failed' : 'pending',
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        nextAttemptAt: new Date(deps.clock.now().getTime() + backoff),
      })
      .where(eq(mailOutbox.id, mail.id));
    deps.logger.warn({ err: error, mailId: mail.id, attempt: mail.attempts }, 'mail delivery failed');
  }
}
