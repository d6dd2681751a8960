import { mailOutbox } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import type { OutgoingMail } from './index';

/**
 * Queues an e-mail in the caller's transaction; the mail job delivers it after commit. Due from the
 * app clock's now, the clock the job compares with (the database's now() is another clock).
 */
export async function queueMail(tx: ServiceCtx, mail: OutgoingMail) {
  const [row] = await tx.db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments ?? [],
      nextAttemptAt: tx.deps.clock.now(),
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}
