import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentMethods, users } from '../../../db/schema';
import { type AuthedCtx, type ServiceCtx, withTransaction } from '../../../service-context';
import { notFound } from '../../../lib/errors';
import type { CardDetails } from '../../../providers/payments/types';
import { providerCustomer, rememberCustomer } from '../customer';
import type { addPaymentMethodInput, paymentMethodInput } from '../inputs';
import { providerCall } from '../../../provider-calls';

export const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found';

const liveMethodsOf = (userId: string) => and(eq(paymentMethods.userId, userId), eq(paymentMethods.deleted, false));

/** Saved cards, the default first, then newest. */
export async function listPaymentMethods({ ctx }: { ctx: AuthedCtx }) {
  return ctx.db
    .select()
    .from(paymentMethods)
    .where(liveMethodsOf(ctx.user.id))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** The user's row lock serializes changes to their saved cards (which one is the default). */
const lockUser = (ctx: ServiceCtx, userId: string) => ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/** Has the provider check the card and attach it to the user's customer; writes nothing of ours. */
export async function attachCard(ctx: AuthedCtx, paymentMethodId: string) {
  const customerId = await providerCustomer(ctx);
  const card = await providerCall(ctx, 'Failed to add payment method', () => ctx.deps.payments.attachPaymentMethod({ customerId, paymentMethodId }));
  return { customerId, card };
}

/**
 * Saves an attached card in our list, inside the caller's transaction: the first card, or one
 * saved with setDefault, becomes the default; a card already saved is returned as it is.
 */
export async function saveCard(ctx: ServiceCtx, userId: string, attached: { customerId: string; card: CardDetails }, setDefault: boolean) {
  const { card } = attached;
  await rememberCustomer(ctx, userId, attached.customerId);
  await lockUser(ctx, userId);
  const [existing] = await ctx.db.select().from(paymentMethods).where(and(liveMethodsOf(userId), eq(paymentMethods.stripePaymentMethodId, card.paymentMethodId)));
  const [current] = await ctx.db.select({ id: paymentMethods.id }).from(paymentMethods).where(and(liveMethodsOf(userId), eq(paymentMethods.isDefault, true)));
  const makeDefault = setDefault || !current;
  if (existing && (!makeDefault || existing.isDefault)) return existing;
  if (makeDefault && current) await ctx.db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, current.id));
  if (existing) {
    const [updated] = await ctx.db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, existing.id)).returning();
    return updated;
  }
  const [created] = await ctx.db
    .insert(paymentMethods)
    .values({ userId, stripePaymentMethodId: card.paymentMethodId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, isDefault: makeDefault, createdAt: ctx.deps.clock.now() })
    .returning();
  return created;
}

const syncDefaultWithProvider = (ctx: AuthedCtx, customerId: string, paymentMethodId: string) =>
  providerCall(ctx, 'Failed to set default payment method', () => ctx.deps.payments.setDefaultPaymentMethod({ customerId, paymentMethodId }));

/** Saves a card (pm_… from the card form) after the provider accepted it. */
export async function addPaymentMethod({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof addPaymentMethodInput> }) {
  const attached = await attachCard(ctx, input.paymentMethodId);
  const saved = await withTransaction(ctx, (tx) => saveCard(tx, ctx.user.id, attached, input.setDefault));
  if (saved.isDefault) await syncDefaultWithProvider(ctx, attached.customerId, saved.stripePaymentMethodId);
  return saved;
}

async function requireMethod(ctx: AuthedCtx, paymentMethodId: string) {
  const [method] = await ctx.db.select().from(paymentMethods).where(and(liveMethodsOf(ctx.user.id), eq(paymentMethods.stripePaymentMethodId, paymentMethodId)));
  if (!method) throw notFound(PAYMENT_METHOD_NOT_FOUND);
  return method;
}

export async function setDefaultPaymentMethod({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof paymentMethodInput> }) {
  const method = await requireMethod(ctx, input.paymentMethodId);
  await syncDefaultWithProvider(ctx, await providerCustomer(ctx), method.stripePaymentMethodId);
  return withTransaction(ctx, async (tx) => {
    await lockUser(tx, ctx.user.id);
    await tx.db.update(paymentMethods).set({ isDefault: false }).where(and(liveMethodsOf(ctx.user.id), eq(paymentMethods.isDefault, true)));
    const [updated] = await tx.db.update(paymentMethods).set({ isDefault: true }).where(and(eq(paymentMethods.id, method.id), eq(paymentMethods.deleted, false))).returning();
    if (!updated) throw notFound(PAYMENT_METHOD_NOT_FOUND);
    return updated;
  });
}

/** Removes a saved card; when it was the default, the newest remaining card takes its place. */
export async function deletePaymentMethod({ ctx, input }: { ctx: AuthedCtx; input: z.output<typeof paymentMethodInput> }) {
  const method = await requireMethod(ctx, input.paymentMethodId);
  await providerCall(ctx, 'Failed to delete payment method', () => ctx.deps.payments.detachPaymentMethod({ paymentMethodId: method.stripePaymentMethodId }));
  const promoted = await withTransaction(ctx, async (tx) => {
    await lockUser(tx, ctx.user.id);
    const [removed] = await tx.db
      .update(paymentMethods)
      .set({ deleted: true, deletedAt: ctx.deps.clock.now(), isDefault: false })
      .where(and(eq(paymentMethods.id, method.id), eq(paymentMethods.deleted, false)))
      .returning();
    if (!removed || !method.isDefault) return null;
    const [newest] = await tx.db.select({ id: paymentMethods.id }).from(paymentMethods).where(liveMethodsOf(ctx.user.id)).orderBy(desc(paymentMethods.createdAt)).limit(1);
    if (!newest) return null;
    const [next] = await tx.db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, newest.id)).returning();
    return next ?? null;
  });
  if (promoted) await syncDefaultWithProvider(ctx, await providerCustomer(ctx), promoted.stripePaymentMethodId);
  return { deleted: true, newDefaultPaymentMethodId: promoted?.stripePaymentMethodId ?? null };
}
