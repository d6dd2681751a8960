import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { pageOnThread, useBrowserApp } from '../support/browser';
import { artistAndClientInThread } from '../support/payments-fixtures';

const app = useBrowserApp();

describe('refunding a payment request (decision 039)', () => {
  it('the client pays in the thread; the artist refunds part with a reason; both see it in the thread and in billing', async () => {
    const { artist, client, artistApi, threadId } = await artistAndClientInThread(app.server);
    await artistApi.paymentRequest.create.mutate({ payeeId: client.id, amount: 15_000, description: 'Sleeve session deposit', threadId });

    const clientPage = await pageOnThread(app, client, threadId);
    const clientCard = clientPage.getByRole('group', { name: 'Payment request $150.00' });
    await clientCard.getByRole('button', { name: 'Pay' }).click();
    const pay = clientPage.getByRole('dialog', { name: 'Pay $150.00' });
    await pay.getByRole('button', { name: 'Add card' }).click();
    await pay.getByLabel('Pay with').waitFor();
    await pay.getByRole('button', { name: 'Pay $150.00' }).click();
    await clientCard.getByText('Paid').waitFor();
    // Only the requester is offered a refund.
    expect(await clientCard.getByRole('button', { name: 'Refund' }).count()).toBe(0);

    const artistPage = await pageOnThread(app, artist, threadId);
    const artistCard = artistPage.getByRole('group', { name: 'Payment request $150.00' });
    await artistCard.getByRole('button', { name: 'Refund' }).click();
    const dialog = artistPage.getByRole('dialog', { name: 'Refund this payment?' });
    await dialog.getByLabel('Refund amount').fill('40');
    await dialog.getByLabel('Reason').fill('Session ended an hour early');
    // Who pays what: the platform returns its fee share ($0.40 of the $1.50 fee, pro rata).
    await dialog
      .getByText('They get back $40.00. $39.60 comes from your payout balance and the platform returns its $0.40 fee share.')
      .waitFor();
    expect(await seriousViolations(artistPage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Refund $40.00' }).click();
    await artistCard.getByText('Partially refunded').waitFor();
    await artistCard.getByText('Refunded $40.00 of $150.00').waitFor();
    await artistCard.getByText(/Session ended an hour early/).waitFor();

    // The client's open conversation shows it without a reload.
    await clientCard.getByText('Partially refunded').waitFor({ timeout: 15_000 });
    await clientCard.getByText('Refunded $40.00 of $150.00').waitFor();
    await clientCard.getByText(/Session ended an hour early/).waitFor();
    expect(await seriousViolations(clientPage)).toEqual([]);

    // Billing history on both sides.
    await clientPage.goto(`${app.url}/account/billing`);
    const clientHistory = clientPage.getByRole('table', { name: 'Payment history' });
    const clientRefund = clientHistory.getByRole('row', { name: /Refund: Sleeve session deposit/ });
    await clientRefund.getByText('$40.00').waitFor();
    await clientRefund.getByText('Refunded').waitFor();
    await artistPage.goto(`${app.url}/account/billing`);
    const artistRefund = artistPage
      .getByRole('table', { name: 'Payment history' })
      .getByRole('row', { name: /Refund sent: Sleeve session deposit/ });
    await artistRefund.getByText('Refund issued').waitFor();
    expect(await seriousViolations(artistPage)).toEqual([]);
  });
});
