import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { createDeps } from '../server/deps';
import { deliverDueMail } from '../server/jobs/mail';
import { dispatchDueNotifications } from '../server/jobs/notifications';

// The dispatcher bench's worker (its own process, on the server core): runs the notification
// dispatcher and the mail job back to back, as fast as they go (each run claims a batch with FOR
// UPDATE SKIP LOCKED), until every queued e-mail is handed to SMTP. Prints one JSON line.

const expected = Number(process.argv[2]);
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: process.env.SMTP_URL, LOG_LEVEL: 'warn' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: '', maxConnections: 10 });
const deps = createDeps(config, database);
const count = async (q: ReturnType<typeof sql>) => ((await deps.db.execute(q)) as unknown as Array<{ n: number }>)[0].n;

const started = performance.now();
let dispatching = true;
const dispatcher = (async () => {
  while ((await dispatchDueNotifications(deps)) > 0) {}
  dispatching = false;
})();
const mailer = (async () => {
  for (;;) {
    const handled = await deliverDueMail(deps);
    if (handled > 0) continue;
    if (!dispatching && (await count(sql`select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`)) === 0) return;
    await new Promise((r) => setTimeout(r, 2));
  }
})();
await Promise.all([dispatcher, mailer]);
const seconds = (performance.now() - started) / 1000;
const sent = await count(sql`select count(*)::int as n from mail_outbox where status = 'sent'`);
console.log(JSON.stringify({ seconds, sent, expected }));
deps.mail.close();
await database.close();
process.exit(0);
