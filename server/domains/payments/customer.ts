import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AuthedCtx, ServiceCtx } from '../../service-context';
import { notFound } from '../../lib/errors';
import { providerCall } from '../../provider-calls';

/**
 * The user's provider customer id: the stored one, or a new customer. It is not stored here: the
 * caller remembers it with the write that succeeds (a refused call writes nothing). The idempotency
 * key is the user's, so asking again before it is stored gives the same customer.
 */
export async function providerCustomer(ctx: AuthedCtx): Promise<string> {
  const [me] = await ctx.db
    .select({ customerId: users.stripeCustomerId, email: users.email, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, ctx.user.id));
  if (!me) throw notFound('User profile not found');
  if (me.customerId) return me.customerId;
  const name = `${me.firstName} ${me.lastName}`.trim() || me.displayName;
  return providerCall(ctx, 'Failed to get or create customer', () =>
    ctx.deps.payments.createCustomer({ email: me.email, name, userId: ctx.user.id, idempotencyKey: `user:${ctx.user.id}:customer` }),
  );
}

/** Stores the customer id on the profile unless one is there already (the first stored wins). */
export async function rememberCustomer(ctx: ServiceCtx, userId: string, customerId: string) {
  await ctx.db
    .update(users)
    .set({ stripeCustomerId: sql`coalesce(${users.stripeCustomerId}, ${customerId})` })
    .where(eq(users.id, userId));
}
