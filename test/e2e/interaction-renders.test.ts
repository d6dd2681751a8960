import { describe, expect, it } from 'vitest';
import { PHONE_WIDTH, useBrowserApp } from '../support/browser';
import { person, productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { countRenders, rendersDuring } from '../support/render-counter';
import { studioInput } from '../support/studio-fixtures';

// Issue 21's interactions stay fast because each one renders only what it changes. Counted in the
// built app (React's DevTools hook, see render-counter.ts); each test also checks that the counter
// sees the part that should render, so a zero is not a blind counter.

const app = useBrowserApp();

describe('what an interaction renders', () => {
  it('typing in the message box renders nothing but Send turning on, never the conversation; Enter sends what was typed and empties the box', async () => {
    const client = await person(app.server);
    const artist = await person(app.server);
    const { threadId } = await client.client.thread.open.mutate({ userId: artist.user.id });
    for (const n of [1, 2, 3]) await artist.client.message.send.mutate({ threadId, body: `Earlier message ${n}` });

    const page = await app.newPage();
    await countRenders(page);
    await app.signInAs(page, client.user);
    await page.goto(`${app.url}/messages/${threadId}`);
    const thread = page.getByLabel('Messages', { exact: true });
    await thread.getByText('Earlier message 3').waitFor();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();

    const composer = page.locator('form').filter({ has: box });
    // The first letter enables Send: the composer renders (the counter sees it), the thread does not.
    const firstLetter = await rendersDuring(page, () => page.keyboard.type('S'));
    expect(await firstLetter.inside(composer)).toBeGreaterThan(0);
    expect(await firstLetter.inside(thread)).toBe(0);
    // The next ones are the browser's alone: nothing renders, in the composer or the thread.
    const typing = await rendersDuring(page, () => page.keyboard.type('ee you Friday', { delay: 20 }));
    expect(await typing.inside(composer)).toBe(0);
    expect(await typing.inside(thread)).toBe(0);

    await page.keyboard.press('Enter');
    await thread.getByText('See you Friday').waitFor();
    expect(await box.inputValue()).toBe('');
  });

  it('a new message in another conversation renders its row of the list, not the other rows', async () => {
    const client = await person(app.server);
    const reading = await person(app.server, { firstName: 'Rhea', lastName: 'Vance' });
    const writing = await person(app.server, { firstName: 'Wren', lastName: 'Okafor' });
    const open = await client.client.thread.open.mutate({ userId: reading.user.id });
    const other = await client.client.thread.open.mutate({ userId: writing.user.id });
    await reading.client.message.send.mutate({ threadId: open.threadId, body: 'Read this one' });
    await writing.client.message.send.mutate({ threadId: other.threadId, body: 'First from the other' });

    const page = await app.newPage();
    await countRenders(page);
    await app.signInAs(page, client.user);
    await page.goto(`${app.url}/messages/${open.threadId}`);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const openRow = list.getByRole('link', { name: /Rhea Vance/ });
    const otherRow = list.getByRole('link', { name: /Wren Okafor/ });
    await otherRow.getByText('First from the other').waitFor();
    await page.waitForTimeout(500);

    const arriving = await rendersDuring(page, async () => {
      await writing.client.message.send.mutate({ threadId: other.threadId, body: 'Second from the other' });
      await otherRow.getByText('Second from the other').waitFor({ timeout: 15_000 });
    });
    expect(await arriving.inside(otherRow)).toBeGreaterThan(0);
    expect(await arriving.inside(openRow)).toBe(0);
  });

  it('Add to Cart renders the cart, not the product details beside it', async () => {
    const seller = await sellerWithStorefront(app.server);
    const product = await seller.client.product.create.mutate(productInput(seller.storefront.id, { name: 'Render Balm' }));
    const buyer = await person(app.server);

    const page = await app.newPage();
    await countRenders(page);
    await app.signInAs(page, buyer.user);
    await page.goto(`${app.url}/storefront/${seller.storefront.id}/product/${product.id}`);
    // The row of the product's category and tags (MUI chips, which render whenever the page does).
    const tags = page.getByText('#healing').locator('../..');
    await tags.waitFor();
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Add to Cart');
      return button && !button.disabled;
    });

    // The tap's own task (the click and React's work right after it) leaves the cart and the notice
    // as they were: the adding waits until the browser has shown the tap's frame (decision 036).
    const inTheTapsTask = await page.evaluate(async () => {
      const counter = (window as unknown as { __renderCounter: { start(): void; stop(): void; inside(e: Element): number } })
        .__renderCounter;
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Add to Cart') as HTMLButtonElement;
      const cart = document.querySelector('section[aria-labelledby="cart-heading"]') as Element;
      counter.start();
      button.click();
      for (let i = 0; i < 10; i++) await Promise.resolve();
      counter.stop();
      return {
        renders: counter.inside(cart),
        cart: cart.textContent?.includes('(0 items)') ? 'empty' : 'changed',
        notice: document.body.textContent?.includes('Added to cart') ?? false,
      };
    });
    expect(inTheTapsTask).toEqual({ renders: 0, cart: 'empty', notice: false });
    await page.getByText('(1 item)').waitFor();
    await page.getByText('Added to cart').waitFor();

    const adding = await rendersDuring(page, async () => {
      await add.click();
      await page.getByText('Added to cart').waitFor();
    });
    expect(await adding.inside(tags)).toBe(0);
    expect(await adding.inside(page.getByRole('region', { name: 'Cart' }))).toBeGreaterThan(0);
    await page.getByText('(2 items)').waitFor();
  });

  it('typing in the studio search renders the field, not the studios listed, while the search is the same', async () => {
    const owner = await person(app.server, { userTypes: ['client', 'studio'] });
    await owner.client.studio.create.mutate(studioInput({ name: 'Render Rose Tattoo' }));

    const page = await app.newPage();
    await countRenders(page);
    await app.signInAs(page, owner.user);
    await page.goto(`${app.url}/studios`);
    const card = page.getByRole('link', { name: /Render Rose Tattoo/ });
    await card.waitFor();
    const field = page.getByLabel('Search studios');
    await field.click();

    // Spaces: the search (trimmed) stays the same, so the studios shown have no reason to render.
    const typing = await rendersDuring(page, () => page.keyboard.type('   ', { delay: 20 }));
    expect(await typing.inside(card)).toBe(0);
    expect(await typing.inside(field.locator('..'))).toBeGreaterThan(0);

    await field.fill('render rose');
    await card.waitFor();
  });

  it('on a phone, a tap in Create New Studio (opened from the drawer) does not close the drawer under it', async () => {
    const owner = await person(app.server);
    const page = await app.newPage({ width: PHONE_WIDTH });
    await app.signInAs(page, owner.user);
    await page.goto(`${app.url}/studios`);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Add studio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Studio' });
    await dialog.getByLabel('Studio Name').click();
    await dialog.getByLabel('Studio Name').fill('Still here');
    await page.waitForTimeout(500);
    expect(await dialog.getByLabel('Studio Name').inputValue()).toBe('Still here');
  });
});
