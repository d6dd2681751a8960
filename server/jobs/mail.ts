import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { mailOutbox } from '../db/schema';
import { sqlTime } from '../db/sql';
import { isLoopbackOrigin } from '../http/origins';
import { MINUTE } from '../lib/time';

export const MAIL_MAX_ATTEMPTS = 5;
const CLAIM_BATCH = 100;
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

  // The batch goes out at once (the transport's pool bounds the connections); the outcomes are
  // recorded with one statement per outcome rather than one per mail.
  const results = await Promise.allSettled(claimed.map((mail) => deps.mail.send(mail)));
  const delivered: Record<'sent' | 'stored', string[]> = { sent: [], stored: [] };
  const failures: Array<{ mail: (typeof claimed)[number]; error: unknown }> = [];
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') delivered[result.value].push(claimed[i].id);
    else failures.push({ mail: claimed[i], error: result.reason });
  });
  const sentAt = deps.clock.now();
  await Promise.all(
    (['sent', 'stored'] as const)
      .filter((outcome) => delivered[outcome].length > 0)
      .map((outcome) =>
        deps.db.update(mailOutbox).set({ status: outcome, sentAt, lastError: null }).where(inArray(mailOutbox.id, delivered[outcome])),
      ),
  );
  // On a developer's machine the log is the inbox: a newcomer who asks for a reset or sign-in link
  // reads it there (the embedded database cannot be opened while the server runs). Anywhere else
  // a mail's text (its one-time links) never goes to the log.
  const textInLog = isLoopbackOrigin(deps.config.appOrigin);
  for (const mail of claimed.filter((m) => delivered.stored.includes(m.id))) {
    const logged = { to: mail.to, subject: mail.subject, mailId: mail.id, ...(textInLog ? { text: mail.text } : {}) };
    deps.logger.info(logged, 'mail stored in outbox (no SMTP_URL)');
  }
  for (const { mail, error } of failures) await retryLater(deps, mail, error);
  return claimed.length;
}

/** A failed attempt: tried again with backoff, or failed for good after MAIL_MAX_ATTEMPTS. */
async function retryLater(deps: AppDeps, mail: typeof mailOutbox.$inferSelect, error: unknown) {
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
