import { eq } from 'drizzle-orm';
import { paymentRequests, users } from '../../../server/db/schema';
import type { AuthedCtx } from '../../../server/service-context';
import { DAY } from '../../../server/lib/time';
import { openThread } from '../../../server/domains/messaging/service';
import { completeLocalOnboarding, createConnectAccount } from '../../../server/domains/payments/connect/service';
import { createPaymentRequest } from '../../../server/domains/payments/requests/create';
import { processPaymentRequest } from '../../../server/domains/payments/requests/process';
import { addPaymentMethod } from '../../../server/domains/payments/service/methods';
import { isLocalProvider } from '../../../server/providers/payments/local';
import type { DemoSeedContext } from './index';

/**
 * The demo artist (on the Artist Pro trial the accounts seed started) with a payout account, and a
 * paid payment request from the demo client in their conversation — all through the real services
 * and the payments provider.
 */
export async function seedPayments(ctx: DemoSeedContext) {
  const { client, artist } = ctx.users;
  const as = async (id: string): Promise<AuthedCtx> => ({
    db: ctx.deps.db,
    deps: ctx.deps,
    user: (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0],
  });
  const asArtist = await as(artist.id);
  const asClient = await as(client.id);
  const [done] = await ctx.deps.db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(eq(paymentRequests.requesterId, artist.id))
    .limit(1);
  if (done) return;

  if (!isLocalProvider(ctx.deps.payments)) {
    ctx.log('  Stripe is configured: the artist finishes payout onboarding on Stripe before a request can be paid');
    return;
  }
  const account = await createConnectAccount({ ctx: asArtist });
  await completeLocalOnboarding({ ctx: asArtist, input: { accountId: account.accountId ?? '' } });
  await addPaymentMethod({ ctx: asClient, input: { paymentMethodId: 'pm_card_visa', setDefault: true } });
  const { threadId } = await openThread({ ctx: asClient, input: { userId: artist.id } });
  const request = await createPaymentRequest({
    ctx: asArtist,
    input: {
      payeeId: client.id,
      amount: 15_000,
      description: 'Deposit: fine-line fern, forearm',
      dueDate: new Date(ctx.deps.clock.now().getTime() + 7 * DAY),
      threadId,
    },
  });
  await processPaymentRequest({ ctx: asClient, input: { paymentRequestId: request.id, paymentMethodId: 'pm_card_visa' } });
  ctx.log(`  a paid $150.00 payment request from ${artist.displayName} to ${client.displayName}`);
}
