import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { SERVER_BUILD } from '../../scripts/server-build';
import type { Db } from '../../server/db/client';
import { localPaymentIntents, notifications, orderItems, orders, products } from '../../server/db/schema';
import { createTestClient, type TestClient } from '../support/client';
import { ADDRESS, CARDS, productInput, readyToReceive } from '../support/commerce-fixtures';
import { freePort } from '../support/server';
import { createTestDatabase, isPostgres, type TestDatabase, withDataDir } from '../support/databases';
import { createUser, signIn } from '../support/factories';

// The real thing: the built server as a child process, killed with SIGKILL in the middle of a
// burst of card checkouts (good and declining cards), then started again on the same database.
// Its reconcile job (at start; a one-second threshold here) must leave no order pending, every
// charged order confirmed with its seller told once, every uncharged one released, no order
// charged twice, and the stock equal to the initial stock minus the confirmed units.
//
// On PostgreSQL the test reads the database beside the running server. PGlite's data directory is
// one process's at a time, so there the test opens it only while no server runs (to seed it
// before the first start, and to check it after the restarted server settled and stopped); the
// kill and the restart on the same directory are the same.

const STOCK = 500;
const BUYERS = 6;
const IN_FLIGHT = 48;
/** The kill comes once this many checkouts were answered: in the middle of the burst. */
const KILL_AFTER_ANSWERS = 30;
const SETTLE_WITHIN_MS = 120_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | null | false>, withinMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(everyMs);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-crash-'));
let child: ChildProcess | undefined;
let testDb: TestDatabase | undefined;
afterAll(async () => {
  child?.kill('SIGKILL');
  await testDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The database the servers run on, and a way for the test to use it: on PostgreSQL at any time
 * (its own connection), on PGlite only between servers (the directory is opened and closed again).
 */
async function databaseUnderTest() {
  if (isPostgres()) {
    testDb = await createTestDatabase();
    const { db } = testDb.database;
    return { env: { DATABASE_URL: testDb.url as string }, use: <T>(fn: (db: Db) => Promise<T>) => fn(db) };
  }
  return { env: { DATABASE_URL: '' }, use: <T>(fn: (db: Db) => Promise<T>) => withDataDir(dataDir, fn) };
}

async function startServer(env: Record<string, string>, port: number) {
  const url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [SERVER_BUILD], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', APP_ORIGIN: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PAYMENT_RECONCILE_AFTER_SECONDS: '1' },
    stdio: 'ignore',
  });
  await until('the server to answer /healthz', () => fetch(`${url}/healthz`).then((r) => r.ok, () => false), 60_000);
  return url;
}

function stop(server: ChildProcess, signal: 'SIGKILL' | 'SIGTERM') {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill(signal);
  return exited;
}

