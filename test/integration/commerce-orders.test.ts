import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPaymentIntents, localRefunds, notifications, orderItems, orders, productPhotos, products } from '../../server/db/schema';
import { ORDER_NUMBER_PATTERN } from '../../server/domains/orders/rules';
import { trpcError } from '../support/client';
import { ADDRESS, CARDS, person, productInput, sellerWithStorefront, studioWithStorefront } from '../support/commerce-fixtures';
import { signIn } from '../support/factories';
import { useTestServer } from '../support/server';

const server = useTestServer();
const db = () => server.deps.db;

const quantityOf = async (productId: string) => (await db().select({ q: products.quantity }).from(products).where(eq(products.id, productId)))[0].q;
const ordersOf = async (customerId: string) => (await db().select({ n: count() }).from(orders).where(eq(orders.customerId, customerId)))[0].n;
const titlesFor = async (userId: string) => (await db().select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);

/** A seller (8.25% tax, $5.99 shipping, free from $100) with a tracked tee that has sizes and a name print. */
async function shop() {
  const seller = await sellerWithStorefront(server, { taxRate: 8.25, shippingRate: 599, freeShippingThreshold: 10_000 });
  const tee = await seller.client.product.create.mutate(
    productInput(seller.storefront.id, {
      name: 'Studio Tee',
      price: 2500,
      variants: [{ name: 'Size', options: [{ name: 'M' }, { name: 'XXL', priceModifier: 400 }] }],
      customizationOptions: [{ name: 'Name print', priceModifier: 300 }],
      inventory: { trackInventory: true, quantity: 10, lowStockThreshold: 2 },
    }),
  );
  // A photo kept from the old "Image URLs" box: the order line keeps its URL as the line's picture.
  await db().insert(productPhotos).values({ productId: tee.id, position: 0, externalUrl: '/files/tee.webp', altText: 'Studio Tee' });
  const balm = await seller.client.product.create.mutate(productInput(seller.storefront.id, { name: 'Balm', price: 1200 }));
  const buyer = await person(server);
  const size = (name: string) => ({ variantId: tee.variants[0].id, optionId: tee.variants[0].options.find((o) => o.name === name)?.id ?? '' });
  return { seller, tee, balm, buyer, size, print: tee.customizationOptions[0].id };
}

