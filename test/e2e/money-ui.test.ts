import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renewLocalSubscriptions } from '../../server/domains/payments/renewals';
import { STOREFRONT_PAYOUT_MESSAGES } from '../../server/domains/storefronts/payout-account';
import { LOCAL_TEST_PAYMENT_METHODS } from '../../server/providers/payments/types';
import { DAY, MINUTE } from '../../server/lib/time';
import { LOCAL_FUNDS_PENDING_DAYS } from '../../server/providers/payments/local-connect';
import { seriousViolations } from '../support/axe';
import { bookableArtist } from '../support/booking-fixtures';
import { BOTH_WIDTHS, horizontalOverflow, useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';

// Issue 17's money pages as journeys: switching card payments on needs payouts (decision 038),
// gated features say so up front (decision 042), and the past_due alert fits a phone.

const app = useBrowserApp();
const SHOTS = '/work/wt/shots/money-ui';

async function atBothWidths(page: Page, name: string, check: () => Promise<void> = async () => {}, target?: Locator) {
  for (const width of BOTH_WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await check();
    expect(await horizontalOverflow(page)).toBe(0);
    await (target ?? page).screenshot({ path: `${SHOTS}/${name}-${width}.png`, ...(target ? {} : { fullPage: true }) });
  }
  await page.setViewportSize({ width: 1280, height: 844 });
}

/**
 * Below 600 px an alert's action sits under its text, and the text keeps most of the alert's
 * width; wider, the action sits to the right of the text on one line.
 */
async function actionBelowTextOnPhones(page: Page, alert: Locator, actionName: string) {
  const message = await alert.locator('.MuiAlert-message').boundingBox();
  const action = await alert.getByRole('link', { name: actionName }).boundingBox();
  const box = await alert.boundingBox();
  if (!message || !action || !box) throw new Error('alert not laid out');
  if ((page.viewportSize()?.width ?? 0) < 600) {
    expect(action.y).toBeGreaterThanOrEqual(message.y + message.height - 1);
    expect(message.width).toBeGreaterThan(box.width * 0.7);
  } else {
    expect(action.x).toBeGreaterThan(message.x + message.width - 1);
    expect(action.height).toBeLessThan(40); // one line: the label does not wrap
  }
}

describe('money pages (issue 17)', () => {
  it('switching "Accept payments" on without a payout account is refused, with the way to set payouts up', async () => {
    const seller = await createUser({ firstName: 'Sol', lastName: 'Seller' }, app.server.deps.db);
    const api = app.server.client();
    await api.auth.login.mutate({ email: seller.email, password: seller.password });
    const store = await api.storefront.create.mutate({ name: 'Sol Supply', settings: { acceptsPayments: false } });

    const page = await app.newPage();
    await app.signInAs(page, seller);
    await page.goto(`${app.url}/manage/storefront/${store.id}/settings`);
    // The fee is shown before cards are switched on.
    await page.getByRole('region', { name: 'Card payments' }).getByText('3.9% + $0.30 per card sale').waitFor();
    const form = page.getByRole('form', { name: 'Storefront settings' });
    await form.getByLabel('Accept payments').check();
    await form.getByRole('button', { name: 'Save Settings' }).click();
    const refusal = form.getByRole('alert').filter({ hasText: STOREFRONT_PAYOUT_MESSAGES.payoutsNeeded });
    await refusal.waitFor();
    const setup = refusal.getByRole('link', { name: 'Set up payouts' });
    expect(
      new URL((await setup.getAttribute('href')) ?? '', app.url).pathname +
        new URL((await setup.getAttribute('href')) ?? '', app.url).search,
    ).toBe('/payment-setup?context=storefront');
    expect(await seriousViolations(page)).toEqual([]);
    await atBothWidths(
      page,
      'settings-accept-payments-refused',
      async () => {
        // The link sits below the message, never beside it squeezing the text.
        const [text, link] = [await refusal.boundingBox(), await setup.boundingBox()];
        expect(link && text && link.width < text.width).toBe(true);
      },
      refusal,
    );
    // Nothing was saved: the switch is off again after a reload.
    await page.reload();
    expect(await page.getByRole('form', { name: 'Storefront settings' }).getByLabel('Accept payments').isChecked()).toBe(false);
  });

  it('a free artist sees the calendar sync upgrade prompt up front, with no feed or Google button to try', async () => {
    const artist = await createUser(
      { firstName: 'Fay', lastName: 'Free', userTypes: ['client', 'artist'], plan: 'free' },
      app.server.deps.db,
    );
    const page = await app.newPage();
    await app.signInAs(page, artist);
    await page.goto(`${app.url}/calendar`);
    const sync = page.getByRole('region', { name: 'Calendar sync' });
    const prompt = sync.getByRole('status').filter({ hasText: 'Artist Pro feature' });
    await prompt.getByText('Calendar sync: an Artist Pro feature. Upgrade to Artist Pro to use it. 30-day free trial.').waitFor();
    expect(await sync.getByRole('button', { name: /Feed Link/ }).count()).toBe(0);
    expect(await prompt.getByRole('link', { name: 'Upgrade to Artist Pro' }).getAttribute('href')).toBe('/payment/artist_pro');
    expect(await seriousViolations(page)).toEqual([]);
    await atBothWidths(page, 'calendar-sync-upgrade-prompt', () => actionBelowTextOnPhones(page, prompt, 'Upgrade to Artist Pro'), sync);
  });

  it("a free artist's deposit settings show the upgrade prompt before any save; the saved deposit stays readable and savable", async () => {
    // A lapsed plan: the deposit was set under Artist Pro; the artist also owns the studio, so no plan allows deposits.
    const artist = await bookableArtist(app.server, { plan: 'free', depositPolicy: 'fixed', depositFixedCents: 5000 });
    const page = await app.newPage();
    await app.signInAs(page, artist.user);
    await page.goto(`${app.url}/account/booking`);
    const policy = page.getByRole('form', { name: 'Booking' });
    const prompt = policy.getByRole('status').filter({ hasText: 'Artist Pro feature' });
    await prompt.getByText('Booking deposits: an Artist Pro feature. Upgrade to Artist Pro to use it. 30-day free trial.').waitFor();
    expect(await prompt.getByRole('link', { name: 'Upgrade to Artist Pro' }).getAttribute('href')).toBe('/payment/artist_pro');
    const amount = policy.getByLabel('Deposit amount (USD)');
    expect(await amount.inputValue()).toBe('50.00');
    expect(await amount.getAttribute('readonly')).not.toBeNull();
    await policy.getByLabel('Deposit', { exact: true }).click();
    expect(await page.getByRole('option', { name: 'Percent of the estimate' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
    await atBothWidths(
      page,
      'booking-deposits-upgrade-prompt',
      () => actionBelowTextOnPhones(page, prompt, 'Upgrade to Artist Pro'),
      policy,
    );
    // Unchanged, the settings still save (decision 042): the prompt was the only thing said.
    await policy.getByRole('button', { name: 'Save Booking Settings' }).click();
    await policy.getByText('Booking settings saved').waitFor();
  });

  it('an artist in an Artist Pro trial keeps the feed button and sees no prompt', async () => {
    const trial = await createUser(
      { firstName: 'Tia', lastName: 'Trial', userTypes: ['client', 'artist'], plan: 'free' },
      app.server.deps.db,
    );
    const api = app.server.client();
    await api.auth.login.mutate({ email: trial.email, password: trial.password });
    await api.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.succeeds });
    const page = await app.newPage();
    await app.signInAs(page, trial);
    await page.goto(`${app.url}/calendar`);
    const sync = page.getByRole('region', { name: 'Calendar sync' });
    await sync.getByRole('button', { name: 'Create Feed Link' }).waitFor();
    expect(await sync.getByRole('status').filter({ hasText: 'Artist Pro feature' }).count()).toBe(0);
  });

  it("the seller's balance reads pending, then available, then paid out, on the account and storefront pages", async () => {
    const seller = await createUser({ firstName: 'Bea', lastName: 'Balance' }, app.server.deps.db);
    const buyer = await createUser({ firstName: 'Cy', lastName: 'Buyer' }, app.server.deps.db);
    const sellerApi = app.server.client();
    await sellerApi.auth.login.mutate({ email: seller.email, password: seller.password });
    const account = await sellerApi.connect.createAccount.mutate();
    await sellerApi.connect.completeLocalOnboarding.mutate({ accountId: account.accountId ?? '' });
    const store = await sellerApi.storefront.create.mutate({ name: 'Bea Balms' });
    const product = await sellerApi.product.create.mutate({
      storefrontId: store.id,
      name: 'Balm',
      description: 'Aftercare balm',
      price: 2_599,
      category: 'aftercare',
      tags: [],
      status: 'active',
    });
    const buyerApi = app.server.client();
    await buyerApi.auth.login.mutate({ email: buyer.email, password: buyer.password });
    const buy = () =>
      buyerApi.order.checkout.mutate({
        storefrontId: store.id,
        items: [{ productId: product.id, quantity: 1 }],
        fulfillmentMethod: 'pickup',
        paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.succeeds,
      });
    await buy(); // $25.99 less $1.31 → $24.68 for the seller
    const page = await app.newPage();
    await app.signInAs(page, seller);
    const figures = (scope: Locator) => scope.getByRole('definition');
    await page.goto(`${app.url}/account/payments`);
    const balance = page.getByLabel('Payout balance');
    await balance.waitFor();
    expect(await figures(balance).allInnerTexts()).toEqual(['$0.00', '$24.68', '$0.00']);

    app.server.clock.advance(LOCAL_FUNDS_PENDING_DAYS * DAY);
    try {
      await buy(); // a second sale, pending while the first is available
      await page.reload();
      await balance.waitFor();
      expect(await figures(balance).allInnerTexts()).toEqual(['$24.68', '$24.68', '$0.00']);
      await page.getByLabel('Payout amount ($)').fill('20');
      await page.getByRole('button', { name: 'Instant payout' }).click();
      await page.getByText('Paid out $20.00.').waitFor();
      await page.reload();
      await balance.waitFor();
      expect(await figures(balance).allInnerTexts()).toEqual(['$4.68', '$24.68', '$20.00']);
      expect(await balance.locator('dt').allInnerTexts()).toEqual(['Available', 'Pending', 'Paid out']);
      expect(await seriousViolations(page)).toEqual([]);
      await atBothWidths(
        page,
        'account-payout-balance',
        undefined,
        balance.locator('xpath=ancestor::div[contains(@class, "MuiCard-root")][1]'),
      );

      await page.goto(`${app.url}/manage/storefront/${store.id}/settings`);
      const cards = page.getByRole('region', { name: 'Card payments' });
      await expect.poll(() => figures(cards.getByLabel('Payout balance')).allInnerTexts()).toEqual(['$4.68', '$24.68', '$20.00']);
      await atBothWidths(page, 'storefront-card-payments', undefined, cards);
    } finally {
      app.server.clock.advance(-LOCAL_FUNDS_PENDING_DAYS * DAY);
    }
  });

  it('past_due on a phone: the "Update card" action sits below the alert text, which keeps its width', async () => {
    const artist = await createUser({ firstName: 'Pat', lastName: 'Due', plan: 'free' }, app.server.deps.db);
    const api = app.server.client();
    await api.auth.login.mutate({ email: artist.email, password: artist.password });
    const started = await api.payment.subscribe.mutate({
      priceId: 'artist_pro',
      paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.failsOnCharge,
    });
    const moved = started.trialEnd!.getTime() - app.server.clock.now().getTime() + MINUTE;
    app.server.clock.advance(moved);
    try {
      await renewLocalSubscriptions(app.server.deps);
      const page = await app.newPage();
      await app.signInAs(page, artist);
      await page.goto(`${app.url}/account/billing`);
      const alert = page.getByRole('group', { name: 'Artist Pro subscription' }).getByRole('alert');
      await alert.getByText('Payment failed — update your card').waitFor();
      await atBothWidths(page, 'billing-past-due', () => actionBelowTextOnPhones(page, alert, 'Update card'), alert);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      app.server.clock.advance(-moved);
    }
  });
});
