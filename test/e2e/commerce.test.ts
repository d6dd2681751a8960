import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';

const app = useBrowserApp();

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('commerce in the browser', () => {
  // One long journey through two browsers: on a loaded two-core machine it can take minutes.
  it('a seller opens a storefront, sets up payouts, a buyer checks out by test card, the seller sees the payout balance, ships it and the buyer sees Shipped', async () => {
    const seller = await createUser({ firstName: 'Sable' }, app.server.deps.db);
    const buyer = await createUser({ firstName: 'Bram' }, app.server.deps.db);

    // The seller opens a storefront from the dashboard's Start Selling prompt.
    const sellerPage = await app.newPage();
    await app.signInAs(sellerPage, seller);
    await sellerPage.goto(app.url);
    await sellerPage.getByRole('link', { name: 'Create Storefront' }).click();
    await sellerPage.getByLabel('Storefront Name').fill('Sable Ink Supply');
    await sellerPage.getByRole('button', { name: 'Create Storefront' }).click();
    await sellerPage.waitForURL(/\/manage\/storefront\/[0-9a-f-]{36}$/);
    const storefrontId = sellerPage.url().split('/').pop()!;
    await sellerPage.getByRole('heading', { name: 'Manage Sable Ink Supply' }).waitFor();
    await sellerPage.getByText('No orders yet').waitFor();
    await expectAccessible(sellerPage);

    // Decision 038: before cards sell, the settings page shows the fee and asks for a payout account.
    await sellerPage.getByRole('tab', { name: 'Settings' }).click();
    const cardPayments = sellerPage.getByRole('region', { name: 'Card payments' });
    await cardPayments.getByText('3.9% + $0.30 per card sale').waitFor();
    await cardPayments.getByText(/Buyers cannot pay by card until payouts are set up \(Payment account not set up\)/).waitFor();
    await expectAccessible(sellerPage);
    await cardPayments.getByRole('link', { name: 'Set up payouts' }).click();
    await sellerPage.waitForURL('**/payment-setup?context=storefront');
    await sellerPage.getByText('To take card payments in your storefront').waitFor();
    await sellerPage.getByRole('button', { name: 'Start setup' }).click();
    await sellerPage.waitForURL('**/payment-setup/onboarding?**');
    await sellerPage.getByLabel('Legal name').fill('Sable Seller');
    await sellerPage.getByLabel('I agree to the payment services terms').check();
    await sellerPage.getByRole('button', { name: 'Submit and activate' }).click();
    await sellerPage.getByText("You're all set: your payment account is active.").waitFor();
    await sellerPage.goto(`${app.url}/manage/storefront/${storefrontId}/settings`);
    // Opened before payouts, the storefront started with cards off: the seller switches them on.
    await cardPayments.getByText('Payouts are set up: switch on "Accept payments" below and save to take card payments.').waitFor();
    const settingsForm = sellerPage.getByRole('form', { name: 'Storefront settings' });
    await settingsForm.getByLabel('Accept payments').check();
    await settingsForm.getByRole('button', { name: 'Save Settings' }).click();
    await cardPayments.getByText('Card payments are on: each sale, less the fee, goes to your payout account.').waitFor();

    // An active product with a Size variant (Large +$5.00) and tracked stock.
    await sellerPage.getByRole('tab', { name: 'Products' }).click();
    await sellerPage.getByRole('link', { name: 'New Product' }).click();
    await sellerPage.getByRole('button', { name: 'Create Product' }).click();
    await sellerPage.getByText('Product name is required').waitFor();
    await sellerPage.getByLabel('Product Name').fill('Healing Balm');
    await sellerPage.getByLabel('Price ($)').fill('12.00');
    await sellerPage.getByRole('combobox', { name: 'Status' }).click();
    await sellerPage.getByRole('option', { name: 'Active' }).click();
    await sellerPage.getByLabel('Track inventory').check();
    await sellerPage.getByLabel('Quantity').fill('10');
    await sellerPage.getByRole('button', { name: 'Add variant' }).click();
    await sellerPage.getByLabel('Variant 1 name').fill('Size');
    await sellerPage.getByLabel('Variant 1 option 1 name').fill('Small');
    await sellerPage.getByRole('button', { name: 'Add variant 1 option' }).click();
    await sellerPage.getByLabel('Variant 1 option 2 name').fill('Large');
    await sellerPage.getByLabel('Variant 1 option 2 price modifier ($)').fill('5');
    await expectAccessible(sellerPage);
    await sellerPage.getByRole('button', { name: 'Create Product' }).click();
    await sellerPage.getByRole('cell', { name: 'Healing Balm', exact: true }).waitFor();

    // The buyer finds it on the public storefront, picks Large and sees the live price.
    const buyerPage = await app.newPage();
    await app.signInAs(buyerPage, buyer);
    await buyerPage.goto(`${app.url}/storefront/${storefrontId}`);
    await buyerPage.getByRole('heading', { name: 'Sable Ink Supply' }).waitFor();
    await buyerPage.getByRole('link', { name: /Healing Balm/ }).waitFor();
    await expectAccessible(buyerPage);
    await buyerPage.getByLabel('Search products').fill('balm');
    await buyerPage.getByRole('link', { name: /Healing Balm/ }).click();
    await buyerPage.getByRole('heading', { name: 'Healing Balm' }).waitFor();
    const addToCart = buyerPage.getByRole('button', { name: 'Add to Cart' });
    await expect.poll(() => addToCart.isEnabled(), { timeout: 30_000 }).toBe(true);
    await expectAccessible(buyerPage);
    await buyerPage.getByRole('combobox', { name: 'Size' }).click();
    await buyerPage.getByRole('option', { name: 'Large (+$5.00)' }).click();
    await buyerPage.getByLabel('Price').getByText('$17.00').waitFor();
    await buyerPage.getByLabel('Quantity', { exact: true }).fill('2');
    await buyerPage.getByLabel('Price').getByText('$34.00').waitFor();
    await addToCart.click();
    await buyerPage.getByLabel('Cart subtotal').getByText('$34.00').waitFor();
    await buyerPage.getByRole('link', { name: 'Checkout' }).click();

    // Checkout: the address is required for shipping; the local test card pays.
    await buyerPage.getByRole('heading', { name: 'Checkout' }).waitFor();
    await buyerPage.getByRole('table', { name: 'Order totals' }).getByText('$34.00').first().waitFor();
    const placeOrder = buyerPage.getByRole('button', { name: 'Place Order' });
    await expect.poll(() => placeOrder.isEnabled(), { timeout: 30_000 }).toBe(true);
    await expectAccessible(buyerPage);
    await placeOrder.click();
    await buyerPage.getByText('Shipping address is required').waitFor();
    await buyerPage.getByLabel('Full name').fill('Bram Buyer');
    await buyerPage.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Elm St');
    await buyerPage.getByLabel('City').fill('Portland');
    await buyerPage.getByRole('combobox', { name: 'State' }).click();
    await buyerPage.getByRole('option', { name: 'OR', exact: true }).click();
    await buyerPage.getByLabel('Zip code').fill('97205');
    await buyerPage.getByLabel('Test card: Visa ending 4242 (succeeds)').check();
    // Who pays what (decision 043 on the storefront path): the fee is the one the order will store.
    const split = buyerPage.getByRole('region', { name: 'Order summary' }).getByRole('region', { name: 'Who pays what' });
    const labels = await split.locator('dt').allInnerTexts();
    const values = await split.locator('dd').allInnerTexts();
    expect(Object.fromEntries(labels.map((label, i) => [label, values[i]]))).toEqual({
      'Card processing fee ($1.29)': 'Paid by InkLink',
      'Platform fee ($1.63)': 'Paid by Sable Ink Supply',
      'Sable Ink Supply receives': '$32.37',
      'You pay': '$34.00',
    });
    await buyerPage.getByRole('listbox').waitFor({ state: 'detached' }); // the State menu has faded out
    for (const width of [1280, 390]) {
      await buyerPage.setViewportSize({ width, height: 844 });
      await split.screenshot({ path: `/work/wt/shots/money-ui/checkout-who-pays-what-${width}.png` });
      await buyerPage.screenshot({ path: `/work/wt/shots/money-ui/checkout-page-${width}.png`, fullPage: true });
    }
    await buyerPage.setViewportSize({ width: 1280, height: 844 });
    await placeOrder.click();
    await buyerPage.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    const orderNumber = (await buyerPage.getByRole('heading', { name: /^Order ORD-\d{8}-\d{4}$/ }).textContent())!.replace('Order ', '');
    await buyerPage.getByText('Confirmed', { exact: true }).first().waitFor();
    await expectAccessible(buyerPage);

    // The seller sees the sale in the dashboard analytics, then ships it with a tracking number.
    await sellerPage.goto(app.url);
    const panel = sellerPage.getByRole('region', { name: 'Sable Ink Supply analytics' });
    await panel.getByText(orderNumber).waitFor();
    await panel.getByRole('region', { name: "Today's Sales" }).getByText('$34.00').waitFor();
    await panel.getByRole('region', { name: 'Top Products' }).getByText('2 sold').waitFor();
    await panel.getByRole('link', { name: 'View All' }).click();
    await sellerPage.getByRole('link', { name: orderNumber }).click();
    await sellerPage.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await sellerPage.getByRole('button', { name: 'Save Tracking' }).click();
    await sellerPage.getByText('Tracking number: 1Z999AA10123456784').waitFor();
    await sellerPage.getByText('Shipped', { exact: true }).first().waitFor();
    await expectAccessible(sellerPage);

    // The sale, less the fee (3.9% of $34.00 rounded + $0.30 = $1.63), is in the payout balance.
    await sellerPage.getByRole('tab', { name: 'Settings' }).click();
    const balance = sellerPage.getByRole('region', { name: 'Card payments' }).getByLabel('Payout balance');
    await balance.getByText('$32.37').waitFor();
    await expectAccessible(sellerPage);

    // The buyer sees Shipped on the order page.
    await buyerPage.reload();
    await buyerPage.getByText('Shipped', { exact: true }).first().waitFor();
    await buyerPage.getByText('Tracking number: 1Z999AA10123456784').waitFor();
  }, 240_000);
});