describe('order.checkout', () => {
  it('recomputes every price on the server and charges the card: confirmed, paid, numbered, stock taken', async () => {
    const { seller, tee, balm, buyer, size, print } = await shop();
    const order = await buyer.client.order.checkout.mutate({
      storefrontId: seller.storefront.id,
      items: [
        // A client price is not part of the input and is ignored.
        { productId: tee.id, quantity: 2, variants: [size('XXL')], customizations: [{ optionId: print, value: 'ADA' }], unitPrice: 1 } as never,
        { productId: balm.id, quantity: 1 },
      ],
      fulfillmentMethod: 'shipping',
      shippingAddress: ADDRESS,
      customerNotes: 'Gift, please',
      paymentMethodId: CARDS.succeeds,
    });
    // Tee: 2500 + 400 (XXL) + 300 (print) = 3200 × 2 = 6400; balm 1200; subtotal 7600 (< $100: shipping charged).
    expect(order).toMatchObject({
      subtotal: 7600,
      tax: 627, // 8.25% of 7600 = 627
      shipping: 599,
      discount: 0,
      total: 8826,
      status: 'confirmed',
      customerNotes: 'Gift, please',
      fulfillment: { method: 'shipping', shippingAddress: { ...ADDRESS, country: 'US' }, trackingNumber: null },
      payment: { method: 'stripe', refundedAt: null },
    });
    expect(order.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(order.payment.stripePaymentIntentId).toMatch(/^pi_/);
    expect(order.payment.paidAt).toBeInstanceOf(Date);
    expect(order.items.map((i) => [i.productName, i.quantity, i.unitPrice, i.subtotal])).toEqual([
      ['Studio Tee', 2, 3200, 6400],
      ['Balm', 1, 1200, 1200],
    ]);
    expect(order.items[0]).toMatchObject({ productImage: '/files/tee.webp', variants: [{ variantName: 'Size', optionName: 'XXL', priceModifier: 400 }], customizations: [{ optionName: 'Name print', value: 'ADA', priceModifier: 300 }] });
    expect(await quantityOf(tee.id)).toBe(8);
    const [intent] = await db().select().from(localPaymentIntents).where(eq(localPaymentIntents.id, order.payment.stripePaymentIntentId ?? ''));
    expect(intent).toMatchObject({ amount: 8826, status: 'succeeded' });
    expect(await titlesFor(seller.user.id)).toContain('New order');
  });

  it('ships free from the threshold and never charges shipping for pickup', async () => {
    const { seller, balm, buyer } = await shop();
    const free = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 9 }], shippingAddress: ADDRESS });
    expect(free).toMatchObject({ subtotal: 10_800, tax: 891, shipping: 0, total: 11_691 });
    const pickup = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup' });
    expect(pickup).toMatchObject({ subtotal: 1200, tax: 99, shipping: 0, total: 1299, fulfillment: { method: 'pickup', shippingAddress: null } });
  });

  it('places a cash order as pending and tells the seller', async () => {
    const { seller, balm, buyer } = await shop();
    const order = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup' });
    expect(order).toMatchObject({ status: 'pending', payment: { method: 'cash', paidAt: null, stripePaymentIntentId: null } });
    expect(await titlesFor(seller.user.id)).toContain('New order');
  });

  it("on a declined card answers 'Payment processing failed' and leaves no order, no stock change, no notification", async () => {
    const { seller, tee, buyer, size } = await shop();
    const notesBefore = await titlesFor(seller.user.id);
    for (const card of [CARDS.declined, CARDS.insufficientFunds, 'pm_unknown_card']) {
      expect(
        await trpcError(
          buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: tee.id, quantity: 3, variants: [size('M')] }], shippingAddress: ADDRESS, paymentMethodId: card }),
        ),
      ).toMatchObject({ code: 'PRECONDITION_FAILED', message: 'Payment processing failed' });
    }
    // The order is not created for anyone: the buyer's list, the seller's list and counts are empty.
    expect((await buyer.client.order.mine.query({})).items).toEqual([]);
    expect((await seller.client.order.forStorefront.query({ storefrontId: seller.storefront.id })).items).toEqual([]);
    expect(await seller.client.order.stats.query({ storefrontId: seller.storefront.id })).toMatchObject({ total: 0, revenue: 0 });
    // Its row is kept as the record of the attempt: released (cancelled, deleted) with the provider's reason.
    const attempts = await db().select().from(orders).where(eq(orders.customerId, buyer.user.id));
    expect(attempts.map((o) => [o.status, o.deleted, o.paymentFailure]).sort()).toEqual(
      [
        ['cancelled', true, 'Your card has insufficient funds.'],
        ['cancelled', true, 'Your card was declined.'],
        ['cancelled', true, "No such PaymentMethod: 'pm_unknown_card'"],
      ].sort(),
    );
    expect(await quantityOf(tee.id)).toBe(10);
    expect(await titlesFor(seller.user.id)).toEqual(notesBefore);
  });

  it('answers a declined attempt again when its checkoutId comes back, and places the next attempt', async () => {
    const { seller, balm, buyer } = await shop();
    const attempt = { storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup' as const };
    const checkoutId = crypto.randomUUID();
    const declined = { ...attempt, checkoutId, paymentMethodId: CARDS.declined };
    expect(await trpcError(buyer.client.order.checkout.mutate(declined))).toMatchObject({ code: 'PRECONDITION_FAILED', message: 'Payment processing failed' });
    // The same attempt, even with a good card now: it was released, it stays refused (no order, no charge).
    expect(await trpcError(buyer.client.order.checkout.mutate({ ...declined, paymentMethodId: CARDS.succeeds }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Payment processing failed',
    });
    expect((await buyer.client.order.mine.query({})).items).toEqual([]);
    const next = await buyer.client.order.checkout.mutate({ ...attempt, checkoutId: crypto.randomUUID(), paymentMethodId: CARDS.succeeds });
    expect(next).toMatchObject({ status: 'confirmed' });
    expect((await buyer.client.order.mine.query({})).items.map((o) => o.id)).toEqual([next.id]);
  });

  it('resumes the same order and the same charge when the same checkoutId is sent again', async () => {
    const { seller, balm, buyer } = await shop();
    const checkoutId = crypto.randomUUID();
    const input = { checkoutId, storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 2 }], fulfillmentMethod: 'pickup' as const, paymentMethodId: CARDS.succeeds };
    const [a, b] = await Promise.all([buyer.client.order.checkout.mutate(input), buyer.client.order.checkout.mutate(input)]);
    const again = await buyer.client.order.checkout.mutate(input);
    expect(new Set([a.id, b.id, again.id])).toEqual(new Set([checkoutId]));
    expect(await ordersOf(buyer.user.id)).toBe(1);
    const charges = await db().select().from(localPaymentIntents).where(eq(localPaymentIntents.amount, a.total));
    expect(charges.filter((c) => (c.metadata as Record<string, string>).orderId === checkoutId)).toHaveLength(1);
    // Someone else cannot use (or learn about) that id.
    const other = await person(server);
    expect(await trpcError(other.client.order.checkout.mutate(input))).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
  });

  it('refuses with the spec messages and writes nothing', async () => {
    const { seller, tee, balm, buyer, size } = await shop();
    const draft = await seller.client.product.create.mutate(productInput(seller.storefront.id, { status: 'draft' }));
    const elsewhere = await sellerWithStorefront(server);
    const foreign = await elsewhere.client.product.create.mutate(productInput(elsewhere.storefront.id));
    const missing = crypto.randomUUID();
    const base = { storefrontId: seller.storefront.id, fulfillmentMethod: 'pickup' as const };
    const cases: Array<[unknown, string, string]> = [
      [{ ...base, items: [] }, 'BAD_REQUEST', 'Cart is empty'],
      [{ ...base, items: [{ productId: missing, quantity: 1 }] }, 'NOT_FOUND', `Product not found: ${missing}`],
      [{ ...base, items: [{ productId: foreign.id, quantity: 1 }] }, 'NOT_FOUND', `Product not found: ${foreign.id}`],
      [{ ...base, items: [{ productId: draft.id, quantity: 1 }] }, 'CONFLICT', 'Product unavailable: Product is not available'],
      [{ ...base, items: [{ productId: tee.id, quantity: 11, variants: [size('M')] }] }, 'CONFLICT', 'Product unavailable: Only 10 items available'],
      // Two lines of the same product count together.
      [{ ...base, items: [{ productId: tee.id, quantity: 6, variants: [size('M')] }, { productId: tee.id, quantity: 5, variants: [size('XXL')] }] }, 'CONFLICT', 'Product unavailable: Only 10 items available'],
      [{ ...base, items: [{ productId: tee.id, quantity: 1 }] }, 'BAD_REQUEST', 'Studio Tee: choose a Size'],
      [{ ...base, fulfillmentMethod: 'shipping', items: [{ productId: balm.id, quantity: 1 }] }, 'BAD_REQUEST', 'Shipping address is required'],
      [{ ...base, storefrontId: missing, items: [{ productId: balm.id, quantity: 1 }] }, 'NOT_FOUND', 'Storefront not found'],
    ];
    for (const [input, code, message] of cases) {
      expect(await trpcError(buyer.client.order.checkout.mutate(input as never))).toMatchObject({ code, message });
    }
    expect(await ordersOf(buyer.user.id)).toBe(0);
    expect(await quantityOf(tee.id)).toBe(10);
    expect((await trpcError(server.client().order.checkout.mutate({ ...base, items: [{ productId: balm.id, quantity: 1 }] }))).code).toBe('UNAUTHORIZED');
  });

  it('takes backorders below zero when the product allows them', async () => {
    const { seller, buyer } = await shop();
    const preorder = await seller.client.product.create.mutate(productInput(seller.storefront.id, { inventory: { trackInventory: true, quantity: 1, allowBackorders: true } }));
    await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: preorder.id, quantity: 3 }], fulfillmentMethod: 'pickup' });
    expect(await quantityOf(preorder.id)).toBe(-2);
  });

  it('refuses shipping, pickup or cards when the storefront has them off, and closed storefronts', async () => {
    const { seller, balm, buyer } = await shop();
    await seller.client.storefront.updateSettings.mutate({ storefrontId: seller.storefront.id, settings: { shippingEnabled: false, localPickupEnabled: false, acceptsPayments: false } });
    const items = [{ productId: balm.id, quantity: 1 }];
    const id = seller.storefront.id;
    expect(await trpcError(buyer.client.order.checkout.mutate({ storefrontId: id, items, shippingAddress: ADDRESS }))).toMatchObject({ message: 'This storefront does not ship orders' });
    expect(await trpcError(buyer.client.order.checkout.mutate({ storefrontId: id, items, fulfillmentMethod: 'pickup' }))).toMatchObject({ message: 'This storefront does not offer local pickup' });
    await seller.client.storefront.updateSettings.mutate({ storefrontId: id, settings: { localPickupEnabled: true } });
    expect(await trpcError(buyer.client.order.checkout.mutate({ storefrontId: id, items, fulfillmentMethod: 'pickup', paymentMethodId: CARDS.succeeds }))).toMatchObject({
      message: 'This storefront does not accept card payments',
    });
    await seller.client.storefront.toggleActive.mutate({ storefrontId: id });
    expect(await trpcError(buyer.client.order.checkout.mutate({ storefrontId: id, items, fulfillmentMethod: 'pickup' }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'This storefront is not taking orders',
    });
  });
});

