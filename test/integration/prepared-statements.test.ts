import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { executeNamedRows, placeholders, prepared } from '../../server/db/prepared';
import { localPaymentIntents } from '../../server/db/schema';
import { executeRows } from '../../server/db/sql';
import { useTestServer } from '../support/server';

// Decision 013 (design rule 13): the hot checkout statements run through server/db/prepared.ts
// instead of being built by Drizzle on each call. These tests hold it to what the ordinary Drizzle
// statement gives: the same rows with the same types, on the pool and inside a transaction.

const server = useTestServer();

const COLUMNS = [
  'id',
  'idempotencyKey',
  'amount',
  'currency',
  'paymentMethodId',
  'description',
  'status',
  'metadata',
  'createdAt',
] as const;
const insertIntent = (db: Db) =>
  prepared(db, 'test_insert_intent', (d) =>
    d
      .insert(localPaymentIntents)
      .values(placeholders(localPaymentIntents, ...COLUMNS))
      .returning()
      .prepare('test_insert_intent'),
  );

const intent = (key: string) => ({
  id: `pi_test_${key}`,
  idempotencyKey: `prepared-test:${key}`,
  amount: 1234,
  currency: 'usd',
  paymentMethodId: 'pm_card_visa',
  description: 'prepared statement test',
  status: 'succeeded' as const,
  metadata: { orderId: key },
  createdAt: new Date('2026-11-26T05:00:00.123Z'),
});

describe('prepared statements (server/db/prepared.ts)', () => {
  it('give the rows the ordinary Drizzle statement gives: dates as Dates, JSON as objects', async () => {
    const [viaPrepared] = await insertIntent(server.deps.db).execute(intent('a'));
    const [viaDrizzle] = await server.deps.db.insert(localPaymentIntents).values(intent('b')).returning();
    expect(viaPrepared.createdAt).toBeInstanceOf(Date);
    expect(viaPrepared).toEqual({ ...viaDrizzle, id: 'pi_test_a', idempotencyKey: 'prepared-test:a', metadata: { orderId: 'a' } });
  });

  it('run in the transaction they are given: seen inside it, gone with its rollback', async () => {
    const rolledBack = new Error('roll back');
    const seenInside = await server.deps.db
      .transaction(async (tx) => {
        await insertIntent(tx as unknown as Db).execute(intent('c'));
        const rows = await tx.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, 'pi_test_c'));
        throw Object.assign(rolledBack, { rows });
      })
      .catch((error: Error & { rows?: unknown[] }) => error.rows);
    expect(seenInside).toHaveLength(1);
    expect(await server.deps.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, 'pi_test_c'))).toEqual([]);
  });

  it('run raw statements of a fixed shape as executeRows does', async () => {
    const statement = sql`select ${'x'}::text as name, ${2}::int as n, ${new Date('2026-11-26T05:00:00Z').toISOString()}::timestamptz as at`;
    expect(await executeNamedRows(server.deps.db, 'test_raw', statement)).toEqual(await executeRows(server.deps.db, statement));
  });

  it.runIf(process.env.DATABASE_URL)('are prepared on the connection (PostgreSQL keeps their plans)', async () => {
    const named = await server.deps.db.transaction(async (tx) => {
      await insertIntent(tx as unknown as Db).execute(intent('d'));
      return executeRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pg_prepared_statements where statement like 'insert into "local_payment_intents"%'`,
      );
    });
    expect(named).toEqual([{ n: 1 }]);
  });
});
