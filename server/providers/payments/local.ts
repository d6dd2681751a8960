import { answerLocalChallenge, cancelLocalCharge, chargeLocally, findLocalCharge, getLocalCharge, refundLocally } from './local-charges';
import { localCard, localCardExpiry, noSuchPaymentMethod } from './local-cards';
import type { LocalBooks } from './local-books';
import {
  completeLocalOnboarding,
  createLocalConnectAccount,
  createLocalOnboardingLink,
  createLocalPayout,
  getLocalBalance,
  getLocalConnectAccount,
  listLocalPayouts,
} from './local-connect';
import {
  cancelLocalSubscription,
  changeLocalSubscriptionPlan,
  createLocalSubscription,
  endLocalSubscriptionStart,
  findLocalSubscription,
  getLocalSubscriptionStart,
  type OnRenewal,
  renewDueLocalSubscriptions,
  useCardForLocalSubscriptions,
} from './local-subscriptions';
import { type ChargeRecord, type ConnectAccountSnapshot, PaymentProviderError, type PaymentsProvider } from './types';

/** The local provider also plays Stripe's hosted onboarding page, which the app shows in local mode. */
export interface LocalPaymentsProvider extends PaymentsProvider {
  readonly kind: 'local';
  completeOnboarding(accountId: string): Promise<ConnectAccountSnapshot>;
  /** Stripe's billing at period end and its retries: renews, retries or ends due subscriptions; onChange records each change. */
  renewDueSubscriptions(onChange: OnRenewal): Promise<number>;
  /** The payer's answer to a charge's 3-D Secure challenge (the card issuer's page on Stripe). */
  answerChallenge(input: { paymentIntentId: string; clientSecret: string; approve: boolean }): Promise<ChargeRecord>;
}

export const isLocalProvider = (provider: PaymentsProvider): provider is LocalPaymentsProvider => provider.kind === 'local';

/**
 * The embedded default: Stripe's behaviour simulated in our own tables (payment_intents, refunds,
 * subscriptions, connected accounts and payouts of the local_* tables), with Stripe's test payment
 * method ids. A customer's id is derived from the user's, so it needs no table.
 */
export function createLocalPayments(books: LocalBooks): LocalPaymentsProvider {
  return {
    kind: 'local',
    charge: (input) => chargeLocally(books, input),
    refund: (input) => refundLocally(books, input),
    findCharge: (idempotencyKey) => findLocalCharge(books, idempotencyKey),
    getCharge: (input) => getLocalCharge(books, input),
    cancelCharge: (input) => cancelLocalCharge(books, input),
    answerChallenge: (input) => answerLocalChallenge(books, input),
    async createCustomer({ userId }) {
      return `cus_local_${userId.replaceAll('-', '')}`;
    },
    async attachPaymentMethod({ paymentMethodId }) {
      const card = localCard(paymentMethodId);
      if (!card) throw new PaymentProviderError(noSuchPaymentMethod(paymentMethodId));
      return { paymentMethodId, brand: card.brand, last4: card.last4, ...localCardExpiry(books.clock.now()) };
    },
    // Our payment_methods table is the local provider's record of saved cards and their default;
    // the customer's subscriptions are charged on the new default from then on.
    setDefaultPaymentMethod: ({ customerId, paymentMethodId }) => useCardForLocalSubscriptions(books, customerId, paymentMethodId),
    async detachPaymentMethod() {},
    createSubscription: (input) => createLocalSubscription(books, input),
    findSubscription: (idempotencyKey) => findLocalSubscription(books, idempotencyKey),
    getSubscriptionStart: (input) => getLocalSubscriptionStart(books, input),
    endSubscriptionStart: (input) => endLocalSubscriptionStart(books, input),
    changeSubscriptionPlan: ({ subscriptionId, plan }) => changeLocalSubscriptionPlan(books, subscriptionId, plan),
    cancelSubscription: ({ subscriptionId, atPeriodEnd }) => cancelLocalSubscription(books, subscriptionId, atPeriodEnd),
    createConnectAccount: (input) => createLocalConnectAccount(books, input),
    getConnectAccount: (accountId) => getLocalConnectAccount(books, accountId),
    createOnboardingLink: (input) => createLocalOnboardingLink(books, input),
    completeOnboarding: (accountId) => completeLocalOnboarding(books, accountId),
    renewDueSubscriptions: (onChange) => renewDueLocalSubscriptions(books, onChange),
    getBalance: (accountId) => getLocalBalance(books, accountId),
    createPayout: (input) => createLocalPayout(books, input),
    listPayouts: (accountId, limit) => listLocalPayouts(books, accountId, limit),
  };
}