describe('order status transitions', () => {
  type Action = 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'completed' | 'tracking' | 'markDelivered' | 'cancel';
  const STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'refunded'] as const;
  // Where each action leads from each status; absent = refused.
  const LEGAL: Record<Action, Partial<Record<(typeof STATUSES)[number], string>>> = {
    confirmed: { pending: 'confirmed' },
    processing: { confirmed: 'processing' },
    shipped: { pending: 'shipped', confirmed: 'shipped', processing: 'shipped' },
    delivered: { shipped: 'delivered' },
    completed: { delivered: 'completed' },
    tracking: { pending: 'shipped', confirmed: 'shipped', processing: 'shipped' },
    markDelivered: { shipped: 'delivered' },
    cancel: { pending: 'cancelled', confirmed: 'cancelled' },
  };
  const cases = (Object.keys(LEGAL) as Action[]).flatMap((action) => STATUSES.filter((s) => s !== action).map((from) => [action, from] as const));

  it.each(cases)('%s from %s', async (action, from) => {
    const { seller, balm, buyer } = await shop();
    const placed = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup' });
    await db().update(orders).set({ status: from }).where(eq(orders.id, placed.id));
    const call = () => {
      const orderId = placed.id;
      if (action === 'tracking') return seller.client.order.setTracking.mutate({ orderId, trackingNumber: '1Z999' });
      if (action === 'markDelivered') return seller.client.order.markDelivered.mutate({ orderId });
      if (action === 'cancel') return seller.client.order.cancel.mutate({ orderId, reason: 'Out of stock' });
      return seller.client.order.updateStatus.mutate({ orderId, status: action, sellerNotes: 'noted' });
    };
    const to = LEGAL[action][from];
    if (to) {
      expect((await call()).status).toBe(to);
    } else {
      const refused = await trpcError(call());
      expect(refused.code).toBe('CONFLICT');
      expect(refused.message).toBe(action === 'cancel' ? 'Order cannot be cancelled in current status' : `Order cannot move from ${from} to ${action === 'tracking' ? 'shipped' : action === 'markDelivered' ? 'delivered' : action}`);
      const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, placed.id));
      expect(row.status).toBe(from);
    }
  });

  it('runs the whole fulfilment: notes, first tracking ships, a new number only replaces, delivered sets actualDelivery; the customer hears each step', async () => {
    const { seller, balm, buyer } = await shop();
    const order = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], shippingAddress: ADDRESS, paymentMethodId: CARDS.succeeds });
    const noted = await seller.client.order.updateStatus.mutate({ orderId: order.id, status: 'confirmed', sellerNotes: 'Packing Monday' });
    expect(noted).toMatchObject({ status: 'confirmed', sellerNotes: 'Packing Monday' });
    await seller.client.order.updateStatus.mutate({ orderId: order.id, status: 'processing' });
    const eta = new Date(server.clock.now().getTime() + 3 * 86_400_000);
    const shipped = await seller.client.order.setTracking.mutate({ orderId: order.id, trackingNumber: '1Z999AA10123456784', estimatedDelivery: eta });
    expect(shipped).toMatchObject({ status: 'shipped', fulfillment: { trackingNumber: '1Z999AA10123456784', estimatedDelivery: eta } });
    const renumbered = await seller.client.order.setTracking.mutate({ orderId: order.id, trackingNumber: '9400100000000000000000' });
    expect(renumbered).toMatchObject({ status: 'shipped', fulfillment: { trackingNumber: '9400100000000000000000' } });
    server.clock.advance(60_000);
    const before = server.clock.now().getTime();
    const delivered = await seller.client.order.markDelivered.mutate({ orderId: order.id });
    expect(delivered.status).toBe('delivered');
    expect(delivered.fulfillment.actualDelivery?.getTime()).toBeGreaterThanOrEqual(before);
    expect(delivered.fulfillment.actualDelivery?.getTime()).toBeLessThanOrEqual(server.clock.now().getTime());
    expect(await titlesFor(buyer.user.id)).toEqual(expect.arrayContaining(['Order being prepared', 'Order shipped', 'Order delivered']));
    expect((await buyer.client.order.byId.query({ orderId: order.id })).status).toBe('delivered');
  });

  it('tells a pickup customer their order is ready for pickup and picked up, not shipped and delivered', async () => {
    const { seller, balm, buyer } = await shop();
    const order = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup' });
    await seller.client.order.updateStatus.mutate({ orderId: order.id, status: 'shipped' });
    await seller.client.order.markDelivered.mutate({ orderId: order.id });
    const titles = await titlesFor(buyer.user.id);
    expect(titles).toEqual(expect.arrayContaining(['Order ready for pickup', 'Order picked up']));
    expect(titles).not.toContain('Order shipped');
    expect(titles).not.toContain('Order delivered');
  });

  it('does not let a seller confirm an unpaid card order by hand, nor the customer move an order', async () => {
    const { seller, balm, buyer } = await shop();
    const order = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup' });
    expect(await trpcError(buyer.client.order.updateStatus.mutate({ orderId: order.id, status: 'confirmed' }))).toMatchObject({ code: 'FORBIDDEN' });
    await db().update(orders).set({ paymentMethod: 'stripe' }).where(eq(orders.id, order.id));
    expect(await trpcError(seller.client.order.updateStatus.mutate({ orderId: order.id, status: 'confirmed' }))).toMatchObject({ code: 'CONFLICT', message: 'Order cannot move from pending to confirmed' });
    // Nor ship it: an unpaid card order waits for its charge (a cash order ships from pending).
    expect(await trpcError(seller.client.order.updateStatus.mutate({ orderId: order.id, status: 'shipped' }))).toMatchObject({ code: 'CONFLICT', message: 'Order cannot move from pending to shipped' });
    expect(await trpcError(seller.client.order.setTracking.mutate({ orderId: order.id, trackingNumber: '1Z999' }))).toMatchObject({ code: 'CONFLICT', message: 'Order cannot move from pending to shipped' });
    const [row] = await db().select({ status: orders.status, trackingNumber: orders.trackingNumber }).from(orders).where(eq(orders.id, order.id));
    expect(row).toEqual({ status: 'pending', trackingNumber: null });
  });

  it('ships a pending cash order with its first tracking number (spec 1 §4: the first tracking number moves the order to shipped)', async () => {
    const { seller, balm, buyer } = await shop();
    const order = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], shippingAddress: ADDRESS });
    expect(order).toMatchObject({ status: 'pending', payment: { method: 'cash' } });
    const shipped = await seller.client.order.setTracking.mutate({ orderId: order.id, trackingNumber: '1Z999AA10123456784' });
    expect(shipped).toMatchObject({ status: 'shipped', fulfillment: { trackingNumber: '1Z999AA10123456784' } });
    expect(await titlesFor(buyer.user.id)).toContain('Order shipped');
  });
});

