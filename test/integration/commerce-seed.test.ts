import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products, storefronts } from '../../server/db/schema';
import { storefrontAnalytics } from '../../server/domains/storefronts/analytics';
import { seedAccounts } from '../../scripts/seed/demo/accounts';
import { seedCommerce } from '../../scripts/seed/demo/commerce';
import type { DemoSeedContext } from '../../scripts/seed/demo/index';
import { seedStudios } from '../../scripts/seed/demo/studios';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('demo seed: storefronts', () => {
  it('opens the studio and artist storefronts with orders in every state, through the services, once', async () => {
    const ctx = { deps: server.deps, log: () => {}, accounts: [] } as unknown as DemoSeedContext;
    ctx.users = await seedAccounts(ctx);
    await seedStudios(ctx);
    await seedCommerce(ctx);
    await seedCommerce(ctx); // idempotent

    const fronts = await server.deps.db.select().from(storefronts).where(eq(storefronts.deleted, false));
    expect(fronts.map((s) => s.name).sort()).toEqual(['Iron Rose Supply', 'Jonah Park Flash']);
    const studioStore = fronts.find((s) => s.ownerType === 'shop');
    if (!studioStore) throw new Error('no studio storefront');
    const statuses = (await server.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.storefrontId, studioStore.id))).map((o) => o.status).sort();
    expect(statuses).toEqual(['cancelled', 'confirmed', 'delivered', 'pending', 'shipped']);
    const [lowPrint] = await server.deps.db.select().from(products).where(and(eq(products.storefrontId, studioStore.id), eq(products.name, 'Swallow Flash Print')));
    expect(lowPrint.quantity).toBe(3); // 4, one delivered; the cancelled one came back

    // The artist manages the studio store (canManageStore) and sees its analytics.
    const [artistUser] = await server.deps.db.query.users.findMany({ where: (u, { eq: is }) => is(u.id, ctx.users.artist.id) });
    const panel = await storefrontAnalytics({ ctx: { db: server.deps.db, user: artistUser, deps: server.deps }, input: { storefrontId: studioStore.id } });
    expect(panel).toMatchObject({ totalOrders: 5, pendingOrders: 1, lowStockCount: 1 });
    expect(panel.topProducts.length).toBeGreaterThan(0);
  });
});
