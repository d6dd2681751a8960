import { arrayContains } from 'drizzle-orm';
import type { z } from 'zod';
import * as throttle from '../../auth/throttle';
import { contactMessages, users } from '../../db/schema';
import { type ServiceCtx, withTransaction } from '../../service-context';
import { AppError } from '../../lib/errors';
import { HOUR } from '../../lib/time';
import { queueMail } from '../../providers/mail/outbox';
import type { contactInput } from './inputs';

export const CONTACT_LIMIT_PER_HOUR = 5;

/** Stores the message and mails every AppAdmin (or the platform sender when there is none). */
export async function sendContactMessage({ ctx, input, ip }: { ctx: ServiceCtx; input: z.output<typeof contactInput>; ip: string }) {
  const now = ctx.deps.clock.now();
  if ((await throttle.hit(ctx.db, `contact:ip:${ip}`, HOUR, now)) > CONTACT_LIMIT_PER_HOUR) {
    throw new AppError('LIMIT_EXCEEDED', 'Too many messages. Please try again later');
  }
  await withTransaction(ctx, async (tx) => {
    await tx.db.insert(contactMessages).values({ ...input, userId: ctx.user?.id ?? null, createdAt: now });
    const admins = await tx.db
      .select({ email: users.email })
      .from(users)
      .where(arrayContains(users.userTypes, ['AppAdmin']));
    const recipients = admins.length > 0 ? admins.map((a) => a.email) : [ctx.deps.config.mail.from];
    for (const to of recipients) {
      await queueMail(tx, {
        to,
        subject: `Contact form: ${input.subject}`,
        text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
      });
    }
  });
  return { ok: true as const };
}
