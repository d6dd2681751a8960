import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { pageOnThread, useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';
import { artistAndClientInThread } from '../support/payments-fixtures';

const app = useBrowserApp();
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

describe('payments in the browser', () => {
  it('an artist requests payment in a thread; the client adds the local test card and pays; the artist sees Paid', async () => {
    const { artist, client, artistApi, threadId } = await artistAndClientInThread(app.server);
    await artistApi.message.send.mutate({ threadId, body: 'Ready to book your sleeve session.' });

    const artistPage = await pageOnThread(app, artist, threadId);
    await artistPage.getByRole('button', { name: 'Request payment' }).click();
    const dialog = artistPage.getByRole('dialog', { name: 'Request payment from Theo Marsh' });
    await dialog.getByLabel('Amount ($)').fill('150');
    await dialog.getByLabel('Description').fill('Sleeve session deposit');
    // Who pays what is shown before sending: the platform fee (1%) is deducted, the processing fee
    // (2.9% + $0.30) is InkLink's, net = amount − platform fee (test/e2e/fee-clarity.test.ts reads every line).
    const breakdown = dialog.getByRole('region', { name: 'Who pays what' });
    await breakdown.getByText('−$1.50').waitFor();
    await breakdown.getByText('$148.50').waitFor();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const artistCard = artistPage.getByRole('group', { name: 'Payment request $150.00' });
    await artistCard.getByText('Awaiting payment').waitFor();
    expect(await seriousViolations(artistPage)).toEqual([]);

    const clientPage = await pageOnThread(app, client, threadId);
    const clientCard = clientPage.getByRole('group', { name: 'Payment request $150.00' });
    await clientCard.getByText('Sleeve session deposit').waitFor();
    await clientCard.getByRole('button', { name: 'Pay' }).click();
    const pay = clientPage.getByRole('dialog', { name: 'Pay $150.00' });
    await pay.getByLabel('Test card').waitFor();
    expect(await seriousViolations(clientPage)).toEqual([]);
    await pay.getByRole('button', { name: 'Add card' }).click();
    await pay.getByLabel('Pay with').waitFor();
    await pay.getByRole('button', { name: 'Pay $150.00' }).click();
    await clientCard.getByText('Paid').waitFor();
    // The payer's history has the payment, with a receipt.
    await clientPage.goto(`${app.url}/account/billing`);
    await clientPage.getByRole('table', { name: 'Payment history' }).getByText('Payment request: Sleeve session deposit').waitFor();
    await clientPage.getByRole('button', { name: 'View receipt' }).click();
    await clientPage.getByRole('dialog', { name: 'Receipt' }).getByText('$150.00').waitFor();
    expect(await seriousViolations(clientPage)).toEqual([]);

    // The artist's open conversation shows it without a reload.
    await artistCard.getByText('Paid').waitFor({ timeout: 15_000 });
    await artistPage.goto(`${app.url}/account/payments`);
    // The payment's funds are pending first (decision 038: LOCAL_FUNDS_PENDING_DAYS), not yet available.
    const balance = artistPage.getByLabel('Payout balance');
    await balance.getByText('$148.50').waitFor();
    expect(await balance.getByRole('definition').allInnerTexts()).toEqual(['$0.00', '$148.50', '$0.00']);
    expect(await seriousViolations(artistPage)).toEqual([]);
  });

  it('buying Artist Pro from /pricing starts the trial and shows its end date on the page and in billing', async () => {
    const artist = await createUser({ firstName: 'Nia', lastName: 'Cole', plan: 'free' }, app.server.deps.db);
    const page = await app.newPage();
    await app.signInAs(page, artist);
    await page.goto(`${app.url}/pricing`);
    await page.getByRole('link', { name: 'Start Free Trial of Artist Pro' }).click();
    await page.waitForURL('**/payment/artist_pro');
    await page.getByRole('heading', { name: 'Subscribe to Artist Pro' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    const trialEnd = longDate.format(new Date(app.server.clock.now().getTime() + 30 * 86_400_000));
    await page.getByText(`Your 30-day free trial has started. It ends on ${trialEnd}; then $5.00 a month.`).waitFor();
    await page.getByRole('link', { name: 'Go to billing' }).click();
    await page.getByText(`Free trial until ${trialEnd}`).waitFor();
    await page.getByText('Visa •••• 4242').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a requester sets up receiving money from /payment-setup through the local onboarding page', async () => {
    const artist = await createUser({ firstName: 'Ivo', lastName: 'Lind' }, app.server.deps.db);
    const page = await app.newPage();
    await app.signInAs(page, artist);
    await page.goto(`${app.url}/payment-setup?userId=${artist.id}&steps=create_account,verify_identity,add_bank&context=payment_request`);
    await page.getByText('Payment account not set up').waitFor();
    await page.getByText('About 10 minutes:').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start setup' }).click();
    await page.waitForURL('**/payment-setup/onboarding?**');
    await page.getByRole('heading', { name: 'Payment account setup' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('I agree to the payment services terms').check();
    await page.getByRole('button', { name: 'Submit and activate' }).click();
    await page.getByText("You're all set: your payment account is active.").waitFor();
    expect(page.url()).toContain('context=payment_request');
  });
});
