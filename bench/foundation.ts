import { sql } from 'drizzle-orm';
import type { BenchGroup } from './context';
import { hasProcedure, query, type Row, round1, runLoad, startServer, stopProcess, unavailable } from './lib';

const BARE_PORT = 3990;
const SECONDS = 8;

/**
 * RSS after start; a bare Fastify route, /healthz and auth.me (signed in) under the same load in
 * the same run, each served from the server core with autocannon on the other core. Target:
 * auth.me ≥ 20% of the bare route's throughput.
 */
export const foundationGroup: BenchGroup = {
  name: 'foundation',
  async run(ctx) {
    const rows: Row[] = [
      { name: 'server RSS after start (PostgreSQL)', value: ctx.rssAfterStartMb, unit: 'MB', target: '≤ 250', pass: ctx.rssAfterStartMb <= 250 },
    ];
    const bare = await startServer('bench/bare-server.ts', { PORT: String(BARE_PORT) }, `http://127.0.0.1:${BARE_PORT}/bare`);
    let bareRun: Awaited<ReturnType<typeof runLoad>>;
    try {
      bareRun = await runLoad({ url: `http://127.0.0.1:${BARE_PORT}/bare`, connections: 50, duration: SECONDS, warmup: 2, requests: [{}] });
    } finally {
      await stopProcess(bare);
    }
    rows.push({ name: 'bare Fastify route (reference)', value: bareRun.rps, unit: 'req/s', target: '—', pass: null, note: `p99 ${bareRun.p99} ms` });
    const health = await runLoad({ url: `${ctx.appUrl}/healthz`, connections: 50, duration: SECONDS, warmup: 2, requests: [{}] });
    rows.push({ name: '/healthz (one SELECT 1)', value: health.rps, unit: 'req/s', target: '—', pass: null, note: `${round1((health.rps / bareRun.rps) * 100)}% of bare, p99 ${health.p99} ms` });

    if (!hasProcedure('auth.me')) return [...rows, unavailable('auth.me signed in', 'req/s', '≥ 20% of bare')];
    const [{ id }] = await query<{ id: string }>(ctx.db, sql`select id from users where email = 'client1.1@scale.inklink.test'`);
    const cookie = await ctx.sessionCookie(id);
    const me = await runLoad({ url: `${ctx.appUrl}/trpc/auth.me`, connections: 50, duration: SECONDS, warmup: 2, requests: [{ headers: { cookie } }] });
    const ratio = round1((me.rps / bareRun.rps) * 100);
    rows.push({ name: 'auth.me signed in', value: me.rps, unit: 'req/s', target: '≥ 20% of bare', pass: ratio >= 20, note: `${ratio}% of bare, p99 ${me.p99} ms` });
    return rows;
  },
};
