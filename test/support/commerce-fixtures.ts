import { connectAccounts, shopUsers } from '../../server/db/schema';
import type { CreateProductInput } from '../../server/domains/products/inputs';
import type { StorefrontSettingsInput } from '../../server/domains/storefronts/inputs';
import type { TestClient } from './client';
import { createUser, signIn } from './factories';
import type { TestServer } from './server';

// Sellers, studios with store managers, storefronts and products for the commerce tests.

export type Person = { client: TestClient; user: Awaited<ReturnType<typeof createUser>> };

export async function person(server: TestServer, overrides: Parameters<typeof createUser>[0] = {}): Promise<Person> {
  const user = await createUser(overrides, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

/** Creates the user's payout account and, in local mode, completes its onboarding: they can be paid. */
export async function readyToReceive(client: TestClient) {
  const account = await client.connect.createAccount.mutate();
  if (!account.accountId) throw new Error('expected an account');
  return client.connect.completeLocalOnboarding.mutate({ accountId: account.accountId });
}

/**
 * In Stripe mode the seller's onboarding happens on Stripe's page: their connected account is
 * stored as Stripe's account.updated webhook would leave it, active, so card checkouts go through.
 */
export async function stripeAccountActive(server: TestServer, userId: string) {
  const accountId = `acct_test_${userId.slice(0, 8)}`;
  await server.deps.db.insert(connectAccounts).values({
    userId,
    accountId,
    status: 'active',
    capabilities: { card_payments: 'active', transfers: 'active' },
    payoutsEnabled: true,
    chargesEnabled: true,
    detailsSubmitted: true,
  });
  return { accountId };
}

/**
 * A signed-in seller with their own active storefront and, unless `payouts: false`, an active
 * payout account (local onboarding, or Stripe's as stored by its webhook), made before the
 * storefront so it takes card payments (decision 038).
 */
export async function sellerWithStorefront(server: TestServer, settings: Partial<StorefrontSettingsInput> = {}, { payouts = true } = {}) {
  const seller = await person(server);
  const onStripe = server.deps.payments.kind === 'stripe';
  const account = !payouts ? null : onStripe ? await stripeAccountActive(server, seller.user.id) : await readyToReceive(seller.client);
  const storefront = await seller.client.storefront.create.mutate({ name: `Shop of ${seller.user.displayName}`, settings });
  return { ...seller, storefront, payoutAccountId: account?.accountId ?? null };
}

/** A studio of the signed-in `client` (who owns it), at a Brooklyn address. */
export function newStudio(client: TestClient, name: string, timezone = 'America/New_York') {
  return client.studio.create.mutate({
    name,
    address: '12 Ink Ave',
    city: 'Brooklyn',
    state: 'NY',
    zipCode: '11201',
    timezone,
    phone: '718-555-0100',
    email: 'studio@example.com',
  });
}

/**
 * A studio (owned by `owner`, whose payout account is active: the storefront takes card payments)
 * with a storefront, a member allowed to manage the store and a member who is not (calendar and
 * manage permissions, but not canManageStore).
 */
export async function studioWithStorefront(server: TestServer, timezone = 'America/New_York') {
  const owner = await person(server, { userTypes: ['client', 'studio'] });
  await readyToReceive(owner.client);
  const studio = await newStudio(owner.client, `Studio ${owner.user.id.slice(0, 8)}`, timezone);
  const manager = await person(server);
  const member = await person(server);
  const now = server.clock.now();
  await server.deps.db.insert(shopUsers).values([
    {
      shopId: studio.id,
      userId: manager.user.id,
      startDate: new Date(now.getTime() - 86_400_000),
      permissions: { calendar: true, manage: false },
      canManageStore: true,
    },
    {
      shopId: studio.id,
      userId: member.user.id,
      startDate: new Date(now.getTime() - 86_400_000),
      permissions: { calendar: true, manage: true },
      canManageStore: false,
    },
  ]);
  const storefront = await owner.client.storefront.create.mutate({ ownerType: 'shop', ownerId: studio.id, name: `${studio.name} Store` });
  return { owner, manager, member, studio, storefront };
}

export const productInput = (storefrontId: string, overrides: Partial<CreateProductInput> = {}): CreateProductInput => ({
  storefrontId,
  name: 'Aftercare Balm',
  description: 'Healing balm for fresh tattoos',
  price: 1500,
  category: 'aftercare',
  tags: ['balm', 'healing'],
  status: 'active',
  ...overrides,
});

export const ADDRESS = { name: 'Ada Buyer', line1: '1 Main St', city: 'Portland', state: 'OR' as const, zipCode: '97201' };
export { LOCAL_TEST_PAYMENT_METHODS as CARDS } from '../../server/providers/payments/types';
