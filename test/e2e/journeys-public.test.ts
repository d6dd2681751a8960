import { describe, expect, it } from 'vitest';
import { artists } from '../../server/db/schema';
import { TATTOO_STYLES } from '../../server/domains/studios/rules';
import { BOTH_WIDTHS, horizontalOverflow, PHONE_WIDTH, useBrowserApp } from '../support/browser';
import { createUser, DEFAULT_PASSWORD } from '../support/factories';

const app = useBrowserApp();

// Issue 19, the public journeys: the footer's Terms and Privacy are real pages, and on a phone the
// artist list shows artists, not 33 style chips, when it opens.
describe('public journeys', () => {
  for (const width of BOTH_WIDTHS) {
    it(`the footer leads to the Terms of Service and the Privacy Policy, readable at ${width} px`, async () => {
      const page = await app.newPage({ width });
      await page.goto(`${app.url}/about`);
      await page.getByRole('link', { name: 'Terms', exact: true }).click();
      await page.waitForURL('**/terms');
      await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Bookings between clients and artists' }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);

      await page.getByRole('link', { name: 'Privacy', exact: true }).click();
      await page.waitForURL('**/privacy');
      await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
      for (const heading of ['What we keep', 'How long we keep it', 'Deleting your account']) {
        await page.getByRole('heading', { name: heading }).waitFor();
      }
      // What the code does: the session limits and where to ask for deletion.
      await page.getByText('a session ends 10 days after you last used it, and at the latest 30 days after you signed in').waitFor();
      expect(await page.getByRole('main').getByRole('link', { name: 'contact page' }).first().getAttribute('href')).toBe('/contact');
      expect(await horizontalOverflow(page)).toBe(0);
    });

    it(`/artists opens on the artists at ${width} px; the styles filter opens and counts what is chosen`, async () => {
      const db = app.server.deps.db;
      const me = await createUser({}, db);
      // Styles of their own per width: the two runs share one database.
      const mine = TATTOO_STYLES.slice(width === PHONE_WIDTH ? 3 : 0).slice(0, 3);
      for (const [i, style] of mine.entries()) {
        const artist = await createUser({}, db);
        await db
          .insert(artists)
          .values({
            userId: artist.id,
            name: `Artist ${width} ${i}`,
            displayName: artist.displayName,
            tattooStyles: [style],
            city: 'Portland',
            state: 'OR',
          });
      }
      const page = await app.newPage({ width });
      await app.signInAs(page, { email: me.email, password: DEFAULT_PASSWORD });
      await page.goto(`${app.url}/artists`);
      const firstCard = page.locator('a[href^="/artist/"]').first();
      await firstCard.waitFor();
      const box = await firstCard.boundingBox();
      const viewport = page.viewportSize();
      if (!box || !viewport) throw new Error('no card or viewport');
      expect(box.y + box.height, 'the first artist card ends inside the first screen').toBeLessThanOrEqual(viewport.height);
      expect(await horizontalOverflow(page)).toBe(0);

      const styleChip = page.getByRole('group', { name: 'Tattoo styles' }).getByRole('button', { name: mine[1], exact: true });
      if (width === PHONE_WIDTH) {
        expect(await styleChip.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Styles', exact: true }).click();
        await styleChip.click();
        await page.getByRole('button', { name: 'Styles (1)' }).click();
        expect(await styleChip.isVisible()).toBe(false);
      } else {
        await styleChip.click();
      }
      await page.getByRole('heading', { name: `Artist ${width} 1` }).waitFor();
      await expect.poll(() => page.locator('a[href^="/artist/"]').count()).toBe(1);
      expect(await horizontalOverflow(page)).toBe(0);
    });
  }
});
