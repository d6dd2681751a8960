import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { createUser, DEFAULT_PASSWORD } from '../support/factories';
import { useBrowserApp } from '../support/browser';
import type { Page } from 'playwright-core';

const app = useBrowserApp();

/** The newest mail to an address with this subject; mails about accounts are written just after the answer. */
const mailTo = (to: string, subject: string) =>
  vi.waitFor(
    async () => {
      const [mail] = await app.server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
      if (mail?.subject !== subject) throw new Error(`no "${subject}" mail to ${to} yet`);
      return mail;
    },
    { timeout: 10_000, interval: 50 },
  );

/** Fills the registration form (the user type stays as the page chose it). */
async function fillRegistration(page: Page, fields: { email: string; password: string; displayName: string; firstName: string; lastName: string }) {
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Password', { exact: true }).fill(fields.password);
  await page.getByLabel('Display Name').fill(fields.displayName);
  await page.getByLabel('First Name').fill(fields.firstName);
  await page.getByLabel('Last Name').fill(fields.lastName);
}

describe('accounts in the browser', () => {
  it('registers, logs out, logs back in and is greeted on the dashboard', async () => {
    const page = await app.newPage();
    const suffix = Date.now().toString(36);
    await page.goto(`${app.url}/register?userType=artist`);
    await fillRegistration(page, { email: `e2e_${suffix}@example.com`, password: DEFAULT_PASSWORD, displayName: `e2e_${suffix}`, firstName: 'Ruth', lastName: 'Tester' });
    await expect.poll(() => page.getByRole('radio', { name: 'Artist' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The same answer as for an address that has an account: the mail carries the next step.
    await page.getByRole('heading', { name: 'Check your e-mail to continue' }).waitFor();
    await page.getByText(`We sent a message to e2e_${suffix}@example.com`).waitFor();
    const welcome = await mailTo(`e2e_${suffix}@example.com`, 'Welcome to InkLink: continue to your account');
    await page.goto(welcome.text.match(/https?:\/\/\S+\/login\?link=[a-z0-9]+/)?.[0] ?? '');
    await page.getByRole('heading', { name: 'Welcome, Ruth' }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Create Together' }).waitFor();

    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(`e2e_${suffix}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Ruth' }).waitFor();
  });

  it('answers a registration with an existing address exactly as a new one, and mails its owner', async () => {
    const owner = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await page.goto(`${app.url}/register`);
    await fillRegistration(page, { email: owner.email, password: 'somebody else entirely', displayName: `e2e_dup_${Date.now().toString(36)}`, firstName: 'Mallory', lastName: 'Prober' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail to continue' }).waitFor();
    expect(await page.getByText('An account with this email already exists').count()).toBe(0);
    await mailTo(owner.email, 'Someone tried to register with your InkLink address');
  });

  it('shows the spec message for a wrong password, then offers a one-time sign-in link by e-mail, which signs in', async () => {
    const user = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText("If an account exists for that email, we've sent a one-time sign-in link.").waitFor();
    const mail = await mailTo(user.email, 'Your InkLink sign-in link');
    await page.goto(mail.text.match(/https?:\/\/\S+\/login\?link=[a-z0-9]+/)?.[0] ?? '');
    await page.getByRole('heading', { name: `Welcome, ${user.firstName}` }).waitFor();
  });

  it('resets a forgotten password through the link in the mail', async () => {
    const user = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/If an account exists for that email/).waitFor();
    const mail = await mailTo(user.email, 'Reset your InkLink password');
    const link = mail.text.match(/https?:\/\/\S+forgot-password\?token=[a-z0-9]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link ?? '');
    await page.getByLabel('New Password').fill('a brand new password');
    await page.getByLabel('Confirm Password').fill('a brand new password');
    await page.getByRole('button', { name: /Reset Password|Save Password|Set New Password/ }).click();
    await page.getByText(/password has been (reset|changed|updated)/i).waitFor();

    const login = async (password: string) => {
      const response = await page.request.post(`${app.url}/trpc/auth.login`, {
        data: { json: { email: user.email, password } },
        headers: { origin: app.url },
      });
      return response.status();
    };
    expect(await login(DEFAULT_PASSWORD)).toBe(401);
    expect(await login('a brand new password')).toBe(200);
  });
});

describe('public pages', () => {
  it('landing buttons lead to registration with the user type, and to pricing', async () => {
    const page = await app.newPage();
    for (const [button, userType] of [
      ['Find Your Artist', 'client'],
      ['Start Tattooing', 'artist'],
      ['Run Your Shop', 'studio'],
    ] as const) {
      await page.goto(app.url);
      await page.getByRole('link', { name: button }).click();
      await page.waitForURL(`**/register?userType=${userType}`);
    }
    await page.goto(app.url);
    await page.getByRole('link', { name: 'View Pricing' }).click();
    await page.waitForURL('**/pricing');
    await page.getByText('$5', { exact: false }).first().waitFor();
    await page.getByText('30-day free trial').first().waitFor();
  });

  it('shows the not-found page for an unknown URL', async () => {
    const page = await app.newPage();
    const response = await page.goto(`${app.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('keeps the chosen theme across a reload (dark by default)', async () => {
    const page = await app.newPage();
    await page.goto(app.url);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await background();
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect.poll(background).not.toBe(dark);
    const light = await background();
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    expect(await background()).toBe(light);
  });
});
