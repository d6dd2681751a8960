import { LOCAL_TEST_PAYMENT_METHODS } from './types';

// The cards the local provider knows: Stripe's own test payment method ids with the card details
// and outcomes Stripe gives them in test mode, so a flow tried locally behaves the same on Stripe.

export type LocalCard = {
  brand: string;
  last4: string;
  /** A charge on this card is declined with this message and code. */
  decline: { message: string; code: string } | null;
  /** A charge on this card waits for the payer's 3-D Secure challenge (decision 040). */
  challenge?: true;
};

const LOCAL_CARDS: Record<string, LocalCard> = {
  [LOCAL_TEST_PAYMENT_METHODS.succeeds]: { brand: 'visa', last4: '4242', decline: null },
  [LOCAL_TEST_PAYMENT_METHODS.succeedsMastercard]: { brand: 'mastercard', last4: '4444', decline: null },
  [LOCAL_TEST_PAYMENT_METHODS.declined]: { brand: 'visa', last4: '0002', decline: { message: 'Your card was declined.', code: 'generic_decline' } },
  [LOCAL_TEST_PAYMENT_METHODS.insufficientFunds]: {
    brand: 'visa',
    last4: '9995',
    decline: { message: 'Your card has insufficient funds.', code: 'insufficient_funds' },
  },
  [LOCAL_TEST_PAYMENT_METHODS.failsOnCharge]: { brand: 'visa', last4: '0341', decline: { message: 'Your card was declined.', code: 'card_declined' } },
  [LOCAL_TEST_PAYMENT_METHODS.threeDSecure]: { brand: 'visa', last4: '3220', decline: null, challenge: true },
};

export const localCard = (paymentMethodId: string): LocalCard | null => LOCAL_CARDS[paymentMethodId] ?? null;

/** Stripe's wording for an id it does not know. */
export const noSuchPaymentMethod = (paymentMethodId: string) => `No such PaymentMethod: '${paymentMethodId}'`;

/** Test cards expire in December, a few years ahead (like Stripe's test cards). */
export const localCardExpiry = (now: Date) => ({ expMonth: 12, expYear: now.getUTCFullYear() + 4 });
