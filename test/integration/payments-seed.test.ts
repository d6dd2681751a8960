import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentRequests, subscriptions } from '../../server/db/schema';
import { seedAccounts } from '../../scripts/seed/demo/accounts';
import type { DemoSeedContext } from '../../scripts/seed/demo/index';
import { seedMessaging } from '../../scripts/seed/demo/messaging';
import { seedPayments } from '../../scripts/seed/demo/payments';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('demo seed: payments', () => {
  it('puts the artist on an Artist Pro trial and leaves a paid request in their conversation with the client, once', async () => {
    const ctx = { deps: server.deps, log: () => {}, accounts: [] } as unknown as DemoSeedContext;
    ctx.users = await seedAccounts(ctx);
    await seedMessaging(ctx);
    await seedPayments(ctx);
    await seedPayments(ctx); // idempotent

    const plans = await server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, ctx.users.artist.id));
    expect(plans).toMatchObject([{ planId: 'artist_pro', status: 'trialing', price: 500 }]);
    const requests = await server.deps.db.select().from(paymentRequests).where(eq(paymentRequests.requesterId, ctx.users.artist.id));
    expect(requests).toMatchObject([{ payeeId: ctx.users.client.id, amount: 15_000, status: 'paid', platformFee: 150, netAmount: 14_850 }]);
  });
});
