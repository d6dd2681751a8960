import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type ServiceCtx, requireUser } from '../../service-context';
import { PLANS, trialDaysFor } from '../payments/rules';
import { errorMessage } from '../maintenance/rules';
import type { testCardChargeInput, testSubscriptionInput } from './inputs';

// The Payment Testing tab (spec 2 §2, §9): real calls to the payments provider (the local one by
// default, Stripe's test mode when configured) with test cards, undone at once: a charge is
// refunded, a subscription cancelled. Each call has its own idempotency key.

export type PaymentTestResult = { ok: boolean; summary: string; details: Record<string, string | number | boolean | null> };

/** Charges a test card and refunds it. */
export async function testCardCharge({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof testCardChargeInput> }): Promise<PaymentTestResult> {
  const admin = requireUser(ctx);
  const key = `admin-test:${randomUUID()}`;
  try {
    const charge = await ctx.deps.payments.charge({
      amountCents: input.amount,
      currency: 'usd',
      paymentMethodId: input.card,
      description: 'Admin payment test',
      idempotencyKey: `${key}:charge`,
      metadata: { adminTest: 'true', adminId: admin.id },
    });
    if (!charge.ok) return { ok: false, summary: `Declined: ${charge.reason}`, details: { card: input.card, declineCode: charge.declineCode } };
    const refund = await ctx.deps.payments.refund({ paymentIntentId: charge.paymentIntentId, reason: 'requested_by_customer', idempotencyKey: `${key}:refund` });
    return {
      ok: true,
      summary: `Charged and refunded ${refund.amountCents} cents`,
      details: { card: input.card, provider: ctx.deps.payments.kind, paymentIntentId: charge.paymentIntentId, refundId: refund.refundId },
    };
  } catch (error) {
    return { ok: false, summary: errorMessage(error), details: { card: input.card } };
  }
}

/** Starts a subscription on a test card with the scenario's trial, then cancels it at once. */
export async function testSubscription({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof testSubscriptionInput> }): Promise<PaymentTestResult> {
  const admin = requireUser(ctx);
  const key = `admin-test:${randomUUID()}`;
  const trialDays = input.trialDays === -1 ? trialDaysFor(input.plan, input.environment) : input.trialDays;
  const plan = PLANS[input.plan];
  try {
    const customerId = await ctx.deps.payments.createCustomer({ email: admin.email, name: `${admin.firstName} ${admin.lastName}`, userId: admin.id, idempotencyKey: `${key}:customer` });
    const card = await ctx.deps.payments.attachPaymentMethod({ customerId, paymentMethodId: input.card });
    const subscription = await ctx.deps.payments.createSubscription({
      customerId,
      plan,
      paymentMethodId: card.paymentMethodId,
      trialDays,
      idempotencyKey: `${key}:subscription`,
      metadata: { adminTest: 'true' },
    });
    // A first payment waiting for 3-D Secure (decision 040) is ended with its charge, so nobody can approve it later.
    if (subscription.action) await ctx.deps.payments.endSubscriptionStart({ subscriptionId: subscription.subscriptionId, idempotencyKey: `${key}:subscription` });
    else await ctx.deps.payments.cancelSubscription({ subscriptionId: subscription.subscriptionId, atPeriodEnd: false, idempotencyKey: `${key}:cancel` });
    return {
      ok: true,
      summary: `${plan.planName} ${subscription.status} with ${trialDays} trial days, then cancelled`,
      details: {
        plan: input.plan,
        environment: input.environment,
        priceCents: plan.priceCents,
        trialDays,
        status: subscription.status,
        trialEnd: subscription.trialEnd?.toISOString() ?? null,
        subscriptionId: subscription.subscriptionId,
      },
    };
  } catch (error) {
    return { ok: false, summary: errorMessage(error), details: { plan: input.plan, trialDays } };
  }
}
