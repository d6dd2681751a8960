import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, products, shops, storefronts, users } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { person, productInput, sellerWithStorefront, studioWithStorefront } from '../support/commerce-fixtures';
import { useTestServer } from '../support/server';

const server = useTestServer();
const db = () => server.deps.db;

describe('storefront.create', () => {
  it('creates an active, unverified storefront with the spec defaults and sets hasStorefront', async () => {
    // Cards start off: this seller has no active payout account yet (decision 038).
    const seller = await person(server);
    const storefront = await seller.client.storefront.create.mutate({ name: '  Ink & Balm  ' });
    expect(storefront).toMatchObject({
      ownerId: seller.user.id,
      ownerType: 'user',
      name: 'Ink & Balm',
      isActive: true,
      verified: false,
      settings: {
        acceptsPayments: false,
        shippingEnabled: true,
        localPickupEnabled: true,
        customOrdersEnabled: false,
        processingTimeBusinessDays: 3,
        taxRate: 0,
        shippingRate: 0,
        freeShippingThreshold: 0,
      },
    });
    const [user] = await db().select({ hasStorefront: users.hasStorefront }).from(users).where(eq(users.id, seller.user.id));
    expect(user.hasStorefront).toBe(true);
  });

  it("refuses a second storefront for the same owner with the spec's message", async () => {
    const { client } = await sellerWithStorefront(server);
    expect(await trpcError(client.storefront.create.mutate({ name: 'Another' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Storefront already exists for this owner',
    });
  });

  it('lets only one of two simultaneous creates win', async () => {
    const seller = await person(server);
    const results = await Promise.allSettled([1, 2, 3].map((i) => seller.client.storefront.create.mutate({ name: `Race ${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [{ n }] = await db().select({ n: count() }).from(storefronts).where(and(eq(storefronts.ownerId, seller.user.id), eq(storefronts.deleted, false)));
    expect(n).toBe(1);
  });

  it('requires a name and a signed-in user', async () => {
    const seller = await person(server);
    expect(await trpcError(seller.client.storefront.create.mutate({ name: '   ' }))).toMatchObject({ code: 'BAD_REQUEST', message: 'Storefront name is required' });
    expect((await trpcError(server.client().storefront.create.mutate({ name: 'Anon' }))).code).toBe('UNAUTHORIZED');
  });

  it('opens a studio storefront for its owner, sets the studio flag, and refuses members without canManageStore', async () => {
    const { studio, member, manager } = await studioWithStorefront(server);
    const [shop] = await db().select({ hasStorefront: shops.hasStorefront }).from(shops).where(eq(shops.id, studio.id));
    expect(shop.hasStorefront).toBe(true);
    expect(await trpcError(member.client.storefront.create.mutate({ ownerType: 'shop', ownerId: studio.id, name: 'Mine now' }))).toMatchObject({ code: 'FORBIDDEN' });
    // The store manager may act for the studio, but the studio already has its one storefront.
    expect(await trpcError(manager.client.storefront.create.mutate({ ownerType: 'shop', ownerId: studio.id, name: 'Second' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Storefront already exists for this owner',
    });
  });
});

describe('storefront settings, toggle and delete', () => {
  it('updates settings with the tax rate as a percent and keeps other settings', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const updated = await client.storefront.updateSettings.mutate({
      storefrontId: storefront.id,
      settings: { taxRate: 8.25, shippingRate: 599, freeShippingThreshold: 5000, customOrdersEnabled: true },
    });
    expect(updated.settings).toEqual({
      acceptsPayments: true,
      shippingEnabled: true,
      localPickupEnabled: true,
      customOrdersEnabled: true,
      processingTimeBusinessDays: 3,
      taxRate: 8.25,
      shippingRate: 599,
      freeShippingThreshold: 5000,
    });
    const [row] = await db().select({ settings: storefronts.settings }).from(storefronts).where(eq(storefronts.id, storefront.id));
    expect(row.settings.taxRateBps).toBe(825);
  });

  it.each([
    [{ taxRate: -1 }, 'Tax rate cannot be negative'],
    [{ taxRate: 8.255 }, 'Tax rate can have at most two decimals'],
    [{ shippingRate: 5.5 }, 'Shipping rate must be an amount in cents'],
    [{ freeShippingThreshold: -100 }, 'Free shipping threshold cannot be negative'],
  ])('refuses settings %o', async (settings, message) => {
    const { client, storefront } = await sellerWithStorefront(server);
    expect(await trpcError(client.storefront.updateSettings.mutate({ storefrontId: storefront.id, settings }))).toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it("answers 'Storefront not found' for a missing storefront", async () => {
    const seller = await person(server);
    expect(await trpcError(seller.client.storefront.updateSettings.mutate({ storefrontId: crypto.randomUUID(), name: 'x' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Storefront not found',
    });
  });

  it('toggles active, hides an inactive storefront from the public and its products from search', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const product = await client.product.create.mutate(productInput(storefront.id, { name: `Toggle balm ${storefront.id}` }));
    expect((await client.storefront.toggleActive.mutate({ storefrontId: storefront.id })).isActive).toBe(false);
    expect(await trpcError(server.client().storefront.byId.query({ storefrontId: storefront.id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Storefront not found' });
    expect((await client.storefront.byId.query({ storefrontId: storefront.id })).canManage).toBe(true);
    expect((await server.client().product.search.query({ query: `toggle balm ${storefront.id}` })).items).toHaveLength(0);
    expect((await client.storefront.toggleActive.mutate({ storefrontId: storefront.id })).isActive).toBe(true);
    expect((await server.client().product.search.query({ query: `toggle balm ${storefront.id}` })).items.map((p) => p.id)).toEqual([product.id]);
  });

  it('sets the state asked for, so a page left open cannot undo a change made elsewhere', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    // Two screens both showing "Activate": the second click must not turn the store off again.
    await client.storefront.toggleActive.mutate({ storefrontId: storefront.id, active: false });
    expect((await client.storefront.toggleActive.mutate({ storefrontId: storefront.id, active: true })).isActive).toBe(true);
    expect((await client.storefront.toggleActive.mutate({ storefrontId: storefront.id, active: true })).isActive).toBe(true);
    const [row] = await db().select({ isActive: storefronts.isActive }).from(storefronts).where(eq(storefronts.id, storefront.id));
    expect(row.isActive).toBe(true);
  });

  it('soft deletes, clears hasStorefront, and lets the owner open a new one', async () => {
    const { client, user, storefront } = await sellerWithStorefront(server);
    expect(await client.storefront.delete.mutate({ storefrontId: storefront.id })).toEqual({ id: storefront.id, deleted: true });
    const [row] = await db().select().from(storefronts).where(eq(storefronts.id, storefront.id));
    expect(row).toMatchObject({ deleted: true, isActive: false });
    const [owner] = await db().select({ hasStorefront: users.hasStorefront }).from(users).where(eq(users.id, user.id));
    expect(owner.hasStorefront).toBe(false);
    expect(await trpcError(client.storefront.byId.query({ storefrontId: storefront.id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Storefront not found' });
    expect(await trpcError(client.storefront.delete.mutate({ storefrontId: storefront.id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Storefront not found' });
    const next = await client.storefront.create.mutate({ name: 'Second life' });
    expect(next.id).not.toBe(storefront.id);
  });
});

describe('storefront lists', () => {
  it('lists active storefronts newest-updated first, 20 a page, without inactive or deleted ones', async () => {
    const created = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advance(1000);
      created.push(await sellerWithStorefront(server));
    }
    await created[0].client.storefront.toggleActive.mutate({ storefrontId: created[0].storefront.id });
    server.clock.advance(1000);
    await created[1].client.storefront.updateSettings.mutate({ storefrontId: created[1].storefront.id, description: 'Fresh' });
    const first = await server.client().storefront.list.query({});
    const ids = first.items.map((s) => s.id);
    expect(ids[0]).toBe(created[1].storefront.id);
    expect(ids).toContain(created[2].storefront.id);
    expect(ids).not.toContain(created[0].storefront.id);
    expect(first.items.length).toBeLessThanOrEqual(20);
    for (let i = 1; i < first.items.length; i++) expect(first.items[i - 1].updatedAt.getTime()).toBeGreaterThanOrEqual(first.items[i].updatedAt.getTime());
  });

  it("storefront.mine shows the user's own and the studio storefronts they manage the store of", async () => {
    const { owner, manager, member, storefront } = await studioWithStorefront(server);
    expect((await owner.client.storefront.mine.query()).map((s) => s.id)).toContain(storefront.id);
    const managed = await manager.client.storefront.mine.query();
    expect(managed.map((s) => s.id)).toEqual([storefront.id]);
    expect(managed[0]).toMatchObject({ ownerType: 'shop', timezone: 'America/New_York' });
    expect(await member.client.storefront.mine.query()).toEqual([]);
  });
});

describe('products', () => {
  it("creates drafts by default and notifies the owner only when created active", async () => {
    const { client, user, storefront } = await sellerWithStorefront(server);
    const draft = await client.product.create.mutate({ storefrontId: storefront.id, name: 'Draft print', price: 2000 });
    expect(draft).toMatchObject({ status: 'draft', inventory: { trackInventory: false, quantity: 0, lowStockThreshold: 5, allowBackorders: false } });
    const countFor = async () => (await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, user.id)))[0].n;
    expect(await countFor()).toBe(0);
    const active = await client.product.create.mutate(productInput(storefront.id));
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({ type: 'general_alert', title: 'Product published', body: `Aftercare Balm is now live in ${storefront.name}` });
    expect(note.data).toMatchObject({ productId: active.id });
  });

  it("notifies a studio storefront's owner when its store manager publishes a product", async () => {
    const { owner, manager, storefront } = await studioWithStorefront(server);
    await manager.client.product.create.mutate(productInput(storefront.id, { name: 'Studio tee' }));
    const notes = await db().select().from(notifications).where(and(eq(notifications.userId, owner.user.id), eq(notifications.title, 'Product published')));
    expect(notes.map((n) => n.body)).toEqual([`Studio tee is now live in ${storefront.name}`]);
  });

  it.each([
    [{ name: '  ' }, 'Product name is required'],
    [{ name: undefined }, 'Product name is required'],
    [{ price: 0 }, 'Product price must be greater than 0'],
    [{ price: -5 }, 'Product price must be greater than 0'],
    [{ price: undefined }, 'Product price must be greater than 0'],
  ])('refuses %o with the spec message and writes nothing', async (override, message) => {
    const { client, storefront } = await sellerWithStorefront(server);
    expect(await trpcError(client.product.create.mutate({ ...productInput(storefront.id), ...override } as never))).toMatchObject({ code: 'BAD_REQUEST', message });
    expect((await db().select({ n: count() }).from(products).where(eq(products.storefrontId, storefront.id)))[0].n).toBe(0);
  });

  it('gives variants and options ids, keeps them on edit, and updates inventory fields', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const product = await client.product.create.mutate(
      productInput(storefront.id, {
        variants: [{ name: 'Size', options: [{ name: 'S' }, { name: 'XL', priceModifier: 300 }] }],
        customizationOptions: [{ name: 'Gift wrap', priceModifier: 250 }],
        inventory: { trackInventory: true, quantity: 12, lowStockThreshold: 3 },
      }),
    );
    const size = product.variants[0];
    expect(size.id).toMatch(/[0-9a-f-]{36}/);
    expect(size.options.map((o) => [o.name, o.priceModifier])).toEqual([['S', 0], ['XL', 300]]);
    const edited = await client.product.update.mutate({
      productId: product.id,
      price: 1800,
      variants: [{ ...size, options: [...size.options, { name: 'M', priceModifier: 100 }] }],
      inventory: { quantity: 2 },
    });
    expect(edited.variants[0].options.slice(0, 2)).toEqual(size.options);
    expect(edited).toMatchObject({ price: 1800, inventory: { trackInventory: true, quantity: 2, lowStockThreshold: 3 }, lowStock: true });
  });

  it('soft deletes to archived; the product disappears for everyone', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const product = await client.product.create.mutate(productInput(storefront.id));
    expect(await client.product.delete.mutate({ productId: product.id })).toEqual({ id: product.id, deleted: true, status: 'archived' });
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ deleted: true, status: 'archived' });
    expect(await trpcError(client.product.byId.query({ productId: product.id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    expect(await trpcError(client.product.update.mutate({ productId: product.id, price: 100 }))).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('shows drafts to managers only', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const draft = await client.product.create.mutate(productInput(storefront.id, { status: 'draft' }));
    expect((await client.product.byId.query({ productId: draft.id })).canManage).toBe(true);
    expect(await trpcError(server.client().product.byId.query({ productId: draft.id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    const listed = await client.product.forStorefront.query({ storefrontId: storefront.id, status: 'draft' });
    expect(listed.map((p) => p.id)).toEqual([draft.id]);
  });

  it('bulk-updates inventory all or nothing', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const a = await client.product.create.mutate(productInput(storefront.id, { name: 'A', inventory: { trackInventory: true, quantity: 10 } }));
    const b = await client.product.create.mutate(productInput(storefront.id, { name: 'B', inventory: { trackInventory: true, quantity: 10 } }));
    const other = await sellerWithStorefront(server);
    const foreign = await other.client.product.create.mutate(productInput(other.storefront.id));
    expect(
      await trpcError(client.product.updateInventory.mutate({ storefrontId: storefront.id, items: [{ productId: a.id, quantity: 1 }, { productId: foreign.id, quantity: 1 }] })),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    expect((await db().select({ q: products.quantity }).from(products).where(eq(products.id, a.id)))[0].q).toBe(10);
    const saved = await client.product.updateInventory.mutate({
      storefrontId: storefront.id,
      items: [{ productId: a.id, quantity: 1 }, { productId: b.id, lowStockThreshold: 20 }],
    });
    expect(saved.map((p) => [p.inventory.quantity, p.inventory.lowStockThreshold, p.lowStock])).toEqual([[1, 5, true], [10, 20, true]]);
    expect((await client.product.forStorefront.query({ storefrontId: storefront.id, lowStockOnly: true })).map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
  });
});

describe('product.checkAvailability', () => {
  it('answers with the spec messages', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const tracked = await client.product.create.mutate(productInput(storefront.id, { inventory: { trackInventory: true, quantity: 3 } }));
    const backorder = await client.product.create.mutate(productInput(storefront.id, { inventory: { trackInventory: true, quantity: 1, allowBackorders: true } }));
    const draft = await client.product.create.mutate(productInput(storefront.id, { status: 'draft' }));
    const untracked = await client.product.create.mutate(productInput(storefront.id));
    const anon = server.client();
    expect(await anon.product.checkAvailability.query({ productId: crypto.randomUUID() })).toEqual({ available: false, message: 'Product not found', backordered: false });
    expect(await anon.product.checkAvailability.query({ productId: draft.id })).toEqual({ available: false, message: 'Product is not available', backordered: false });
    expect(await anon.product.checkAvailability.query({ productId: tracked.id, quantity: 3 })).toEqual({ available: true, message: null, backordered: false });
    expect(await anon.product.checkAvailability.query({ productId: tracked.id, quantity: 4 })).toEqual({ available: false, message: 'Only 3 items available', backordered: false });
    expect(await anon.product.checkAvailability.query({ productId: backorder.id, quantity: 2 })).toEqual({ available: true, message: 'Item will be backordered', backordered: true });
    expect(await anon.product.checkAvailability.query({ productId: untracked.id, quantity: 500 })).toEqual({ available: true, message: null, backordered: false });
  });
});

describe('product.search and product.featured', () => {
  it('applies every filter of the spec', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    const mark = storefront.id.slice(0, 8);
    const make = (name: string, o: Parameters<typeof productInput>[1]) => client.product.create.mutate(productInput(storefront.id, { name: `${name} ${mark}`, description: '', ...o }));
    const balm = await make('Balm', { price: 1500, category: 'aftercare', tags: ['healing'], inventory: { trackInventory: true, quantity: 4 } });
    const print = await make('Print', { price: 4000, category: 'prints', tags: ['art', 'paper'], featured: true, description: 'Giclée on cotton rag' });
    const soldOut = await make('Tee', { price: 2500, category: 'apparel', tags: ['cotton'], inventory: { trackInventory: true, quantity: 0 } });
    await make('Hidden draft', { status: 'draft', price: 1000 });
    const search = (input: Record<string, unknown>) =>
      server.client().product.search.query({ storefrontId: storefront.id, ...input }).then((r) => r.items.map((p) => p.id).sort());
    const sorted = (...ids: string[]) => ids.sort();
    expect(await search({})).toEqual(sorted(balm.id, print.id, soldOut.id));
    expect(await search({ category: 'prints' })).toEqual([print.id]);
    expect(await search({ featured: true })).toEqual([print.id]);
    expect(await search({ minPrice: 2000, maxPrice: 3000 })).toEqual([soldOut.id]);
    expect(await search({ tags: ['paper', 'cotton'] })).toEqual(sorted(print.id, soldOut.id));
    expect(await search({ inStock: true })).toEqual(sorted(balm.id, print.id));
    expect(await search({ query: 'balm' })).toEqual([balm.id]);
    expect(await search({ query: 'COTTON RAG' })).toEqual([print.id]);
    expect(await search({ query: 'healing' })).toEqual([balm.id]);
    expect(await search({ query: '50%_off' })).toEqual([]);
    expect(await trpcError(server.client().product.search.query({ minPrice: 500, maxPrice: 100 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Minimum price cannot be more than maximum price',
    });
    expect((await server.client().product.featured.query({ storefrontId: storefront.id })).map((p) => p.id)).toEqual([print.id]);
  });

  it('pages 20 at a time and shows at most 6 featured', async () => {
    const { client, storefront } = await sellerWithStorefront(server);
    for (let i = 0; i < 23; i++) {
      server.clock.advance(1000);
      await client.product.create.mutate(productInput(storefront.id, { name: `Sheet ${i}`, featured: i < 8 }));
    }
    const first = await server.client().product.search.query({ storefrontId: storefront.id });
    expect(first.items).toHaveLength(20);
    expect(first.items[0].name).toBe('Sheet 22');
    const second = await server.client().product.search.query({ storefrontId: storefront.id, cursor: first.nextCursor });
    expect(second.items.map((p) => p.name)).toEqual(['Sheet 2', 'Sheet 1', 'Sheet 0']);
    expect(second.nextCursor).toBeNull();
    expect(await server.client().product.featured.query({ storefrontId: storefront.id })).toHaveLength(6);
  });
});
