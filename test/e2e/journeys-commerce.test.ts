import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../server/lib/money';
import { BOTH_WIDTHS, horizontalOverflow, PHONE_WIDTH, useBrowserApp } from '../support/browser';
import { ADDRESS, person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { failProcedure } from '../support/server-rendered';

// Issue 19, the commerce and payments journeys as a seller and a buyer live them, at 1280 and 390 px.

const app = useBrowserApp();

/** A seller with an active storefront selling a $15.00 balm (stock tracked), and a buyer. */
async function shopWithBuyer() {
  const seller = await sellerWithStorefront(app.server);
  const product = await seller.client.product.create.mutate(
    productInput(seller.storefront.id, { inventory: { trackInventory: true, quantity: 50 } }),
  );
  const buyer = await person(app.server);
  return { seller, product, buyer };
}

async function signedInPage(width: number, user: { email: string; password: string }) {
  const page = await app.newPage({ width });
  await app.signInAs(page, user);
  return page;
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  if (width === PHONE_WIDTH) expect(await horizontalOverflow(page)).toBe(0);
}

describe('a seller hands over a pickup order', () => {
  it('offers Ready for Pickup and Picked Up, never a tracking number, and the buyer reads the same words', async () => {
    const { seller, product, buyer } = await shopWithBuyer();
    const order = await buyer.client.order.checkout.mutate({
      storefrontId: seller.storefront.id,
      items: [{ productId: product.id, quantity: 1 }],
      fulfillmentMethod: 'pickup',
    });
    const page = await signedInPage(PHONE_WIDTH, seller.user);
    await page.goto(`${app.url}/manage/storefront/${seller.storefront.id}/orders/${order.id}`);
    const actions = page.getByRole('region', { name: 'Order actions' });
    await actions.getByRole('button', { name: 'Mark Ready for Pickup' }).click();
    await actions.getByRole('button', { name: 'Mark Picked Up' }).click();
    await page.getByText('Picked Up', { exact: true }).first().waitFor();
    expect(await page.getByLabel('Tracking number').count()).toBe(0);
    expect(await page.getByText(/Shipped|Delivered/).count()).toBe(0);
    await expectNoSidewaysScroll(page, PHONE_WIDTH);

    const buyerPage = await signedInPage(PHONE_WIDTH, buyer.user);
    await buyerPage.goto(`${app.url}/orders/${order.id}`);
    await buyerPage.getByText('Picked Up', { exact: true }).first().waitFor();
  });
});

describe('a seller ships a cash order', () => {
  for (const width of BOTH_WIDTHS) {
    it(`adds the first tracking number to a pending cash order and it is shipped; the week's change says what it compares (${width} px)`, async () => {
      const { seller, product, buyer } = await shopWithBuyer();
      const order = await buyer.client.order.checkout.mutate({
        storefrontId: seller.storefront.id,
        items: [{ productId: product.id, quantity: 2 }],
        shippingAddress: ADDRESS,
      });
      expect(order).toMatchObject({ status: 'pending', payment: { method: 'cash' } });

      const page = await signedInPage(width, seller.user);
      await page.goto(`${app.url}/manage/storefront/${seller.storefront.id}/orders/${order.id}`);
      const actions = page.getByRole('region', { name: 'Order actions' });
      await actions.getByText('Saving the tracking number marks the order Shipped').waitFor();
      await expectNoSidewaysScroll(page, width);
      await actions.getByLabel('Tracking number').fill('1Z999AA10123456784');
      await actions.getByRole('button', { name: 'Save Tracking' }).click();
      await page.getByText('Tracking number: 1Z999AA10123456784').waitFor();
      await actions.getByRole('button', { name: 'Mark Delivered' }).waitFor();
      expect(await page.getByText(/Order cannot move/).count()).toBe(0);
      await expectNoSidewaysScroll(page, width);

      // Shipped counts toward revenue: the week's sales are this month's, four times a quarter of it.
      await page.goto(`${app.url}/manage/storefront/${seller.storefront.id}`);
      const week = page.getByRole('region', { name: 'This Week' });
      await week.getByText(formatCents(order.total), { exact: true }).waitFor();
      await week
        .getByText(`+300% vs. ${formatCents(order.total / 4)}, a quarter of this month's sales (${formatCents(order.total)})`)
        .waitFor();
      await expectNoSidewaysScroll(page, width);
    });
  }

  it('tells the seller a pending card order waits for its payment instead of offering to ship it', async () => {
    const { seller, product, buyer } = await shopWithBuyer();
    const order = await buyer.client.order.checkout.mutate({
      storefrontId: seller.storefront.id,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: ADDRESS,
    });
    const { orders } = await import('../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    await app.server.deps.db.update(orders).set({ paymentMethod: 'stripe' }).where(eq(orders.id, order.id));
    const page = await signedInPage(PHONE_WIDTH, seller.user);
    await page.goto(`${app.url}/manage/storefront/${seller.storefront.id}/orders/${order.id}`);
    const actions = page.getByRole('region', { name: 'Order actions' });
    await actions.getByText('Awaiting the card payment').waitFor();
    expect(await actions.getByLabel('Tracking number').count()).toBe(0);
    expect(await actions.getByRole('button', { name: /Mark (Confirmed|Shipped)/ }).count()).toBe(0);
    await actions.getByRole('button', { name: 'Cancel Order' }).waitFor();
  });
});

describe("the customer's order page says what happened to the order", () => {
  for (const width of BOTH_WIDTHS) {
    it(`does not thank for a placed order above a cancelled one (${width} px)`, async () => {
      const { seller, product, buyer } = await shopWithBuyer();
      const order = await buyer.client.order.checkout.mutate({
        storefrontId: seller.storefront.id,
        items: [{ productId: product.id, quantity: 1 }],
        fulfillmentMethod: 'pickup',
      });
      await seller.client.order.cancel.mutate({ orderId: order.id, reason: 'Out of stock' });
      const page = await signedInPage(width, buyer.user);
      await page.goto(`${app.url}/orders/${order.id}?placed=true`);
      await page.getByRole('heading', { name: 'Order cancelled', level: 1 }).waitFor();
      await page.getByText(`Order ${order.orderNumber} was cancelled: Out of stock`).waitFor();
      expect(await page.getByText('Thank you for your order!').count()).toBe(0);
      expect(await page.getByText(/is placed/).count()).toBe(0);
      await expectNoSidewaysScroll(page, width);

      // A live order right after checkout still gets its thanks.
      const live = await buyer.client.order.checkout.mutate({
        storefrontId: seller.storefront.id,
        items: [{ productId: product.id, quantity: 1 }],
        fulfillmentMethod: 'pickup',
      });
      await page.goto(`${app.url}/orders/${live.id}?placed=true`);
      await page.getByRole('heading', { name: 'Thank you for your order!', level: 1 }).waitFor();
      await page.getByText(`Order ${live.orderNumber} is placed.`).waitFor();
    });
  }
});

describe("the customer's order page when the order cannot be loaded", () => {
  for (const width of BOTH_WIDTHS) {
    it(`a failed load offers a Retry that shows the order, to the customer and the seller; a missing order still says Order not found (${width} px)`, async () => {
      const { seller, product, buyer } = await shopWithBuyer();
      const order = await buyer.client.order.checkout.mutate({
        storefrontId: seller.storefront.id,
        items: [{ productId: product.id, quantity: 1 }],
        fulfillmentMethod: 'pickup',
      });
      const page = await signedInPage(width, buyer.user);
      const down = await failProcedure(page, 'order.byId');
      await page.goto(`${app.url}/orders/${order.id}`);
      await page.getByText('Failed to load the order', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await page.getByText('Order not found').count()).toBe(0);
      await expectNoSidewaysScroll(page, width);
      down.failing = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();

      await page.goto(`${app.url}/orders/${crypto.randomUUID()}`);
      await page.getByRole('heading', { name: 'Order not found' }).waitFor();
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);

      // The seller's order page too, inside the storefront's frame.
      const sellerPage = await signedInPage(width, seller.user);
      const sellerDown = await failProcedure(sellerPage, 'order.byId');
      await sellerPage.goto(`${app.url}/manage/storefront/${seller.storefront.id}/orders/${order.id}`);
      // The loader asks for the storefront and the order in one batch, which the outage fails whole.
      await sellerPage.getByText(/^Failed to load the (order|storefront)$/).waitFor({ timeout: 30_000 });
      expect(await sellerPage.getByText(/not found/).count()).toBe(0);
      await expectNoSidewaysScroll(sellerPage, width);
      sellerDown.failing = false;
      await sellerPage.getByRole('button', { name: 'Retry' }).click();
      await sellerPage.getByRole('region', { name: 'Order actions' }).waitFor();
    });
  }
});

describe('Manage Storefront goes to the management page, never to the page it is on', () => {
  for (const width of BOTH_WIDTHS) {
    it(`on the dashboard, the public storefront and the account section it leads to /manage/storefront/{id}; the management page has no link to itself (${width} px)`, async () => {
      const { seller } = await shopWithBuyer();
      const manage = `/manage/storefront/${seller.storefront.id}`;
      const page = await signedInPage(width, seller.user);
      for (const path of ['/', `/storefront/${seller.storefront.id}`, '/account/storefront']) {
        await page.goto(`${app.url}${path}`);
        const link = page.getByRole('link', { name: 'Manage Storefront' }).first();
        await link.waitFor();
        expect({ path, href: await link.getAttribute('href') }).toEqual({ path, href: manage });
        await expectNoSidewaysScroll(page, width);
      }
      await page.getByRole('link', { name: 'Manage Storefront' }).first().click();
      await page.waitForURL(`${app.url}${manage}`);
      await page.getByRole('heading', { name: `Manage ${seller.storefront.name}` }).waitFor();
      await page.getByRole('region', { name: "Today's Sales" }).waitFor();
      const selfLinks = await page.locator(`a[href="${manage}"]`).evaluateAll((links) => links.map((a) => a.textContent));
      expect(selfLinks).not.toContain('Manage Storefront');
      await expectNoSidewaysScroll(page, width);
    });
  }
});

describe('a failed load shows the spec message and a Retry that recovers', () => {
  for (const width of BOTH_WIDTHS) {
    it(`billing: payment methods, subscriptions and history (${width} px)`, async () => {
      const user = (await person(app.server, { plan: 'free' })).user;
      const page = await signedInPage(width, user);
      const down = await Promise.all(['payment.methods', 'payment.subscriptions', 'payment.history'].map((p) => failProcedure(page, p)));
      await page.goto(`${app.url}/account/billing`);
      for (const message of ['Failed to fetch payment methods', 'Failed to fetch subscriptions', 'Failed to fetch payment history']) {
        await page.getByText(message, { exact: true }).waitFor({ timeout: 30_000 });
      }
      expect(await page.getByText('Failed to fetch', { exact: true }).count()).toBe(0);
      expect(await page.getByText('No payments yet.').count()).toBe(0);
      await expectNoSidewaysScroll(page, width);
      for (const d of down) d.failing = false;
      // Each section retries on its own: press the first Retry left until none is.
      const retries = page.getByRole('button', { name: 'Retry' });
      for (let left = 3; left > 0; left--) {
        await expect.poll(() => retries.count()).toBe(left);
        await retries.first().click();
      }
      await page.getByText('No saved cards.').waitFor();
      await page.getByText('You have no subscription.').waitFor();
      await page.getByText('No payments yet.').waitFor();
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    });

    it(`the plans at /payment (${width} px)`, async () => {
      const user = (await person(app.server)).user;
      const page = await signedInPage(width, user);
      const down = await failProcedure(page, 'payment.plans');
      await page.goto(`${app.url}/payment`);
      await page.getByText('Failed to load the plans', { exact: true }).waitFor({ timeout: 30_000 });
      await expectNoSidewaysScroll(page, width);
      down.failing = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Choose a Plan' }).waitFor();
      await expectNoSidewaysScroll(page, width);
    });

    it(`storefront analytics on the dashboard and the management page (${width} px)`, async () => {
      const { seller } = await shopWithBuyer();
      const page = await signedInPage(width, seller.user);
      const mine = await failProcedure(page, 'storefront.mine');
      await page.goto(app.url);
      await page.getByText('Failed to load storefront analytics', { exact: true }).waitFor({ timeout: 30_000 });
      mine.failing = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('region', { name: "Today's Sales" }).waitFor();

      // The management page sent as HTML carries its analytics (its loader's data): the browser
      // asks for them when it comes to the page from another one, as here from the account's
      // storefront section.
      await page.goto(`${app.url}/account/storefront`);
      const analytics = await failProcedure(page, 'storefront.analytics');
      await page.getByRole('link', { name: 'Manage Storefront' }).click();
      await page.getByText('Failed to load analytics data', { exact: true }).waitFor({ timeout: 30_000 });
      await expectNoSidewaysScroll(page, width);
      analytics.failing = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('region', { name: "Today's Sales" }).waitFor();
    });
  }
});
