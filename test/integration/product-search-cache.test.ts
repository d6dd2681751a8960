import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, storefronts } from '../../server/db/schema';
import { productSearchKey } from '../../server/domains/products/search-cache';
import { productSearchInput } from '../../server/domains/products/inputs';
import { productInput, sellerWithStorefront } from '../support/commerce-fixtures';
import { msUntil, withTriggerOff } from '../support/change-feed';
import { useTestServer } from '../support/server';

// product.search answers are kept per process until the products or storefronts table announces a
// change (migration 0018): a change made anywhere is seen within moments, the seller's own at once.

const server = useTestServer();

const withAnnouncementsOff = <T>(fn: () => Promise<T>) => withTriggerOff(server.deps.db, 'products', 'products_announce_update', fn);

const names = async (input: Record<string, unknown>) => (await server.client().product.search.query(input)).items.map((p) => p.name);

describe('product search cache', () => {
  it('answers repeated searches from the cache: a change nobody announces stays unseen', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const product = await client.product.create.mutate(productInput(storefront.id, { name: 'Quokka Balm' }));
    expect(await names({ storefrontId: storefront.id, query: 'quokka' })).toEqual(['Quokka Balm']);
    await withAnnouncementsOff(() => server.deps.db.update(products).set({ name: 'Quokka Renamed' }).where(eq(products.id, product.id)));
    expect(await names({ storefrontId: storefront.id, query: 'quokka' })).toEqual(['Quokka Balm']);
  });

  it('sees a product change written by anyone else (another process, the admin console, SQL) within a second', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const product = await client.product.create.mutate(productInput(storefront.id, { name: 'Wombat Print' }));
    expect(await names({ storefrontId: storefront.id, query: 'wombat' })).toEqual(['Wombat Print']);
    await server.deps.db.update(products).set({ status: 'archived' }).where(eq(products.id, product.id));
    expect(await msUntil(async () => (await names({ storefrontId: storefront.id, query: 'wombat' })).length === 0)).toBeLessThan(1000);
  });

  it('sees a storefront closed elsewhere within a second: its products leave every search', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    await client.product.create.mutate(productInput(storefront.id, { name: 'Bilby Tote' }));
    expect(await names({ query: 'bilby tote' })).toEqual(['Bilby Tote']);
    await server.deps.db.update(storefronts).set({ isActive: false }).where(eq(storefronts.id, storefront.id));
    expect(await msUntil(async () => (await names({ query: 'bilby tote' })).length === 0)).toBeLessThan(1000);
  });

  it("shows the seller's own change on the very next search", async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    expect(await names({ storefrontId: storefront.id, query: 'numbat' })).toEqual([]);
    for (let i = 0; i < 5; i++) {
      const product = await client.product.create.mutate(productInput(storefront.id, { name: `Numbat ${i}` }));
      expect(await names({ storefrontId: storefront.id, query: `numbat ${i}` })).toEqual([`Numbat ${i}`]);
      await client.product.update.mutate({ productId: product.id, name: `Echidna ${i}` });
      expect(await names({ storefrontId: storefront.id, query: `numbat ${i}` })).toEqual([]);
    }
  });

  it('keeps answers apart: every filter and page has its own entry, text case and tag order share one', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    for (let i = 0; i < 22; i++)
      await client.product.create.mutate(
        productInput(storefront.id, { name: `Platypus ${String(i).padStart(2, '0')}`, featured: i < 2, price: 1000 + i }),
      );
    const search = (input: Record<string, unknown>) =>
      server.client().product.search.query({ storefrontId: storefront.id, query: 'platypus', ...input });
    const first = await search({});
    const upper = await search({ query: 'PLATYPUS' });
    const second = await search({ cursor: first.nextCursor });
    const featured = await search({ featured: true });
    const cheap = await search({ maxPrice: 1004 });
    expect(first.items).toHaveLength(20);
    expect(upper.items.map((p) => p.id)).toEqual(first.items.map((p) => p.id));
    expect(second.items).toHaveLength(2);
    expect(second.items.some((p) => first.items.some((f) => f.id === p.id))).toBe(false);
    expect(featured.items).toHaveLength(2);
    expect(cheap.items).toHaveLength(5);
  });

  it('gives equal answers one key and different answers different keys', () => {
    const key = (input: Record<string, unknown>) => productSearchKey(productSearchInput.parse(input));
    expect(key({ query: 'Balm', tags: ['b', 'a', 'a'] })).toBe(key({ query: 'balm', tags: ['a', 'b'] }));
    expect(key({ inStock: false })).toBe(key({}));
    expect(key({ tags: [] })).toBe(key({}));
    const distinct = [
      {},
      { featured: false },
      { featured: true },
      { inStock: true },
      { category: 'prints' },
      { minPrice: 1 },
      { maxPrice: 1 },
      { cursor: 20 },
      { tags: ['a'] },
      { storefrontId: '00000000-0000-4000-8000-000000000001' },
    ];
    expect(new Set(distinct.map(key)).size).toBe(distinct.length);
  });
});
