import { TRPCError } from '@trpc/server';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createChangeFeedCache } from '../../server/lib/change-feed-cache';
import { registerTrpcRoutes } from '../../server/trpc/fastify-handler';
import { publicProcedure, router, type TrpcContext } from '../../server/trpc/init';
import { createTestDatabase, type TestDatabase } from '../support/databases';

// DESIGN rule 13: nothing answers a procedure without passing its middlewares. A cached answer is
// served through the lean HTTP path (server/trpc/fastify-handler.ts) with the procedure's
// middlewares run for every call, so a rate limit or an audit log added to a cached search is
// never skipped.

let testDb: TestDatabase;
let app: FastifyInstance;
const runs: string[] = [];
let loads = 0;
let allowed = Number.POSITIVE_INFINITY;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const logger = pino({ level: 'silent' });
  const cache = createChangeFeedCache<{ items: string[] }>(testDb.database, logger, {
    channel: 'inklink_shops',
    ttlMs: 60_000,
    maxEntries: 10,
  });
  const counted = publicProcedure.use(({ path, next }) => {
    runs.push(path);
    if (runs.length > allowed) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Slow down' });
    return next();
  });
  const testRouter = router({
    search: counted.input(z.object({ query: z.string() })).query(({ input }) =>
      cache.get(input.query, async () => {
        loads++;
        return { items: [`${input.query} studio`] };
      }),
    ),
  });
  app = Fastify({ logger: false });
  await registerTrpcRoutes(app, {
    router: testRouter,
    maxBatchSize: 20,
    // The procedure builders hand every call a service context (ctx.service) made from these.
    createContext: async () => ({ user: null, sessionId: null, deps: { db: testDb.database.db } }) as unknown as TrpcContext,
  });
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const input = encodeURIComponent(JSON.stringify({ json: { query: 'quokka' } }));
const search = () => app.inject({ method: 'GET', url: `/trpc/search?input=${input}` });

describe('middlewares on a cached procedure', () => {
  it('run for each of three identical requests, while the answer comes from the cache', async () => {
    runs.length = 0;
    loads = 0;
    const answers = [await search(), await search(), await search()];
    expect(runs).toEqual(['search', 'search', 'search']);
    expect(loads).toBe(1);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0].json()).toEqual({ result: { data: { json: { items: ['quokka studio'] } } } });
  });

  it('run for each call of a batch that asks three times', async () => {
    runs.length = 0;
    const batchInput = encodeURIComponent(
      JSON.stringify({ 0: { json: { query: 'quokka' } }, 1: { json: { query: 'quokka' } }, 2: { json: { query: 'quokka' } } }),
    );
    const answer = await app.inject({ method: 'GET', url: `/trpc/search,search,search?batch=1&input=${batchInput}` });
    expect(answer.statusCode).toBe(200);
    expect(runs).toHaveLength(3);
    expect(answer.json()).toEqual(Array(3).fill({ result: { data: { json: { items: ['quokka studio'] } } } }));
  });

  it('can refuse a call whose answer is cached: a limit of two refuses the third', async () => {
    runs.length = 0;
    allowed = 2;
    try {
      const statuses = [(await search()).statusCode, (await search()).statusCode];
      const third = await search();
      expect(statuses).toEqual([200, 200]);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ error: { json: { message: 'Slow down' } } });
    } finally {
      allowed = Number.POSITIVE_INFINITY;
    }
  });
});
