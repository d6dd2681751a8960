import { and, eq } from 'drizzle-orm';
import { connectAccounts, localConnectAccounts, orders } from '../../server/db/schema';
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
  const stripe = server.deps.payments.kind === 'stripe';
  const seller = await sellerWithStorefront(server, {}, { payouts: !stripe });
  if (stripe) await stripeAccountActive(server, seller.user.id);
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

/**
 * In Stripe mode the seller's onboarding happens on Stripe's page: their connected account is
 * stored as Stripe's account.updated webhook would leave it, active, so card checkouts go through.
 */
async function stripeAccountActive(server: TestServer, userId: string) {
  await server.deps.db.insert(connectAccounts).values({
    userId,
    accountId: `acct_test_${userId.slice(0, 8)}`,
    status: 'active',
    capabilities: { card_payments: 'active', transfers: 'active' },
    payoutsEnabled: true,
    chargesEnabled: true,
    detailsSubmitted: true,
  });
}