describe('order.cancel', () => {
  it('restocks tracked products, refunds a card order in full and keeps the reason as seller note', async () => {
    const { seller, tee, balm, buyer, size } = await shop();
    const order = await buyer.client.order.checkout.mutate({
      storefrontId: seller.storefront.id,
      items: [{ productId: tee.id, quantity: 4, variants: [size('M')] }, { productId: balm.id, quantity: 2 }],
      shippingAddress: ADDRESS,
      paymentMethodId: CARDS.succeeds,
    });
    expect(await quantityOf(tee.id)).toBe(6);
    const cancelled = await seller.client.order.cancel.mutate({ orderId: order.id, reason: 'Sold out of XXL' });
    expect(cancelled).toMatchObject({ status: 'cancelled', sellerNotes: 'Sold out of XXL', payment: { refundAmount: order.total, refundReason: 'Sold out of XXL' } });
    expect(cancelled.payment.refundedAt).toBeInstanceOf(Date);
    expect(await quantityOf(tee.id)).toBe(10);
    expect(await quantityOf(balm.id)).toBe(0); // untracked: untouched
    const refunds = await db().select().from(localRefunds).where(eq(localRefunds.paymentIntentId, order.payment.stripePaymentIntentId ?? ''));
    expect(refunds.map((r) => r.amount)).toEqual([order.total]);
    expect(await titlesFor(buyer.user.id)).toContain('Order cancelled');
    // Cancelling again is refused and refunds nothing more.
    expect(await trpcError(seller.client.order.cancel.mutate({ orderId: order.id, reason: 'again' }))).toMatchObject({ code: 'CONFLICT', message: 'Order cannot be cancelled in current status' });
    expect(await db().select().from(localRefunds).where(eq(localRefunds.paymentIntentId, order.payment.stripePaymentIntentId ?? ''))).toHaveLength(1);
  });

  it('lets the customer cancel a cash order (no refund) and tells the seller', async () => {
    const { seller, tee, buyer, size } = await shop();
    const order = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: tee.id, quantity: 1, variants: [size('M')] }], fulfillmentMethod: 'pickup' });
    const cancelled = await buyer.client.order.cancel.mutate({ orderId: order.id, reason: 'Changed my mind' });
    expect(cancelled).toMatchObject({ status: 'cancelled', sellerNotes: 'Changed my mind', payment: { refundedAt: null, refundAmount: null, refundReason: null } });
    expect(await quantityOf(tee.id)).toBe(10);
    expect(await titlesFor(seller.user.id)).toContain('Order cancelled');
  });

  it("answers 'Order not found' to anyone but the customer and the sellers", async () => {
    const { seller, balm, buyer } = await shop();
    const order = await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup' });
    const stranger = await person(server);
    expect(await trpcError(stranger.client.order.cancel.mutate({ orderId: order.id, reason: 'x' }))).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect(await trpcError(stranger.client.order.byId.query({ orderId: order.id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect(await trpcError(buyer.client.order.cancel.mutate({ orderId: crypto.randomUUID(), reason: 'x' }))).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
  });
});

describe('order lists, stats and analytics', () => {
  it('lists by customer, storefront and status, 20 a page, newest first', async () => {
    const { seller, balm, buyer } = await shop();
    for (let i = 0; i < 22; i++) {
      server.clock.advance(1000);
      await buyer.client.order.checkout.mutate({ storefrontId: seller.storefront.id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup', ...(i % 2 ? { paymentMethodId: CARDS.succeeds } : {}) });
    }
    const first = await buyer.client.order.mine.query({});
    expect(first.items).toHaveLength(20);
    expect(first.items[0].createdAt.getTime()).toBeGreaterThan(first.items[19].createdAt.getTime());
    expect((await buyer.client.order.mine.query({ cursor: first.nextCursor })).items).toHaveLength(2);
    const confirmed = await seller.client.order.forStorefront.query({ storefrontId: seller.storefront.id, status: 'confirmed' });
    expect(confirmed.items).toHaveLength(11);
    expect(confirmed.items.every((o) => o.status === 'confirmed')).toBe(true);
    expect(await trpcError(buyer.client.order.forStorefront.query({ storefrontId: seller.storefront.id }))).toMatchObject({ code: 'FORBIDDEN' });
    const stats = await seller.client.order.stats.query({ storefrontId: seller.storefront.id });
    expect(stats).toEqual({ counts: { pending: 11, confirmed: 11 }, total: 22, revenue: 11 * 1299 });
  });

  it('computes the analytics panel over all orders in the owner timezone', async () => {
    const { seller, tee, balm, buyer, size } = await shop();
    const id = seller.storefront.id;
    const buy = (productId: string, quantity: number, extra: Record<string, unknown> = {}) =>
      buyer.client.order.checkout.mutate({ storefrontId: id, items: [{ productId, quantity, ...extra }], fulfillmentMethod: 'pickup', paymentMethodId: CARDS.succeeds });
    const a = await buy(tee.id, 3, { variants: [size('M')] }); // 7500 + 619 tax = 8119
    const b = await buy(balm.id, 2); // 2400 + 198 = 2598
    const c = await buy(balm.id, 1); // 1299, cancelled below: not a sale
    await seller.client.order.cancel.mutate({ orderId: c.id, reason: 'Duplicate' });
    const pending = await buyer.client.order.checkout.mutate({ storefrontId: id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup' });
    // An old sale: 40 days ago counts toward revenue and top products, not toward today, week or month.
    const old = await buy(balm.id, 5);
    await db().update(orders).set({ createdAt: new Date(server.clock.now().getTime() - 40 * 86_400_000) }).where(eq(orders.id, old.id));

    const panel = await seller.client.storefront.analytics.query({ storefrontId: id });
    expect(panel).toMatchObject({
      timezone: 'America/Los_Angeles',
      todaySales: a.total + b.total,
      weekSales: a.total + b.total,
      monthSales: a.total + b.total,
      weekChangePercent: 300,
      totalOrders: 5,
      pendingOrders: 1,
      revenue: a.total + b.total + old.total,
      lowStockCount: 0,
    });
    expect(panel.topProducts.map((p) => [p.name, p.unitsSold, p.revenue])).toEqual([
      ['Balm', 7, 8400],
      ['Studio Tee', 3, 7500],
    ]);
    expect(panel.recentOrders.map((o) => o.id)).toEqual([pending.id, c.id, b.id, a.id, old.id]);
    const [stored] = await db().select().from(orders).where(eq(orders.id, pending.id));
    expect(panel.recentOrders[0]).toEqual({ id: pending.id, orderNumber: stored.orderNumber, createdAt: stored.createdAt, total: stored.total, status: 'pending', fulfillmentMethod: stored.fulfillmentMethod });
    // Low stock: 7 tees left with threshold 2 → sell 5 more.
    await buy(tee.id, 5, { variants: [size('M')] });
    const after = await seller.client.storefront.analytics.query({ storefrontId: id });
    expect(after.lowStockCount).toBe(1);
    expect(after.lowStockProducts).toEqual([{ id: tee.id, name: 'Studio Tee', quantity: 2, lowStockThreshold: 2 }]);
    const items = await db().select({ n: count() }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(and(eq(orders.storefrontId, id)));
    expect(items[0].n).toBe(6);
  });

  it("draws today's line at midnight in the studio's timezone", async () => {
    const { owner, storefront } = await studioWithStorefront(server, 'America/New_York');
    const balm = await owner.client.product.create.mutate(productInput(storefront.id, { price: 1000 }));
    const buyer = await person(server);
    // Sessions expire when the clock jumps months: both sign in again after each move.
    const moveClockTo = async (iso: string) => {
      server.clock.advance(new Date(iso).getTime() - server.clock.now().getTime());
      await Promise.all([signIn(owner.client, owner.user), signIn(buyer.client, buyer.user)]);
    };
    const buy = () => buyer.client.order.checkout.mutate({ storefrontId: storefront.id, items: [{ productId: balm.id, quantity: 1 }], fulfillmentMethod: 'pickup', paymentMethodId: CARDS.succeeds });
    await moveClockTo('2027-03-10T04:30:00Z'); // 23:30 on March 9 in New York
    const lateYesterday = await buy();
    await moveClockTo('2027-03-10T05:30:00Z'); // 00:30 on March 10
    const earlyToday = await buy();
    await moveClockTo('2027-03-10T06:00:00Z');
    const panel = await owner.client.storefront.analytics.query({ storefrontId: storefront.id });
    expect(lateYesterday.orderNumber).toMatch(/^ORD-20270309-\d{4}$/);
    expect(earlyToday.orderNumber).toMatch(/^ORD-20270310-\d{4}$/);
    expect(panel).toMatchObject({ timezone: 'America/New_York', todaySales: 1000, weekSales: 2000, monthSales: 2000 });
    // On April 1 (local) the month starts over; the last 7 days still hold nothing from March 9–10.
    await moveClockTo('2027-04-01T04:30:00Z'); // 00:30 on April 1 in New York
    expect(await owner.client.storefront.analytics.query({ storefrontId: storefront.id })).toMatchObject({ todaySales: 0, weekSales: 0, monthSales: 0, revenue: 2000 });
  });
});
