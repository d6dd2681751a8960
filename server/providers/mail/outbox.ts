import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { OutgoingMail } from './index';

/** Queues an e-mail in the caller's transaction; the mail job delivers it after commit. */
export async function queueMail(db: Db, mail: OutgoingMail) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, attachments: mail.attachments ?? [] })
    .returning({ id: mailOutbox.id });
  return row.id;
}
