import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images } from '../../server/db/schema';
import { BOTH_WIDTHS, horizontalOverflow, useBrowserApp } from '../support/browser';
import { createUser, signIn } from '../support/factories';
import { studioInput } from '../support/studio-fixtures';

// Issue 26, item 5: the owner's "Show Galleries as a Carousel" (useCarousel, spec 1 §3) turns the
// studio page's galleries from a grid into a carousel: labelled Previous/Next buttons, arrow keys,
// and no sideways scroll on a phone.

const app = useBrowserApp();
let serial = 0;
const tag = () => `${Date.now().toString(36).slice(-4)}${++serial}`;

/** A studio with three portfolio images of its own. */
async function studioWithPortfolio() {
  const owner = await createUser({}, app.server.deps.db);
  const client = app.server.client();
  await signIn(client, owner);
  const studio = await client.studio.create.mutate(studioInput({ name: `Carousel Row ${tag()}` }));
  const stored = await Promise.all(
    ['#336699', '#993366', '#669933'].map(async (background) => {
      const file = await sharp({ create: { width: 60, height: 40, channels: 3, background } })
        .webp()
        .toBuffer();
      const key = `shops/${studio.id}/e2e-${tag()}.webp`;
      const url = await app.server.deps.storage.put(key, file, 'image/webp');
      return { url, storageKey: key, accountId: studio.id, accountType: 'shop' as const, imageType: 'portfolio' as const };
    }),
  );
  await app.server.deps.db.insert(images).values(stored);
  return { owner, studio };
}

/** The studio page as a signed-in visitor sees it, its galleries loaded (the app hydrates it at load). */
async function visit(page: Page, urlSlug: string) {
  await page.goto(`${app.url}/studio/${urlSlug}`);
  await page.getByRole('button', { name: 'Open image 1 of Portfolio' }).waitFor();
}

describe("a studio's galleries as a carousel (issue 26, item 5)", () => {
  for (const width of BOTH_WIDTHS) {
    it(`the owner switches it on in Manage; visitors then step through the portfolio by button and arrow key at ${width}px`, async () => {
      const { owner, studio } = await studioWithPortfolio();
      const slug = studio.urlSlug as string;
      const visitor = await app.newPage({ width });
      await app.signInAs(visitor, await createUser({}, app.server.deps.db));

      // Off (the default): a grid of every image, no carousel.
      await visit(visitor, slug);
      expect(await visitor.getByRole('button', { name: /^Open image \d of Portfolio$/ }).count()).toBe(3);
      expect(
        await visitor.getByRole('region', { name: 'Portfolio' }).and(visitor.locator('[aria-roledescription="carousel"]')).count(),
      ).toBe(0);

      const ownerPage = await app.newPage({ width });
      await app.signInAs(ownerPage, owner);
      await ownerPage.goto(`${app.url}/studio/${slug}/manage`);
      await ownerPage.getByLabel('Show Galleries as a Carousel').check();
      await ownerPage.getByRole('button', { name: 'Save Changes' }).click();
      await ownerPage.getByText('Studio updated successfully').waitFor();
      expect(await horizontalOverflow(ownerPage)).toBe(0);

      // On: one image at a time.
      await visit(visitor, slug);
      const carousel = visitor.locator('[aria-roledescription="carousel"][aria-label="Portfolio"]');
      await carousel.getByText('Image 1 of 3').waitFor();
      expect(await visitor.getByRole('button', { name: /^Open image \d of Portfolio$/ }).count()).toBe(1);
      const previous = carousel.getByRole('button', { name: 'Previous Portfolio image' });
      const next = carousel.getByRole('button', { name: 'Next Portfolio image' });
      expect(await previous.isDisabled()).toBe(true);
      await next.click();
      await carousel.getByText('Image 2 of 3').waitFor();
      await visitor.getByRole('button', { name: 'Open image 2 of Portfolio' }).waitFor();

      await carousel.focus();
      await visitor.keyboard.press('ArrowRight');
      await carousel.getByText('Image 3 of 3').waitFor();
      expect(await next.isDisabled()).toBe(true);
      await visitor.keyboard.press('ArrowRight');
      await carousel.getByText('Image 3 of 3').waitFor();
      await visitor.keyboard.press('ArrowLeft');
      await carousel.getByText('Image 2 of 3').waitFor();
      expect(await horizontalOverflow(visitor)).toBe(0);
    });
  }
});
