import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_BUILD } from '../../scripts/server-build';
import { localPaymentIntents, notifications, orderItems, orders, products } from '../../server/db/schema';
import { createTestClient, type TestClient } from '../support/client';
import { ADDRESS, CARDS, productInput } from '../support/commerce-fixtures';
import { createTestDatabase, isPostgres, type TestDatabase } from '../support/databases';
import { createUser, signIn } from '../support/factories';

// The real thing: the built server as a child process on PostgreSQL, killed with SIGKILL in the
// middle of a burst of card checkouts (good and declining cards), then started again on the same
// database. Its reconcile job (at start; a one-second threshold here) must leave no order pending,
// every charged order confirmed with its seller told once, every uncharged one released, no
// order charged twice, and the stock equal to the initial stock minus the confirmed units.
//
// PostgreSQL only: the test reads the database beside the running server to see the burst's state
// at the kill and to watch the restart settle it, and an embedded PGlite data directory can be
// opened by one process at a time.

const STOCK = 500;
const BUYERS = 6;
const IN_FLIGHT = 48;
/** The kill comes once this many orders were placed: in the middle of the burst. */
const KILL_AFTER_ORDERS = 30;
const SETTLE_WITHIN_MS = 120_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

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

async function startServer(databaseUrl: string, port: number) {
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PAYMENT_RECONCILE_AFTER_SECONDS: '1',
  };
  child = spawn(process.execPath, [SERVER_BUILD], { env, stdio: 'ignore' });
  await until('the server to answer /healthz', () => fetch(`${url}/healthz`).then((r) => r.ok, () => false), 30_000);
  return url;
}

function kill(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  return exited;
}

describe.skipIf(!isPostgres())('a server killed with SIGKILL during a burst of card checkouts, restarted on the same database', () => {
  it('settles every card order within two minutes: none pending, charged ones confirmed and announced once, the others released, stock exact', async () => {
    testDb = await createTestDatabase();
    const databaseUrl = testDb.url as string;
    const db = testDb.database.db;
    const port = await freePort();
    let url = await startServer(databaseUrl, port);

    const signedIn = async () => {
      const user = await createUser({}, db);
      const client = createTestClient(url);
      await signIn(client, user);
      return { user, client };
    };
    const seller = await signedIn();
    const storefront = await seller.client.storefront.create.mutate({ name: 'Crash Test Prints' });
    const product = await seller.client.product.create.mutate(productInput(storefront.id, { inventory: { trackInventory: true, quantity: STOCK } }));
    const buyers: TestClient[] = [];
    for (let i = 0; i < BUYERS; i++) buyers.push((await signedIn()).client);

    // The burst: IN_FLIGHT checkouts at a time, every third card declining, until the kill.
    let killed = false;
    let sent = 0;
    const checkout = (i: number) =>
      buyers[i % BUYERS].order.checkout.mutate({
        storefrontId: storefront.id,
        items: [{ productId: product.id, quantity: 1 + (i % 2) }],
        shippingAddress: ADDRESS,
        paymentMethodId: i % 3 === 0 ? CARDS.declined : CARDS.succeeds,
      });
    const lane = async () => {
      while (!killed) await checkout(sent++).catch(() => undefined);
    };
    const lanes = Array.from({ length: IN_FLIGHT }, lane);
    const server = child as ChildProcess;
    await until('the burst to be under way', async () => (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n >= KILL_AFTER_ORDERS, 60_000, 10);
    await kill(server);
    killed = true;
    await Promise.all(lanes);

    const cardOrders = () => db.select().from(orders).where(eq(orders.storefrontId, storefront.id));
    const atKill = await cardOrders();
    const pendingAtKill = atKill.filter((o) => o.status === 'pending');
    // What the kill left behind: the crash this test is about (reported for the record).
    console.info(`crash-recovery: ${sent} checkouts sent, ${atKill.length} orders at the kill, ${pendingAtKill.length} of them pending`);

    url = await startServer(databaseUrl, port);
    await until(
      'the restarted server to settle every pending order',
      async () => (await cardOrders()).every((o) => o.status !== 'pending'),
      SETTLE_WITHIN_MS,
      250,
    );

    const final = await cardOrders();
    const charges = await db
      .select()
      .from(localPaymentIntents)
      .where(and(like(localPaymentIntents.idempotencyKey, 'order:%'), sql`${localPaymentIntents.metadata} ->> 'storefrontId' = ${storefront.id}`));
    const succeeded = charges.filter((c) => c.status === 'succeeded');
    const chargedOrderIds = succeeded.map((c) => c.metadata.orderId);
    // No order charged twice.
    expect(new Set(chargedOrderIds).size).toBe(chargedOrderIds.length);
    const confirmed = final.filter((o) => o.status === 'confirmed');
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
    expect(confirmed.every((o) => chargedOrderIds.includes(o.id))).toBe(true);
    expect(final.filter((o) => o.status !== 'confirmed' && !o.refundedAt).every((o) => o.status === 'cancelled' && o.paidAt === null)).toBe(true);
    expect(final.filter((o) => o.status === 'pending')).toEqual([]);
    // The stock is the initial stock minus the confirmed units.
    const confirmedIds = confirmed.map((o) => o.id);
    const [{ units }] = confirmedIds.length
      ? await db.select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` }).from(orderItems).where(inArray(orderItems.orderId, confirmedIds))
      : [{ units: 0 }];
    const [{ quantity }] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
    expect({ quantity }).toEqual({ quantity: STOCK - units });
    // The seller heard of each confirmed order exactly once.
    const notices = await db
      .select({ orderId: sql<string>`${notifications.data} ->> 'orderId'`, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, seller.user.id), eq(notifications.title, 'New order')))
      .groupBy(sql`${notifications.data} ->> 'orderId'`);
    expect(Object.fromEntries(notices.map((n) => [n.orderId, n.n]))).toEqual(Object.fromEntries(confirmedIds.map((id) => [id, 1])));
    console.info(`crash-recovery: after the restart ${confirmed.length} confirmed, ${final.length - confirmed.length} released, ${units} units sold of ${STOCK}`);
    await kill(child as ChildProcess);
  }, 240_000);
});
