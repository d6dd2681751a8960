import { z } from 'zod';
import { DESCRIPTION_MAX, isPlanId, MAX_REQUEST_CENTS, MIN_REQUEST_CENTS, type PlanId, REFUND_REASON_MAX } from './rules';

// Spec 2 §5 messages. Money crosses the API in integer cents ($5.00 is 500).

/** pm_… ids: required, then the format. */
export const paymentMethodIdField = z
  .string({ error: 'Payment method ID is required' })
  .trim()
  .min(1, 'Payment method ID is required')
  .max(255, 'Invalid payment method ID format')
  .startsWith('pm_', 'Invalid payment method ID format');

export const paymentMethodInput = z.object({ paymentMethodId: paymentMethodIdField });
export const addPaymentMethodInput = paymentMethodInput.extend({ setDefault: z.boolean().default(false) });

/** The price id of a plan: artist_pro or studio. */
export const priceIdField = z
  .string({ error: 'Price ID is required' })
  .trim()
  .min(1, 'Price ID is required')
  .refine((v) => isPlanId(v), 'Invalid plan selected')
  .transform((v) => v as PlanId);

export const subscribeInput = z.object({
  priceId: priceIdField,
  paymentMethodId: paymentMethodIdField,
  /** A studio subscription, bought by one of the studio's managers. */
  studioId: z.uuid({ error: 'Studio not found' }).nullish(),
});

export const subscriptionIdField = z.uuid({ error: 'Subscription not found' });
export const cancelSubscriptionInput = z.object({ subscriptionId: subscriptionIdField, cancelAtPeriodEnd: z.boolean().default(true) });
export const completeSubscriptionInput = z.object({ subscriptionId: subscriptionIdField });
export const changePlanInput = z.object({ subscriptionId: subscriptionIdField, priceId: priceIdField });

export const historyInput = z.object({ cursor: z.string().max(100).nullish() }).default({});

// --- Payment requests -----------------------------------------------------------------------

const userIdField = z
  .string({ error: 'User ID is required' })
  .trim()
  .min(1, 'User ID is required')
  .pipe(z.uuid({ error: 'User not found' }));

export const amountField = z
  .number({ error: 'Amount must be greater than 0' })
  .int('Amount must be in whole cents')
  .positive('Amount must be greater than 0')
  .min(MIN_REQUEST_CENTS, 'Minimum amount is $1.00')
  .max(MAX_REQUEST_CENTS, 'Maximum amount is $10,000.00');

export const descriptionField = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(DESCRIPTION_MAX, 'Description must be 200 characters or less');

/** An ISO date; must be in the future (checked here for forms and again in the service against the clock). */
export const dueDateField = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Due date must be a valid date')
  .transform((v) => new Date(v))
  .nullish();

export const createPaymentRequestInput = z.object({
  payeeId: userIdField,
  amount: amountField,
  description: descriptionField,
  dueDate: dueDateField,
  threadId: z.uuid({ error: 'Conversation not found' }),
});

export const paymentRequestIdField = z.uuid({ error: 'Payment request not found' });
export const processPaymentRequestInput = z.object({ paymentRequestId: paymentRequestIdField, paymentMethodId: paymentMethodIdField });
export const declinePaymentRequestInput = z.object({
  paymentRequestId: paymentRequestIdField,
  reason: z.string().trim().max(500, 'Reason must be 500 characters or less').default(''),
});
export const paymentRequestIdInput = z.object({ paymentRequestId: paymentRequestIdField });
export const listPaymentRequestsInput = z
  .object({
    threadId: z.uuid({ error: 'Conversation not found' }).nullish(),
    cursor: z.string().max(100).nullish(),
  })
  .default({});

/**
 * A refund by the requester (decision 039). refundId is made by the client for this refund and sent
 * again on a retry, so the retry finds the refund instead of making a second one.
 */
export const refundPaymentRequestInput = z.object({
  paymentRequestId: paymentRequestIdField,
  refundId: z.uuid({ error: 'Invalid refund' }),
  amount: z
    .number({ error: 'Refund amount must be greater than 0' })
    .int('Amount must be in whole cents')
    .positive('Refund amount must be greater than 0')
    .max(MAX_REQUEST_CENTS, 'Maximum amount is $10,000.00'),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(REFUND_REASON_MAX, `Reason must be ${REFUND_REASON_MAX} characters or less`),
});

// --- Connect ------------------------------------------------------------------------------------

/** Where onboarding returns to: a path of this app only (never an outside URL). */
export const onboardingLinkInput = z
  .object({
    returnPath: z
      .string()
      .trim()
      .max(500)
      .refine((path) => path.startsWith('/') && !path.startsWith('//'), 'Invalid return path')
      .default('/account/payments'),
  })
  .default({ returnPath: '/account/payments' });
export const completeOnboardingInput = z.object({ accountId: z.string().trim().min(1).max(255) });
export const payoutInput = z.object({
  amount: z
    .number({ error: 'Amount must be greater than 0' })
    .int('Amount must be in whole cents')
    .positive('Amount must be greater than 0')
    .max(100_000_000, 'Amount is more than a payout can be'),
});

// --- 3-D Secure (decision 040) ------------------------------------------------------------------

const paymentIntentIdField = z.string().trim().min(1, 'Payment not found').max(255, 'Payment not found');
/** The payer's browser, after its bank's challenge: read the charge's outcome and settle the payment. */
export const completePaymentActionInput = z.object({ paymentRequestId: paymentRequestIdField, paymentIntentId: paymentIntentIdField });
/** Local mode's challenge page answers for the payer's bank; the client secret proves the payer holds the charge. */
export const answerLocalChallengeInput = z.object({
  paymentIntentId: paymentIntentIdField,
  clientSecret: z.string().trim().min(1).max(255),
  approve: z.boolean(),
});
