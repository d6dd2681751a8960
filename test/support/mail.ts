import { desc, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Db } from '../../server/db/client';
import { mailOutbox } from '../../server/db/schema';

/** The newest mail to an address with this subject; account mails are written just after the answer, so it waits. */
export const mailTo = (db: Db, to: string, subject: string, timeout = 10_000) =>
  vi.waitFor(
    async () => {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
      if (mail?.subject !== subject) throw new Error(`no "${subject}" mail to ${to} yet`);
      return mail;
    },
    { timeout, interval: 20 },
  );
