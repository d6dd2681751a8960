import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { createUser, DEFAULT_PASSWORD } from '../support/factories';
import { useBrowserApp } from '../support/browser';

const app = useBrowserApp();

describe('accounts in the browser', () => {
  it('registers, logs out, logs back in and is greeted on the dashboard', async () => {
    const page = await app.newPage();
    const suffix = Date.now().toString(36);
    await page.goto(`${app.url}/register?userType=artist`);
    await page.getByLabel('Email').fill(`e2e_${suffix}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByLabel('Display Name').fill(`e2e_${suffix}`);
    await page.getByLabel('First Name').fill('Ruth');
    await page.getByLabel('Last Name').fill('Tester');
    await expect.poll(() => page.getByRole('radio', { name: 'Artist' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: /Welcome back, @e2e_/ }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Create Together' }).waitFor();

    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(`e2e_${suffix}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: `Welcome back, @e2e_${suffix}` }).waitFor();
  });

  it('shows the spec message for a wrong password', async () => {
    const user = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
  });

  it('resets a forgotten password through the link in the mail', async () => {
    const user = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/If an account exists for that email/).waitFor();
    const [mail] = await app.server.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
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