/** What the database says after the restart: the figures the test asserts. */
async function outcome(db: Db, storefrontId: string, productId: string, sellerId: string) {
  const final = await db.select().from(orders).where(eq(orders.storefrontId, storefrontId));
  const charges = await db
    .select()
    .from(localPaymentIntents)
    .where(and(like(localPaymentIntents.idempotencyKey, 'order:%'), sql`${localPaymentIntents.metadata} ->> 'storefrontId' = ${storefrontId}`));
  const confirmedIds = final.filter((o) => o.status === 'confirmed').map((o) => o.id);
  const [{ units }] = confirmedIds.length
    ? await db.select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` }).from(orderItems).where(inArray(orderItems.orderId, confirmedIds))
    : [{ units: 0 }];
  const [{ quantity }] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  const notices = await db
    .select({ orderId: sql<string>`${notifications.data} ->> 'orderId'`, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, sellerId), eq(notifications.title, 'New order')))
    .groupBy(sql`${notifications.data} ->> 'orderId'`);
  return { final, succeeded: charges.filter((c) => c.status === 'succeeded'), confirmedIds, units, quantity, notices };
}

describe('a server killed with SIGKILL during a burst of card checkouts, restarted on the same database', () => {
  it('settles every card order within two minutes: none pending, charged ones confirmed and announced once, the others released, stock exact', async () => {
    const database = await databaseUnderTest();
    const [seller, ...buyers] = await database.use((db) => Promise.all(Array.from({ length: BUYERS + 1 }, () => createUser({}, db))));
    const port = await freePort();
    const url = await startServer(database.env, port);
    const signedIn = async (user: (typeof buyers)[number]) => {
      const client = createTestClient(url);
      await signIn(client, user);
      return client;
    };
    const sellerClient = await signedIn(seller);
    // Card sales need the seller's active payout account (decision 038).
    await readyToReceive(sellerClient);
    const storefront = await sellerClient.storefront.create.mutate({ name: 'Crash Test Prints' });
    const product = await sellerClient.product.create.mutate(productInput(storefront.id, { inventory: { trackInventory: true, quantity: STOCK } }));
    const buyerClients: TestClient[] = [];
    for (const buyer of buyers) buyerClients.push(await signedIn(buyer));

    // The burst: IN_FLIGHT checkouts at a time, every third card declining, until the kill.
    let killed = false;
    let sent = 0;
    let answered = 0;
    const checkout = (i: number) =>
      buyerClients[i % BUYERS].order.checkout.mutate({
        storefrontId: storefront.id,
        items: [{ productId: product.id, quantity: 1 + (i % 2) }],
        shippingAddress: ADDRESS,
        paymentMethodId: i % 3 === 0 ? CARDS.declined : CARDS.succeeds,
      });
    const lane = async () => {
      while (!killed) {
        const reply = await checkout(sent++).then(
          () => true,
          (error: unknown) => error instanceof TRPCClientError && error.data?.httpStatus !== undefined,
        );
        if (reply && !killed) answered++;
      }
    };
    const pendingOrders = () =>
      database.use(async (db) => (await db.select().from(orders).where(and(eq(orders.storefrontId, storefront.id), eq(orders.status, 'pending')))).length);
    const lanes = Array.from({ length: IN_FLIGHT }, lane);
    await until('the burst to be under way', async () => answered >= KILL_AFTER_ANSWERS, 60_000, 5);
    // The moment the 30th answer arrives may find no order between placement and confirmation (one
    // CI run found 0 once a write's answer waited for the change feed to catch up, decision 023):
    // on PostgreSQL the kill waits until orders are being charged, the moment this test is about.
    if (isPostgres()) await until('orders being charged', async () => (await pendingOrders()) > 0, 30_000, 1);
    await stop(child as ChildProcess, 'SIGKILL');
    killed = true;
    await Promise.all(lanes);

    // What the kill left behind, the crash this test is about (reported for the record).
    const pendingAtKill = await pendingOrders();

    // On PostgreSQL the kill lands among orders being charged (6–35 of them in four runs);
    // PGlite runs one statement at a time and the kill may find none, which the run reports.
    if (isPostgres()) expect(pendingAtKill).toBeGreaterThan(0);

    await startServer(database.env, port);
    // The seller's session outlives the restart; their order list shows when nothing is pending.
    const pendingLeft = async () => (await sellerClient.order.forStorefront.query({ storefrontId: storefront.id, status: 'pending' })).items.length;
    await until('the restarted server to settle every pending order', async () => (await pendingLeft()) === 0, SETTLE_WITHIN_MS, 250);
    await stop(child as ChildProcess, 'SIGTERM');

    const { final, succeeded, confirmedIds, units, quantity, notices } = await database.use((db) => outcome(db, storefront.id, product.id, seller.id));
    console.info(
      `crash-recovery (${isPostgres() ? 'PostgreSQL' : 'PGlite'}): ${sent} checkouts sent, ${answered} answered before the kill, ` +
        `${pendingAtKill} orders pending at the kill; after it ${confirmedIds.length} confirmed, ${final.length - confirmedIds.length} released, ${units} of ${STOCK} units sold`,
    );
    expect(final.filter((o) => o.status === 'pending')).toEqual([]);
    // No order charged twice.
    const chargedOrderIds = succeeded.map((c) => c.metadata.orderId);
    expect(new Set(chargedOrderIds).size).toBe(chargedOrderIds.length);
    // Every charged order confirmed with its own charge (or, had it been released first, refunded).
    const byId = new Map(final.map((o) => [o.id, o]));
    for (const charge of succeeded) {
      const order = byId.get(charge.metadata.orderId);
      expect({ charge: charge.id, status: order?.status, paymentIntentId: order?.paymentIntentId }).toEqual({
        charge: charge.id,
        status: order?.refundedAt ? 'cancelled' : 'confirmed',
        paymentIntentId: charge.id,
      });
    }
    // Every confirmed order was charged; every other one released (cancelled unpaid, or removed by its declined checkout).
    expect(confirmedIds.filter((id) => !chargedOrderIds.includes(id))).toEqual([]);
    expect(final.filter((o) => o.status !== 'confirmed' && !o.refundedAt && !(o.status === 'cancelled' && o.paidAt === null))).toEqual([]);
    // The stock is the initial stock minus the confirmed units; the seller heard of each confirmed order once.
    expect({ quantity }).toEqual({ quantity: STOCK - units });
    expect(Object.fromEntries(notices.map((n) => [n.orderId, n.n]))).toEqual(Object.fromEntries(confirmedIds.map((id) => [id, 1])));
  }, 300_000);
});
