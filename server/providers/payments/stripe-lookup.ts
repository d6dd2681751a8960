import type Stripe from 'stripe';
import type { ChargeRecord } from './types';

/** The metadata field that carries our idempotency key on every PaymentIntent and Subscription we create. */
export const IDEMPOTENCY_KEY_METADATA = 'inklink_idempotency_key';

/** A search query for objects carrying the key (quotes and backslashes escaped as Stripe's query language wants). */
export const metadataQuery = (idempotencyKey: string) => `metadata['${IDEMPOTENCY_KEY_METADATA}']:'${idempotencyKey.replace(/[\\']/g, (c) => `\\${c}`)}'`;

const DECIDING: ReadonlySet<Stripe.PaymentIntent.Status> = new Set(['processing', 'requires_capture']);

/**
 * What the PaymentIntents found under one key say. One key makes one intent (Stripe's
 * idempotency), but a retry after the key expired (24 h) could make another: any succeeded one
 * means the money was taken; one still being decided means ask again; one waiting for the
 * payer's 3-D Secure means ask again until it is abandoned (then cancelCharge); otherwise
 * (declined, cancelled) nothing was charged.
 */
export function chargeRecordOf(intents: Stripe.PaymentIntent[]): ChargeRecord {
  const succeeded = intents.find((intent) => intent.status === 'succeeded');
  if (succeeded) {
    const charge = typeof succeeded.latest_charge === 'object' ? succeeded.latest_charge : null;
    return {
      status: 'succeeded',
      paymentIntentId: succeeded.id,
      chargeId: charge?.id ?? (succeeded.latest_charge as string | null),
      receiptUrl: charge?.receipt_url ?? null,
    };
  }
  const deciding = intents.find((intent) => DECIDING.has(intent.status));
  if (deciding) return { status: 'processing', paymentIntentId: deciding.id };
  const awaiting = intents.find((intent) => intent.status === 'requires_action' && intent.client_secret);
  if (awaiting?.client_secret) return { status: 'requires_action', paymentIntentId: awaiting.id, clientSecret: awaiting.client_secret };
  const [failed] = intents;
  if (!failed) return { status: 'none' };
  return { status: 'failed', paymentIntentId: failed.id, reason: failed.last_payment_error?.message ?? `The payment was not completed (${failed.status}).` };
}
