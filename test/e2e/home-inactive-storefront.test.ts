import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storefronts } from '../../server/db/schema';
import { BOTH_WIDTHS, horizontalOverflow, useBrowserApp } from '../support/browser';
import { createUser, signIn } from '../support/factories';

// Issue 26, item 7: a seller whose only storefront is inactive saw neither the analytics (active
// storefronts only) nor Start Selling (people without a storefront only) on the home dashboard.
// Now the dashboard says the storefront is inactive, what that means, and activates it again.

const app = useBrowserApp();

describe('home dashboard with an inactive storefront (issue 26, item 7)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`shows the storefront's state and activates it again from the dashboard at ${width}px`, async () => {
      const seller = await createUser({ firstName: 'Wren' }, app.server.deps.db);
      const api = app.server.client();
      await signIn(api, seller);
      const store = await api.storefront.create.mutate({ name: `Wren Supply ${width}`, ownerType: 'user' });
      await api.storefront.toggleActive.mutate({ storefrontId: store.id });

      const page = await app.newPage({ width });
      await app.signInAs(page, seller);
      await page.goto(app.url);
      const card = page.getByRole('region', { name: `Wren Supply ${width} is inactive` });
      await card.getByText('Your storefront is inactive.').waitFor();
      await card.getByText("Buyers can't find it or order from it", { exact: false }).waitFor();
      expect(await page.getByText('Start Selling').count()).toBe(0);
      expect(await page.getByText("Today's Sales").count()).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);

      await card.getByRole('button', { name: 'Activate Storefront' }).click();
      await page.getByText("Today's Sales").waitFor();
      await card.waitFor({ state: 'detached' });
      const [row] = await app.server.deps.db.select().from(storefronts).where(eq(storefronts.id, store.id));
      expect(row.isActive).toBe(true);
    });
  }
});
