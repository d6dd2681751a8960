// The payments provider seam. Two implementations stand behind it: Stripe (the official SDK,
// when STRIPE_SECRET_KEY is set; STRIPE_API_URL points it at a local server in tests) and the
// local provider (the default), which simulates the same behaviour in our own database so every
// flow works on a fresh machine. Domains never import either implementation directly.
//
// Amounts are integer cents. Every mutating call carries an idempotency key derived from our own
// ids (e.g. `order:<orderId>:charge`), so a retried call can never charge or refund twice.

/**
 * Payment method ids the local provider understands. They are Stripe's own test ids, so the same
 * values behave the same way against Stripe in test mode.
 */
export const LOCAL_TEST_PAYMENT_METHODS = {
  succeeds: 'pm_card_visa',
  succeedsMastercard: 'pm_card_mastercard',
  declined: 'pm_card_chargeDeclined',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
} as const;

export type ChargeInput = {
  amountCents: number;
  currency: string;
  /** pm_… */
  paymentMethodId: string;
  /** Provider customer id (cus_…), when the payer has one. */
  customerId?: string | null;
  description: string;
  idempotencyKey: string;
  metadata?: Record<string, string>;
  /** A connected payment: the platform keeps applicationFeeCents, the rest goes to the account. */
  connect?: { destinationAccountId: string; applicationFeeCents: number };
};

export type ChargeResult =
  | { ok: true; paymentIntentId: string; chargeId: string | null; receiptUrl: string | null }
  /** A decline or any refusal by the provider: nothing was charged. */
  | { ok: false; reason: string; declineCode: string | null };

export type RefundInput = {
  paymentIntentId: string;
  /** Omitted: the whole charge. */
  amountCents?: number;
  reason?: string;
  idempotencyKey: string;
};

export type RefundResult = { refundId: string; amountCents: number };

export interface PaymentsProvider {
  readonly kind: 'local' | 'stripe';
  charge(input: ChargeInput): Promise<ChargeResult>;
  refund(input: RefundInput): Promise<RefundResult>;
}
