import { describe, expect, it } from 'vitest';
import { changedTables, fingerprint } from '../security/fingerprint';
import { trpcError, type TestClient } from '../support/client';
import { ADDRESS, person, productInput, studioWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// The authorization matrix of every storefront, product and order mutation (and the analytics
// read) × who asks: nobody, another user, the customer of an order, the studio owner, a studio
// member with canManageStore, a member without it. Each cell runs on a fresh studio storefront
// with a product and a customer's order; a refused call must write nothing.

const server = useTestServer();

type Actor = 'anonymous' | 'other user' | 'customer' | 'owner' | 'store manager' | 'member without canManageStore';
const ACTORS: Actor[] = ['anonymous', 'other user', 'customer', 'owner', 'store manager', 'member without canManageStore'];

async function world() {
  const studio = await studioWithStorefront(server);
  const storefrontId = studio.storefront.id;
  const product = await studio.owner.client.product.create.mutate(productInput(storefrontId, { inventory: { trackInventory: true, quantity: 20 } }));
  const customer = await person(server);
  const other = await person(server);
  const order = await customer.client.order.checkout.mutate({ storefrontId, items: [{ productId: product.id, quantity: 1 }], shippingAddress: ADDRESS });
  const clients: Record<Actor, TestClient> = {
    anonymous: server.client(),
    'other user': other.client,
    customer: customer.client,
    owner: studio.owner.client,
    'store manager': studio.manager.client,
    'member without canManageStore': studio.member.client,
  };
  return { ...studio, storefrontId, productId: product.id, orderId: order.id, clients };
}
type World = Awaited<ReturnType<typeof world>>;

const SELLERS: Actor[] = ['owner', 'store manager'];
const PARTIES: Actor[] = ['owner', 'store manager', 'customer'];

/** Each call, who may make it, and any state it needs first (made by the owner). */
const MATRIX: Array<{ name: string; allowed: Actor[]; prepare?: (w: World) => Promise<unknown>; call: (c: TestClient, w: World) => Promise<unknown> }> = [
  {
    name: 'storefront.create (for the studio)',
    allowed: SELLERS,
    // The studio's storefront is deleted first so a permitted call can create one.
    prepare: (w) => w.owner.client.storefront.delete.mutate({ storefrontId: w.storefrontId }),
    call: (c, w) => c.storefront.create.mutate({ ownerType: 'shop', ownerId: w.studio.id, name: 'New store' }),
  },
  { name: 'storefront.updateSettings', allowed: SELLERS, call: (c, w) => c.storefront.updateSettings.mutate({ storefrontId: w.storefrontId, settings: { taxRate: 7 } }) },
  { name: 'storefront.toggleActive', allowed: SELLERS, call: (c, w) => c.storefront.toggleActive.mutate({ storefrontId: w.storefrontId }) },
  { name: 'storefront.delete', allowed: SELLERS, call: (c, w) => c.storefront.delete.mutate({ storefrontId: w.storefrontId }) },
  { name: 'storefront.analytics', allowed: SELLERS, call: (c, w) => c.storefront.analytics.query({ storefrontId: w.storefrontId }) },
  { name: 'product.create', allowed: SELLERS, call: (c, w) => c.product.create.mutate(productInput(w.storefrontId, { name: 'Pin' })) },
  { name: 'product.update', allowed: SELLERS, call: (c, w) => c.product.update.mutate({ productId: w.productId, price: 999 }) },
  { name: 'product.delete', allowed: SELLERS, call: (c, w) => c.product.delete.mutate({ productId: w.productId }) },
  {
    name: 'product.updateInventory',
    allowed: SELLERS,
    call: (c, w) => c.product.updateInventory.mutate({ storefrontId: w.storefrontId, items: [{ productId: w.productId, quantity: 3 }] }),
  },
  { name: 'order.cancel', allowed: PARTIES, call: (c, w) => c.order.cancel.mutate({ orderId: w.orderId, reason: 'No longer needed' }) },
  { name: 'order.updateStatus', allowed: SELLERS, call: (c, w) => c.order.updateStatus.mutate({ orderId: w.orderId, status: 'confirmed', sellerNotes: 'ok' }) },
  {
    name: 'order.setTracking',
    allowed: SELLERS,
    prepare: (w) => w.owner.client.order.updateStatus.mutate({ orderId: w.orderId, status: 'confirmed' }),
    call: (c, w) => c.order.setTracking.mutate({ orderId: w.orderId, trackingNumber: '1Z999' }),
  },
  {
    name: 'order.markDelivered',
    allowed: SELLERS,
    prepare: async (w) => {
      await w.owner.client.order.updateStatus.mutate({ orderId: w.orderId, status: 'confirmed' });
      await w.owner.client.order.setTracking.mutate({ orderId: w.orderId, trackingNumber: '1Z999' });
    },
    call: (c, w) => c.order.markDelivered.mutate({ orderId: w.orderId }),
  },
];

const cells = MATRIX.flatMap((row) => ACTORS.map((actor) => [row.name, actor] as const));

describe('commerce authorization matrix', () => {
  it.each(cells)('%s by %s', async (name, actor) => {
    const row = MATRIX.find((r) => r.name === name);
    if (!row) throw new Error(name);
    const w = await world();
    await row.prepare?.(w);
    const before = await fingerprint(server.deps.db);
    if (row.allowed.includes(actor)) {
      await expect(row.call(w.clients[actor], w)).resolves.toBeDefined();
      return;
    }
    const refused = await trpcError(row.call(w.clients[actor], w));
    const expected = actor === 'anonymous' ? ['UNAUTHORIZED'] : ['FORBIDDEN', 'NOT_FOUND'];
    expect({ cell: `${name} by ${actor}`, code: expected.includes(refused.code) ? 'refused' : refused.code }).toEqual({ cell: `${name} by ${actor}`, code: 'refused' });
    expect(changedTables(before, await fingerprint(server.deps.db))).toEqual([]);
  });
});
