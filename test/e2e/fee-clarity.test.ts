import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { BOTH_WIDTHS, horizontalOverflow, pageOnThread, useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';

const app = useBrowserApp();
const SHOTS = path.resolve('test-results/screenshots');

/** The breakdown's lines as read: label → value. */
async function lines(breakdown: Locator) {
  const labels = await breakdown.locator('dt').allInnerTexts();
  const values = await breakdown.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, i) => [label, values[i]]));
}

/** Every label and value of the breakdown stays inside its box, and no label overlaps its value. */
async function laidOutCleanly(breakdown: Locator) {
  return breakdown.evaluate((section) => {
    const problems: string[] = [];
    const box = section.getBoundingClientRect();
    for (const dt of section.querySelectorAll('dt')) {
      const dd = dt.nextElementSibling as HTMLElement;
      const [a, b] = [dt.getBoundingClientRect(), dd.getBoundingClientRect()];
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      if (overlap) problems.push(`"${dt.textContent}" overlaps "${dd.textContent}"`);
      for (const el of [dt, dd] as HTMLElement[]) {
        const r = el.getBoundingClientRect();
        if (el.scrollWidth > el.clientWidth + 1 || r.right > box.right + 1 || r.left < box.left - 1)
          problems.push(`"${el.textContent}" is cut off`);
      }
    }
    return problems;
  });
}

async function checkAtBothWidths(page: Page, dialog: Locator, name: string) {
  for (const width of BOTH_WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    const breakdown = dialog.getByRole('region', { name: 'Who pays what' });
    await breakdown.waitFor();
    expect(await laidOutCleanly(breakdown)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    fs.mkdirSync(SHOTS, { recursive: true });
    await dialog.screenshot({ path: path.join(SHOTS, `fee-clarity-${name}-${width}.png`) });
  }
}

describe('who pays what, before money moves (issue 17 item 6)', () => {
  it('a requester without a payout account is sent to set it up; with one, the request and pay dialogs show the same true amounts', async () => {
    const artist = await createUser({ firstName: 'Rosa', lastName: 'Vega' }, app.server.deps.db);
    const client = await createUser({ firstName: 'Theo', lastName: 'Marsh' }, app.server.deps.db);
    const artistApi = app.server.client();
    await artistApi.auth.login.mutate({ email: artist.email, password: artist.password });
    const { threadId } = await artistApi.thread.open.mutate({ userId: client.id });
    await artistApi.message.send.mutate({ threadId, body: 'Deposit for Friday.' });

    const artistPage = await pageOnThread(app, artist, threadId);
    await artistPage.getByRole('button', { name: 'Request payment' }).click();
    const dialog = artistPage.getByRole('dialog', { name: 'Request payment from Theo Marsh' });
    await dialog
      .getByText('Set up your payout account before requesting payment: payment account not set up. It takes about 10 minutes.')
      .waitFor();
    const setup = dialog.getByRole('link', { name: 'Set up payouts' });
    const href = new URL((await setup.getAttribute('href')) ?? '', app.url);
    expect(href.pathname).toBe('/payment-setup');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      userId: artist.id,
      steps: 'create_account,verify_identity,add_bank',
      context: 'payment_request',
    });
    expect(await dialog.getByRole('button', { name: 'Send request' }).isDisabled()).toBe(true);
    expect(await seriousViolations(artistPage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const account = await artistApi.connect.createAccount.mutate();
    await artistApi.connect.completeLocalOnboarding.mutate({ accountId: account.accountId ?? '' });
    // goto (not reload) waits for the app to take over the server-rendered page before clicking.
    await artistPage.goto(`${app.url}/messages/${threadId}`);
    await artistPage.getByRole('button', { name: 'Request payment' }).click();
    await dialog.getByLabel('Amount ($)').fill('60');
    await dialog.getByLabel('Description').fill('Deposit for Friday');
    const breakdown = dialog.getByRole('region', { name: 'Who pays what' });
    await breakdown.getByText('You receive').waitFor();
    // The payee pays $60; the $0.60 platform fee is deducted; the $2.04 processing fee is InkLink's.
    expect(await lines(breakdown)).toEqual({
      'Theo Marsh pays': '$60.00',
      'Platform fee (1%, at least $0.50)': '−$0.60',
      'Card processing fee ($2.04)': 'Paid by InkLink',
      'You receive': '$59.40',
    });
    expect(await dialog.getByText('Set up your payout account').count()).toBe(0);
    await checkAtBothWidths(artistPage, dialog, 'request-dialog');
    expect(await seriousViolations(artistPage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await artistPage.getByRole('group', { name: 'Payment request $60.00' }).getByText('Awaiting payment').waitFor();

    const clientPage = await pageOnThread(app, client, threadId);
    await clientPage.getByRole('group', { name: 'Payment request $60.00' }).getByRole('button', { name: 'Pay' }).click();
    const pay = clientPage.getByRole('dialog', { name: 'Pay $60.00' });
    expect(await lines(pay.getByRole('region', { name: 'Who pays what' }))).toEqual({
      'Card processing fee ($2.04)': 'Paid by InkLink',
      'Platform fee ($0.60)': 'Paid by Rosa Vega',
      'Rosa Vega receives': '$59.40',
      'You pay': '$60.00',
    });
    await pay.getByLabel('Test card').waitFor();
    await checkAtBothWidths(clientPage, pay, 'pay-dialog');
    expect(await seriousViolations(clientPage)).toEqual([]);
  });
});
