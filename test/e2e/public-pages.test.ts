import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookableArtist } from '../support/booking-fixtures';
import { productInput, studioWithStorefront } from '../support/commerce-fixtures';
import { createUser, DEFAULT_PASSWORD } from '../support/factories';
import { PHONE_WIDTH, horizontalOverflow, useBrowserApp } from '../support/browser';
import { mailTo as mailToOf } from '../support/mail';

// Decision 034: a profile shared as a link opens for a signed-out visitor, read-only, rendered by
// the server with nothing private in it; each action asks them to sign in or register and brings
// them back to the same place with the action continued.

const app = useBrowserApp();

const mailTo = (to: string, subject: string) => mailToOf(app.server.deps.db, to, subject);

async function signInOnPage(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('a shared artist profile, signed out (decision 034)', () => {
  it('opens read-only from the server with nothing private; Book → register → the e-mailed link lands on the booking form', async () => {
    const artist = await bookableArtist(app.server);
    const profile = `/artist/${artist.slug}`;
    // The server's HTML: the page itself, not a redirect to sign in, and nothing private.
    const html = await (await fetch(`${app.url}${profile}`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('data-server-rendered="page"');
    expect(html).toContain(`Ink ${artist.slug}`);
    expect(html).not.toContain(artist.user.email);

    const page = await app.newPage();
    const console: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
    });
    await page.goto(`${app.url}${profile}`);
    await page.getByRole('heading', { level: 1, name: `Ink ${artist.slug}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(profile);
    // Taken over without a hydration mismatch, and no failed (signed-in only) request on the way.
    expect(await page.evaluate(() => document.getElementById('root')?.dataset.serverRendered)).toBeUndefined();
    expect(console).toEqual([]);
    // The top bar offers both ways in.
    await page.getByRole('link', { name: 'Register' }).first().waitFor();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();

    await page.getByRole('button', { name: 'Book' }).click();
    const prompt = page.getByRole('dialog', { name: 'Sign in to book' });
    await prompt.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(/\/register\?redirect=/);
    const suffix = Date.now().toString(36);
    const email = `share_${suffix}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByLabel('Display Name').fill(`share_${suffix}`);
    await page.getByLabel('First Name').fill('Sasha');
    await page.getByLabel('Last Name').fill('Visitor');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail to continue' }).waitFor();
    const welcome = await mailTo(email, 'Welcome to InkLink: continue to your account');
    await page.goto(welcome.text.match(/https?:\/\/\S+\/login\?link=\S+/)?.[0] ?? '');
    await page.waitForURL(`**${profile}/booking`);
    await page.getByRole('heading', { name: `Book with Ink ${artist.slug}` }).waitFor();
  });

  it('Follow → sign in → back on the profile, followed; Message → sign in → in the conversation', async () => {
    const artist = await bookableArtist(app.server);
    const fan = await createUser({ firstName: 'Fern' }, app.server.deps.db);
    const page = await app.newPage();
    await page.goto(`${app.url}/artist/${artist.slug}`);
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('dialog', { name: 'Sign in to follow' }).getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await signInOnPage(page, fan);
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/artist/${artist.slug}`);
    expect(new URL(page.url()).searchParams.has('act')).toBe(false);
    expect(await artist.client.artist.bySlug.query({ slug: artist.slug })).toMatchObject({ followerCount: 1 });

    // Message, from a fresh visit.
    const other = await app.newPage();
    await other.goto(`${app.url}/artist/${artist.slug}`);
    await other.getByRole('button', { name: 'Message' }).click();
    await other.getByRole('dialog', { name: 'Sign in to send a message' }).getByRole('link', { name: 'Sign in' }).click();
    await signInOnPage(other, fan);
    await other.waitForURL(/\/messages\/[0-9a-f-]+$/);
  });

  it('a studio page and a product page open signed out, fit a phone, and Add to Cart continues after sign-in', async () => {
    const { owner, studio, storefront } = await studioWithStorefront(app.server);
    const product = await owner.client.product.create.mutate(productInput(storefront.id));
    const buyer = await createUser({}, app.server.deps.db);
    const page = await app.newPage({ width: PHONE_WIDTH });
    await page.goto(`${app.url}/studio/${studio.urlSlug}`);
    await page.getByRole('heading', { level: 1, name: studio.name }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    const studioHtml = await (await fetch(`${app.url}/studio/${studio.urlSlug}`, { headers: { accept: 'text/html' } })).text();
    expect(studioHtml).toContain('data-server-rendered="page"');
    expect(studioHtml).not.toContain(owner.user.email);

    await page.goto(`${app.url}/storefront/${storefront.id}/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('dialog', { name: 'Sign in to add to cart' }).getByRole('link', { name: 'Sign in' }).click();
    await signInOnPage(page, buyer);
    await page.getByText('Added to cart').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/storefront/${storefront.id}/product/${product.id}`);
  });

  it('the artist and studio listings still send a signed-out visitor to sign in, and back', async () => {
    const member = await createUser({}, app.server.deps.db);
    const page = await app.newPage();
    await page.goto(`${app.url}/artists`);
    await page.waitForURL(/\/login\?redirect=%2Fartists/);
    await signInOnPage(page, member);
    await page.waitForURL('**/artists');
    // A redirect to another site is not followed.
    const away = await app.newPage();
    await away.goto(`${app.url}/login?redirect=${encodeURIComponent('//evil.example/')}`);
    await signInOnPage(away, member);
    await away.waitForURL(`${app.url}/`);
  });
});
