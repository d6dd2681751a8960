import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../server/db/schema';
import { AUTHENTICATION_FAILED } from '../../server/providers/payments/local-charges';
import { seriousViolations } from '../support/axe';
import { useBrowserApp } from '../support/browser';
import { subscribeWithChallengeCard } from '../support/plan-checkout';

// Decision 040 for subscription starts charged at once (local mode): plans sold without a trial
// (SUBSCRIPTION_TRIAL_DAYS=0; the default configuration's trial is subscription-3ds.test.ts), so subscribing with the 3-D Secure test card shows the bank's
// challenge on the subscribe page; completing it starts the plan, failing it charges nothing and
// leaves the form to try again.

const app = useBrowserApp({ env: { SUBSCRIPTION_TRIAL_DAYS: '0' } });
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The challenge open for a new free user subscribing with the card ending 3220. */
const withChallengeOpen = (firstName: string) =>
  subscribeWithChallengeCard(app, firstName, {
    terms: 'Then $5.00 a month; no fees are added. Cancel anytime.',
    button: 'Subscribe for $5.00',
    dialog: 'Confirm this payment with your bank',
  });

describe('3-D Secure when subscribing without a trial (local mode)', () => {
  it('completing the bank’s challenge starts the plan; billing shows it active', async () => {
    const { user, page, challenge } = await withChallengeOpen('Ada');
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText(/^You are subscribed to Artist Pro\./).waitFor();
    const [row] = await app.server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ status: 'active', planId: 'artist_pro' });
    const renews = longDate.format(row.currentPeriodEnd!);
    await page.getByText(`You are subscribed to Artist Pro. Next payment on ${renews}.`).waitFor();
    await page.getByRole('link', { name: 'Go to billing' }).click();
    const plan = page.getByRole('group', { name: 'Artist Pro subscription' });
    await plan.getByText('Active').waitFor();
    await plan.getByText(`Renews on ${renews}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('failing it says so, charges nothing, and the form is there to try again', async () => {
    const { user, page, challenge } = await withChallengeOpen('Bo');
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByText(`${AUTHENTICATION_FAILED} You can try again, with this card or another.`).waitFor();
    expect(await app.server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // Again, with the challenge completed this time.
    await page.getByRole('button', { name: 'Subscribe for $5.00' }).click();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText(/^You are subscribed to Artist Pro\./).waitFor();
  });
});
