import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storefronts } from '../../server/db/schema';
import { person, sellerWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

// Issue 20 gap 2: the storefront's answer is public; the admin's ranking `boost` is not. A featured
// flag is shown on the page and stays; the boost is answered to the storefront's managers only.

const server = useTestServer();

describe('the storefront answer', () => {
  it('carries the ranking boost to its managers only', async () => {
    const { client: seller, storefront } = await sellerWithStorefront(server);
    await server.deps.db.update(storefronts).set({ boost: 42, featured: true }).where(eq(storefronts.id, storefront.id));
    const stranger = (await person(server)).client;
    const visitor = server.client();

    for (const client of [visitor, stranger]) {
      const one = await client.storefront.byId.query({ storefrontId: storefront.id });
      expect(one).not.toHaveProperty('boost');
      expect(one).toMatchObject({ featured: true, canManage: false });
      const listed = (await client.storefront.list.query({})).items.find((s) => s.id === storefront.id);
      expect(listed).toBeDefined();
      expect(listed).not.toHaveProperty('boost');
    }
    expect(await seller.storefront.byId.query({ storefrontId: storefront.id })).toMatchObject({ boost: 42, canManage: true });
    expect((await seller.storefront.mine.query()).find((s) => s.id === storefront.id)).toMatchObject({ boost: 42 });
  });
});
