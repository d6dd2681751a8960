import { and, eq } from 'drizzle-orm';
import { orders } from '../../server/db/schema';
import type { ChargeInput } from '../../server/providers/payments/types';
import { ADDRESS, CARDS, person, productInput, sellerWithStorefront } from './commerce-fixtures';
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

/** Creates the user's payout account and, in local mode, completes its onboarding: they can be paid. */
export async function readyToReceive(client: TestClient) {
  const account = await client.connect.createAccount.mutate();
  if (!account.accountId) throw new Error('expected an account');
  return client.connect.completeLocalOnboarding.mutate({ accountId: account.accountId });
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
