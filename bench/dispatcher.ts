import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { sidExpr } from '../scripts/seed/scale/index';
import type { BenchGroup } from './context';
import { LOAD_CORE, query, type Row, ROOT, SERVER_CORE, sleep, spawnPinned, stopProcess, unavailable } from './lib';

const EMAILS = 10_000;
const SMTP_PORT = 2591;

async function readJson<T>(child: ReturnType<typeof spawnPinned>): Promise<T> {
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as T;
}

/** Queues EMAILS due e-mail deliveries (one notification each, to scale users). */
async function queueDueEmails(db: Parameters<NonNullable<BenchGroup['prepare']>>[0]['db']) {
  await db.execute(sql`delete from mail_outbox`);
  await db.execute(sql`delete from notifications where data ? 'bench'`);
  // Deliveries other groups left pending in this bench database (the interactions group's messages
  // escalate to e-mail minutes later) would be sent in the run and counted against its 10,000.
  await db.execute(sql`delete from notification_deliveries where status = 'pending'`);
  await db.execute(sql`
    insert into notifications (id, user_id, type, title, body, data, channels, created_at)
    select ${sidExpr("'bench-notification' || g")}, ${sidExpr("'client2' || g")}, 'general_alert', 'Your order shipped',
           'Order ORD-' || g || ' is on its way.', jsonb_build_object('bench', true), array['email'], now()
    from generate_series(1, ${EMAILS}::int) as g`);
  await db.execute(sql`
    insert into notification_deliveries (notification_id, user_id, channel, status, scheduled_for)
    select ${sidExpr("'bench-notification' || g")}, ${sidExpr("'client2' || g")}, 'email', 'pending', now() - interval '1 minute'
    from generate_series(1, ${EMAILS}::int) as g`);
}

/**
 * The dispatcher drains 10,000 due e-mails to a loopback SMTP server (target ≥ 500 per second):
 * notification dispatcher and mail job run back to back in a worker on the server core, the SMTP
 * server on the load core. Runs with the app stopped, so only this worker claims the rows. Measured
 * twice: with SMTP_URL as given (the transport's default pool of kept-open connections) and with
 * `?pool=false` (one connection per mail, each paying the sink's 100 ms greeting delay).
 */
export const dispatcherGroup: BenchGroup = {
  name: 'dispatcher',
  standalone: true,
  async run(ctx) {
    const name = (pool: boolean) =>
      `dispatcher: ${EMAILS.toLocaleString('en-US')} due e-mails to loopback SMTP${pool ? '' : ' (SMTP_URL ?pool=false)'}`;
    const needed = ['server/jobs/notifications.ts', 'server/jobs/mail.ts'].filter((f) => !fs.existsSync(`${ROOT}/${f}`));
    if (needed.length) return [unavailable(name(false), 'e-mails/s', '≥ 500', `not available (${needed.join(', ')} missing)`)];
    const rows: Row[] = [];
    for (const pool of [true, false]) {
      await queueDueEmails(ctx.db);
      const sink = spawnPinned('bench/smtp-sink.ts', [], { SMTP_PORT: String(SMTP_PORT) }, LOAD_CORE, 'pipe');
      await sleep(1500);
      const worker = spawnPinned(
        'bench/dispatch-run.ts',
        [String(EMAILS)],
        { DATABASE_URL: ctx.databaseUrl, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}${pool ? '' : '/?pool=false'}` },
        SERVER_CORE,
        'pipe',
      );
      const result = await readJson<{ seconds: number; sent: number }>(worker);
      const sinkResult = readJson<{ received: number }>(sink);
      await stopProcess(sink);
      const { received } = await sinkResult;
      const rate = Math.round(result.sent / result.seconds);
      const [{ stuck }] = await query<{ stuck: number }>(
        ctx.db,
        sql`select count(*)::int as stuck from notification_deliveries where status <> 'sent' and notification_id in (select id from notifications where data ? 'bench')`,
      );
      rows.push({
        name: name(pool),
        value: rate,
        unit: 'e-mails/s',
        // The target is for the default configuration; the unpooled row shows what the pool buys.
        target: pool ? '≥ 500' : '— (reference)',
        pass: received !== EMAILS || stuck > 0 ? false : pool ? rate >= 500 : null,
        note: `${result.sent} sent in ${result.seconds.toFixed(1)} s, ${received} received by SMTP, ${stuck} deliveries not sent`,
      });
    }
    return rows;
  },
};
