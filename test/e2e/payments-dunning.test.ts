import { describe, expect, it } from 'vitest';
import { renewLocalSubscriptions } from '../../server/domains/payments/renewals';
import { addMonth } from '../../server/providers/payments/local-subscriptions';
import { LOCAL_TEST_PAYMENT_METHODS } from '../../server/providers/payments/types';
import { DAY, MINUTE } from '../../server/lib/time';
import { seriousViolations } from '../support/axe';
import { useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';

const app = useBrowserApp();
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** A free artist who subscribed to Artist Pro with a card whose charges fail; trialMs: the trial left. */
async function failingSubscriber(firstName: string, lastName: string) {
  const artist = await createUser({ firstName, lastName, plan: 'free' }, app.server.deps.db);
  const api = app.server.client();
  await api.auth.login.mutate({ email: artist.email, password: artist.password });
  const started = await api.payment.subscribe.mutate({
    priceId: 'artist_pro',
    paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.failsOnCharge,
  });
  const trialMs = started.trialEnd!.getTime() - app.server.clock.now().getTime();
  return { artist, started, trialMs };
}

/** The artist signed in on a new page at billing, and its Artist Pro group. */
async function artistProBilling(artist: Awaited<ReturnType<typeof createUser>>) {
  const page = await app.newPage();
  await app.signInAs(page, artist);
  await page.goto(`${app.url}/account/billing`);
  return { page, plan: page.getByRole('group', { name: 'Artist Pro subscription' }) };
}

describe('dunning in the browser (local provider, test clock)', () => {
  it('a renewal fails: billing says so with the next retry and a link to update the card; the card is replaced and the retry makes the plan active again', async () => {
    const { artist, started, trialMs } = await failingSubscriber('Dana', 'Rook');
    app.server.clock.advance(trialMs + MINUTE);
    let moved = trialMs + MINUTE;
    try {
      await renewLocalSubscriptions(app.server.deps);
      const { page, plan } = await artistProBilling(artist);
      await plan.getByText('Payment failed — update your card').waitFor();
      const nextTry = longDate.format(new Date(app.server.clock.now().getTime() + DAY));
      await plan.getByText(`We will try again on ${nextTry}`, { exact: false }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: '/work/wt/notes/dunning-past-due-1280.png' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: '/work/wt/notes/dunning-past-due-390.png', fullPage: true });

      await plan.getByRole('link', { name: 'Update card' }).click();
      await page.getByRole('button', { name: 'Add a card' }).click();
      await page.getByRole('button', { name: 'Save card' }).click();
      const makeDefault = page.getByRole('button', { name: 'Make Visa •••• 4242 the default' });
      await makeDefault.click();
      // The new default is saved (its "Make default" button goes) before the clock moves on.
      await makeDefault.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Make Visa •••• 0341 the default' }).waitFor();

      app.server.clock.advance(DAY);
      moved += DAY;
      await renewLocalSubscriptions(app.server.deps);
      await page.reload();
      await plan.getByText('Active').waitFor();
      // Paid from the end of the unpaid period, for a month.
      await plan.getByText(`Renews on ${longDate.format(addMonth(started.currentPeriodEnd!))}`).waitFor();
      await page.screenshot({ path: '/work/wt/notes/dunning-recovered-390.png', fullPage: true });
      expect(await plan.getByText('Payment failed — update your card').count()).toBe(0);
    } finally {
      app.server.clock.advance(-moved);
    }
  });

  it('every retry fails: after the last one the plan is canceled and billing says why, with a link to add a card', async () => {
    const { artist, trialMs } = await failingSubscriber('Eli', 'Moss');
    let moved = 0;
    try {
      for (const days of [0, 1, 3, 5]) {
        const target = trialMs + MINUTE + days * DAY;
        app.server.clock.advance(target - moved);
        moved = target;
        await renewLocalSubscriptions(app.server.deps);
      }
      const { page, plan } = await artistProBilling(artist);
      await plan.getByText('Canceled: the payment failed').waitFor();
      await plan.getByText('We could not charge your card after 4 attempts', { exact: false }).waitFor();
      await plan.getByRole('link', { name: 'Add a card' }).waitFor();
      expect(await plan.getByRole('button', { name: 'Cancel now' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: '/work/wt/notes/dunning-canceled-1280.png' });
    } finally {
      app.server.clock.advance(-moved);
    }
  });
});
