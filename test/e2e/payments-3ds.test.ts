import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { AUTHENTICATION_FAILED } from '../../server/providers/payments/local-charges';
import { seriousViolations } from '../support/axe';
import { pageOnThread, useBrowserApp } from '../support/browser';
import { CARDS, productInput, readyToReceive } from '../support/commerce-fixtures';
import { createUser } from '../support/factories';
import { artistAndClientInThread } from '../support/payments-fixtures';

// Decision 040: a card that asks for 3-D Secure, in local mode, shows the app's challenge; completing
// it pays, failing it charges nothing and leaves the payment to be made again.

const app = useBrowserApp();

/** A payment request of $150.00 to a client whose only saved card asks for 3-D Secure; the client's page on the thread. */
async function requestToPay() {
  const { client, artistApi, threadId } = await artistAndClientInThread(app.server);
  await artistApi.paymentRequest.create.mutate({ payeeId: client.id, amount: 15_000, description: 'Sleeve session deposit', threadId });
  const clientApi = app.server.client();
  await clientApi.auth.login.mutate({ email: client.email, password: client.password });
  await clientApi.payment.addMethod.mutate({ paymentMethodId: CARDS.threeDSecure });

  const page = await pageOnThread(app, client, threadId);
  const card = page.getByRole('group', { name: 'Payment request $150.00' });
  await card.getByRole('button', { name: 'Pay' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay $150.00' });
  await pay.getByText('visa •••• 3220').waitFor();
  await pay.getByRole('button', { name: 'Pay $150.00' }).click();
  const challenge = page.getByRole('dialog', { name: 'Confirm this payment with your bank' });
  await challenge.getByRole('button', { name: 'Complete authentication' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  return { page, card, pay, challenge };
}

/** A storefront (pickup, cards) with one product of 5 in stock in the buyer's cart; the buyer on checkout with the 3-D Secure card picked. */
async function checkoutWithChallengeCard(): Promise<{ page: Page; productId: string }> {
  const seller = await createUser({ firstName: 'Sol', lastName: 'Reyes' }, app.server.deps.db);
  const buyer = await createUser({ firstName: 'Bea', lastName: 'Quinn' }, app.server.deps.db);
  const sellerApi = app.server.client();
  await sellerApi.auth.login.mutate({ email: seller.email, password: seller.password });
  await readyToReceive(sellerApi); // card sales are paid into the seller's payout account (decision 038)
  const storefront = await sellerApi.storefront.create.mutate({
    name: 'Reyes Aftercare',
    settings: { shippingEnabled: false, localPickupEnabled: true, acceptsPayments: true },
  });
  const product = await sellerApi.product.create.mutate(productInput(storefront.id, { inventory: { trackInventory: true, quantity: 5 } }));

  const page = await app.newPage();
  await app.signInAs(page, buyer);
  await page.goto(`${app.url}/storefront/${storefront.id}/product/${product.id}`);
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await expect.poll(() => addToCart.isEnabled(), { timeout: 30_000 }).toBe(true);
  await addToCart.click();
  await page.goto(`${app.url}/checkout/${storefront.id}`);
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await page.getByLabel('Test card: Visa ending 3220 (asks for 3-D Secure)').check();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect.poll(() => placeOrder.isEnabled(), { timeout: 30_000 }).toBe(true);
  await placeOrder.click();
  await page.getByRole('dialog', { name: 'Confirm this payment with your bank' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  return { page, productId: product.id };
}

async function stockOf(productId: string) {
  const [row] = await app.server.deps.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  return row.quantity;
}

describe('3-D Secure in the browser (local mode)', () => {
  it('a payment request: completing the bank’s challenge pays it', async () => {
    const { card, challenge } = await requestToPay();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await card.getByText('Paid').waitFor();
  });

  it('a payment request: failing the challenge charges nothing and the request can still be paid', async () => {
    const { page, card, pay, challenge } = await requestToPay();
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await pay.getByText(AUTHENTICATION_FAILED).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await pay.getByRole('button', { name: 'Back' }).click();
    await card.getByRole('button', { name: 'Pay' }).waitFor();
    expect(await card.getByText('Paid').count()).toBe(0);
  });

  it('a card checkout: completing the challenge confirms the order', async () => {
    const { page, productId } = await checkoutWithChallengeCard();
    expect(await stockOf(productId)).toBe(4);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await page.getByText('Confirmed', { exact: true }).first().waitFor();
    expect(await stockOf(productId)).toBe(4);
  });

  it('a card checkout: failing the challenge refuses the order and puts the stock back', async () => {
    const { page, productId } = await checkoutWithChallengeCard();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByText('Payment processing failed').waitFor();
    expect(await stockOf(productId)).toBe(5);
    // Another card, a new attempt: it goes through.
    await page.getByLabel('Test card: Visa ending 4242 (succeeds)').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    expect(await stockOf(productId)).toBe(4);
  });
});
