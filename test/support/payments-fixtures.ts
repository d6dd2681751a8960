import { and, eq } from 'drizzle-orm';
import {
  connectAccounts,
  localConnectAccounts,
  orders,
  paymentHistory,
  paymentRequests,
  paymentTransactions,
} from '../../server/db/schema';
import type { ChargeInput } from '../../server/providers/payments/types';
import { ADDRESS, CARDS, person, productInput, readyToReceive, sellerWithStorefront } from './commerce-fixtures';
import type { TestClient } from './client';
import { createUser, signIn } from './factories';
import type { TestServer } from './server';

/** A signed-in user with their own tRPC client. */
export async function signedInUser(server: TestServer, overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

export { readyToReceive };

/**
 * Rosa Vega, an artist who can receive payments (signed in on `artistApi`), and her client Theo
 * Marsh, in one conversation: the cast of the browser payment journeys.
 */
export async function artistAndClientInThread(server: TestServer) {
  const { user: artist, client: artistApi } = await signedInUser(server, { firstName: 'Rosa', lastName: 'Vega' });
  await readyToReceive(artistApi);
  const client = await createUser({ firstName: 'Theo', lastName: 'Marsh' }, server.deps.db);
  const { threadId } = await artistApi.thread.open.mutate({ userId: client.id });
  return { artist, client, artistApi, threadId };
}

/**
 * The requester's payout account loses its ability to receive after their requests were sent (in
 * local mode: the provider asks for the details again); the next status check moves their pending
 * requests to recipient_setup (spec 2 §4). Sending is refused before an account is active, so this
 * is how a request comes to wait for setup.
 */
export async function loseReceiving(server: TestServer, requester: { user: { id: string }; client: TestClient }) {
  const [row] = await server.deps.db.select().from(connectAccounts).where(eq(connectAccounts.userId, requester.user.id));
  if (!row) throw new Error('expected a payout account');
  await server.deps.db.update(localConnectAccounts).set({ detailsSubmitted: false }).where(eq(localConnectAccounts.id, row.accountId));
  return requester.client.connect.status.query({ refresh: true });
}

/**
 * An artist who can receive payments and a client with the local test card saved, in one
 * conversation: the cast of every payment request test.
 */
export async function paymentRequestCast(server: TestServer, options: { artistReady?: boolean } = {}) {
  const artist = await signedInUser(server, { firstName: 'Ada', lastName: 'Ink' });
  const payer = await signedInUser(server, { firstName: 'Cleo', lastName: 'Client' });
  if (options.artistReady !== false) await readyToReceive(artist.client);
  await payer.client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_visa' });
  const { threadId } = await artist.client.thread.open.mutate({ userId: payer.user.id });
  const request = (overrides: Record<string, unknown> = {}) =>
    artist.client.paymentRequest.create.mutate({
      payeeId: payer.user.id,
      amount: 10_000,
      description: 'Sleeve session deposit',
      threadId,
      ...overrides,
    });
  return { artist, payer, threadId, request };
}

/**
 * The cast's payer saves the 3-D Secure card and pays a new request with it (decision 040): the
 * attempt is open and the action for the browser in hand.
 */
export async function requestAwaitingChallenge(cast: Awaited<ReturnType<typeof paymentRequestCast>>) {
  const request = await cast.request();
  await cast.payer.client.payment.addMethod.mutate({ paymentMethodId: CARDS.threeDSecure });
  const paying = await cast.payer.client.paymentRequest.process.mutate({
    paymentRequestId: request.id,
    paymentMethodId: CARDS.threeDSecure,
  });
  if (!paying.nextAction) throw new Error('expected a next action');
  const action = paying.nextAction;
  /** completeAction as `who`, for this request and (unless another is given) its charge. */
  const complete = (who: typeof cast.payer, paymentIntentId = action.paymentIntentId) =>
    who.client.paymentRequest.completeAction.mutate({ paymentRequestId: request.id, paymentIntentId });
  return { ...cast, request, paying, action, complete };
}

/** A payment request as its parties see it: its status, its attempts' statuses, and the payer's history rows. */
export async function paymentRequestState(server: TestServer, requestId: string, payerId: string) {
  const { db } = server.deps;
  const [request] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId));
  const attempts = await db.select().from(paymentTransactions).where(eq(paymentTransactions.paymentRequestId, requestId));
  const history = await db.select().from(paymentHistory).where(eq(paymentHistory.userId, payerId));
  return { status: request.status, attempts: attempts.map((a) => a.status).sort(), history: history.length };
}

/**
 * Plays a request that dies while charging: until the returned function is called, every charge
 * throws as a dropped connection would, after the provider took the money when `charged(input)`
 * says so (the answer was lost) and before it otherwise (nothing charged).
 */
export function requestsDieDuringCharge(server: TestServer, charged: (input: ChargeInput) => boolean): () => void {
  const payments = server.deps.payments;
  const real = payments.charge;
  payments.charge = async (input) => {
    if (charged(input)) await real(input);
    throw new Error('socket hang up');
  };
  return () => {
    payments.charge = real;
  };
}

/**
 * `count` card checkouts of one unit each (a fresh storefront and product of `quantity`) whose
 * requests die while charging, every other one after the charge: left pending, stock held.
 */
export async function strandedCardOrders(server: TestServer, count: number, quantity = 20) {
  const seller = await sellerWithStorefront(server);
  const buyer = await person(server);
  const product = await seller.client.product.create.mutate(
    productInput(seller.storefront.id, { inventory: { trackInventory: true, quantity } }),
  );
  let n = 0;
  const restore = requestsDieDuringCharge(server, () => n++ % 2 === 0);
  try {
    await Promise.allSettled(
      Array.from({ length: count }, () =>
        buyer.client.order.checkout.mutate({
          storefrontId: seller.storefront.id,
          items: [{ productId: product.id, quantity: 1 }],
          shippingAddress: ADDRESS,
          paymentMethodId: CARDS.succeeds,
        }),
      ),
    );
  } finally {
    restore();
  }
  const pending = await server.deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.storefrontId, seller.storefront.id), eq(orders.status, 'pending')));
  return { seller, buyer, product, pending };
}
