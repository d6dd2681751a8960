import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../server/db/schema';
import { AUTHENTICATION_FAILED } from '../../server/providers/payments/local-charges';
import { seriousViolations } from '../support/axe';
import { useBrowserApp } from '../support/browser';
import { subscribeWithChallengeCard } from '../support/plan-checkout';

// Decision 040 with the default configuration (local mode): every plan has its 30-day trial, so
// subscribing charges nothing, yet the 3-D Secure test card is authenticated at the trial's start
// (Stripe's pending_setup_intent) so its renewals can be charged. Completing the bank's challenge
// starts the trial; failing it starts nothing and leaves the form to try again.

const app = useBrowserApp();
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The challenge open for a new free user subscribing with the card ending 3220. */
const startTrialWithChallengeCard = (firstName: string) =>
  subscribeWithChallengeCard(app, firstName, {
    terms: 'Due today (30-day free trial)',
    button: 'Start Free Trial',
    dialog: 'Confirm your card with your bank',
  });

describe('3-D Secure when starting a free trial (local mode, default configuration)', () => {
  it('completing the bank’s challenge starts the trial; billing shows it as the trial', async () => {
    const { user, page, challenge } = await startTrialWithChallengeCard('Ada');
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText(/^Your 30-day free trial has started\./).waitFor();
    const [row] = await app.server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ status: 'trialing', planId: 'artist_pro' });
    const ends = longDate.format(row.trialEnd!);
    await page.getByText(`Your 30-day free trial has started. It ends on ${ends}; then $5.00 a month.`).waitFor();
    await page.getByRole('link', { name: 'Go to billing' }).click();
    const plan = page.getByRole('group', { name: 'Artist Pro subscription' });
    await plan.getByText('Trial', { exact: true }).waitFor();
    await plan.getByText(`Free trial until ${ends}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('failing it says so, starts nothing, and the form is there to try again', async () => {
    const { user, page, challenge } = await startTrialWithChallengeCard('Bo');
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByText(`${AUTHENTICATION_FAILED} You can try again, with this card or another.`).waitFor();
    expect(await app.server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText(/^Your 30-day free trial has started\./).waitFor();
  });
});
