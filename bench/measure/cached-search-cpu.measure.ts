import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildApp } from '../../server/app';
import { SESSION_COOKIE } from '../../server/auth/cookies';
import { createSession } from '../../server/auth/sessions';
import { createUser, signIn } from '../../test/support/factories';
import { studioInput } from '../../test/support/studio-fixtures';
import { useTestServer } from '../../test/support/server';

// Issue 22: what a cached studio.search costs the server now that every call runs its procedure
// (middlewares, input validation, the cache lookup), and what an API write waits for (the change
// feed's catch-up). A measurement, not a test: `npx vitest run --project measure
// bench/measure/cached-search-cpu.measure.ts`. CPU is this process's user+system time around
// in-process requests (app.inject: Fastify's routing, hooks and the tRPC handler, no socket), so a
// busy host shifts it less than wall time; it is printed with the load. Run it on the code before
// and after a change, interleaved, and compare.

const server = useTestServer();
const ROUNDS = 5;
const REQUESTS = 3_000;
const WRITES = 200;
let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  for (let i = 0; i < 12; i++) await client.studio.create.mutate(studioInput({ name: `Measure ${i}` }));
  const { token } = await createSession(server.deps.db, user.id, { now: new Date(), userAgent: 'measure' });
  cookie = `${SESSION_COOKIE}=${token}`;
  app = await buildApp(server.deps, { serveClient: false });
});

afterAll(async () => {
  await app?.close();
});

const searchUrl = `/trpc/studio.search?input=${encodeURIComponent(JSON.stringify({ json: { query: 'measure' } }))}`;
const batchUrl = `/trpc/studio.search?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { query: 'measure' } } }))}`;

async function cpuPerRequest(url: string) {
  const before = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) await app.inject({ method: 'GET', url, headers: { cookie } });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / REQUESTS;
}

async function msPerWrite() {
  const started = performance.now();
  for (let i = 0; i < WRITES; i++) {
    const response = await app.inject({ method: 'POST', url: '/trpc/notification.markAllSeen', headers: { cookie, 'content-type': 'application/json', origin: server.url }, payload: '{}' });
    if (response.statusCode !== 200) throw new Error(`markAllSeen answered ${response.statusCode}: ${response.body}`);
  }
  return (performance.now() - started) / WRITES;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('cached studio.search and API writes', () => {
  it('prints CPU per cached search and wall time per write', async () => {
    await cpuPerRequest(searchUrl); // warm-up: JIT, the cache, the session cache
    const single: number[] = [];
    const batch: number[] = [];
    const writes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      single.push(await cpuPerRequest(searchUrl));
      batch.push(await cpuPerRequest(batchUrl));
      writes.push(await msPerWrite());
    }
    const fmt = (values: number[], digits: number) => values.map((v) => v.toFixed(digits)).join(', ');
    console.log(
      [
        `database: ${server.deps.database.kind}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
        `cached studio.search, single GET: median ${median(single).toFixed(1)} µs CPU/request (${fmt(single, 1)})`,
        `cached studio.search, batch of 1: median ${median(batch).toFixed(1)} µs CPU/request (${fmt(batch, 1)})`,
        `notification.markAllSeen: median ${median(writes).toFixed(2)} ms/write (${fmt(writes, 2)})`,
      ].join('\n'),
    );
  });
});
