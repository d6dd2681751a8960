import Stripe from 'stripe';
import { moveStripeSubscriptionsToCard } from './stripe-billing';
import { accountOf, payoutOf, subscriptionOf, sumIn } from './stripe-mapping';
import { chargeRecordOf, IDEMPOTENCY_KEY_METADATA, metadataQuery } from './stripe-lookup';
import { endStart, readStart, START_EXPAND, startOf } from './stripe-starts';
import { AUTHENTICATION_REQUIRED, type ChargeResult, type PaymentsProvider, PaymentProviderError, type PlanPrice } from './types';

export type StripeSettings = { secretKey: string; apiUrl?: string };

/** The SDK's client; STRIPE_API_URL (tests) sends its requests to another host, port and protocol. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'InkLink' },
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** A refusal the payer can act on: a card error, or an id Stripe does not know. */
function isRefusal(error: unknown): error is Stripe.errors.StripeError {
  return (
    error instanceof Stripe.errors.StripeCardError ||
    (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
  );
}

/** Runs a Stripe call, turning refusals into PaymentProviderError (other failures stay errors). */
async function refusing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isRefusal(error)) throw new PaymentProviderError(error.message, error.decline_code ?? error.code ?? null);
    throw error;
  }
}

/** The intent with its charge, when it carries our idempotency key (null for another's or an unknown id). */
async function ownIntent(stripe: Stripe, paymentIntentId: string, idempotencyKey: string): Promise<Stripe.PaymentIntent | null> {
  try {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    return intent.metadata[IDEMPOTENCY_KEY_METADATA] === idempotencyKey ? intent : null;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
    throw error;
  }
}

/** Our plans as Stripe products with fixed ids, created on first use; prices go inline (price_data). */
function planProducts(stripe: Stripe) {
  const ensured = new Map<string, Promise<string>>();
  const ensure = async (plan: PlanPrice) => {
    const id = `inklink_${plan.planId}`;
    try {
      await stripe.products.retrieve(id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')) throw error;
      await stripe.products.create({ id, name: `InkLink ${plan.planName}` }, { idempotencyKey: `product:${id}` });
    }
    return id;
  };
  return {
    async priceData(plan: PlanPrice) {
      let product = ensured.get(plan.planId);
      if (!product) {
        product = ensure(plan);
        ensured.set(plan.planId, product);
        product.catch(() => ensured.delete(plan.planId));
      }
      return { currency: plan.currency, product: await product, unit_amount: plan.priceCents, recurring: { interval: 'month' as const } };
    },
  };
}

/** Stripe through its official SDK. Every mutating call carries the caller's idempotency key. */
export function createStripePayments(settings: StripeSettings): PaymentsProvider {
  const stripe = createStripeClient(settings);
  const products = planProducts(stripe);

  return {
    kind: 'stripe',

    async charge(input): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            payment_method: input.paymentMethodId,
            ...(input.customerId && { customer: input.customerId }),
            description: input.description,
            // The key in the metadata is how a charge whose answer was lost is found again (findCharge).
            metadata: { ...input.metadata, [IDEMPOTENCY_KEY_METADATA]: input.idempotencyKey },
            confirm: true,
            // The payer is on our page; cards that need a redirect are refused rather than left hanging.
            // A 3-D Secure challenge is no redirect: Stripe.js's handleNextAction shows it on our page.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            use_stripe_sdk: true,
            ...(input.connect && {
              application_fee_amount: input.connect.applicationFeeCents,
              transfer_data: { destination: input.connect.destinationAccountId },
            }),
            expand: ['latest_charge'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'requires_action' && intent.client_secret) {
          return {
            ok: false,
            reason: AUTHENTICATION_REQUIRED,
            declineCode: 'requires_action',
            action: { paymentIntentId: intent.id, clientSecret: intent.client_secret },
          };
        }
        if (intent.status !== 'succeeded') {
          return {
            ok: false,
            reason: 'This card needs an action which is not supported here. Please use another card.',
            declineCode: intent.status,
          };
        }
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        return {
          ok: true,
          paymentIntentId: intent.id,
          chargeId: charge?.id ?? (intent.latest_charge as string | null),
          receiptUrl: charge?.receipt_url ?? null,
        };
      } catch (error) {
        if (isRefusal(error)) return { ok: false, reason: error.message, declineCode: error.decline_code ?? error.code ?? null };
        throw error;
      }
    },

    async refund(input) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          ...(input.amountCents !== undefined && { amount: input.amountCents }),
          reason: 'requested_by_customer',
          metadata: { ...input.metadata, ...(input.reason && { reason: input.reason }) },
          ...(input.reverseTransfer && { reverse_transfer: true, refund_application_fee: true }),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id, amountCents: refund.amount };
    },

    // Stripe cannot look a request up by its idempotency key; the key is in the object's metadata,
    // which the search API indexes (decision 015: searchable within a minute, and the reconciler
    // only asks about requests older than that).
    async findCharge(idempotencyKey) {
      const found = await stripe.paymentIntents.search({ query: metadataQuery(idempotencyKey), limit: 10 });
      return chargeRecordOf(found.data);
    },

    async getCharge({ paymentIntentId, idempotencyKey }) {
      const intent = await ownIntent(stripe, paymentIntentId, idempotencyKey);
      return intent ? chargeRecordOf([intent]) : { status: 'none' };
    },

    // Stripe cancels an intent in requires_action; one that completed meanwhile refuses the cancel
    // and is read again, so the caller settles on what really happened.
    async cancelCharge({ paymentIntentId, idempotencyKey }) {
      const intent = await ownIntent(stripe, paymentIntentId, idempotencyKey);
      if (!intent) return { status: 'none' };
      if (intent.status !== 'requires_action') return chargeRecordOf([intent]);
      try {
        await stripe.paymentIntents.cancel(
          paymentIntentId,
          { cancellation_reason: 'abandoned' },
          { idempotencyKey: `${idempotencyKey}:cancel` },
        );
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      const ended = await ownIntent(stripe, paymentIntentId, idempotencyKey);
      return ended ? chargeRecordOf([ended]) : { status: 'none' };
    },

    // An incomplete one counts too: its first payment may wait for a 3-D Secure challenge, and
    // the reconcile job ends it once abandoned (decision 040).
    async findSubscription(idempotencyKey) {
      const found = await stripe.subscriptions.search({ query: metadataQuery(idempotencyKey), limit: 10 });
      const alive = found.data.filter((sub) => sub.status !== 'incomplete_expired');
      const started = alive.find((sub) => sub.status !== 'incomplete') ?? alive[0];
      if (!started) return null;
      // A trial whose card is still to be authenticated is an incomplete start (read with its SetupIntent).
      if (started.status === 'trialing' && started.pending_setup_intent) return readStart(stripe, started.id, idempotencyKey);
      return subscriptionOf(started);
    },

    getSubscriptionStart: ({ subscriptionId, idempotencyKey }) => readStart(stripe, subscriptionId, idempotencyKey),

    endSubscriptionStart: ({ subscriptionId, idempotencyKey }) => endStart(stripe, subscriptionId, idempotencyKey),

    async createCustomer({ email, name, userId, idempotencyKey }) {
      const customer = await stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey });
      return customer.id;
    },

    async attachPaymentMethod({ customerId, paymentMethodId }) {
      const method = await refusing(() =>
        stripe.paymentMethods.attach(
          paymentMethodId,
          { customer: customerId },
          { idempotencyKey: `attach:${customerId}:${paymentMethodId}` },
        ),
      );
      return {
        paymentMethodId: method.id,
        brand: method.card?.brand ?? null,
        last4: method.card?.last4 ?? null,
        expMonth: method.card?.exp_month ?? null,
        expYear: method.card?.exp_year ?? null,
      };
    },

    async setDefaultPaymentMethod({ customerId, paymentMethodId }) {
      await refusing(() => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }));
      await moveStripeSubscriptionsToCard(stripe, customerId, paymentMethodId);
    },

    async detachPaymentMethod({ paymentMethodId }) {
      await refusing(() => stripe.paymentMethods.detach(paymentMethodId));
    },

    async createSubscription(input) {
      const subscription = await refusing(async () =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price_data: await products.priceData(input.plan) }],
            default_payment_method: input.paymentMethodId,
            ...(input.trialDays > 0 && { trial_period_days: input.trialDays }),
            // The first invoice is charged on the card at once; one that needs 3-D Secure (or is
            // declined) leaves the subscription incomplete instead of failing the call (decision 040).
            payment_behavior: 'allow_incomplete',
            expand: START_EXPAND,
            metadata: { ...input.metadata, planId: input.plan.planId, [IDEMPOTENCY_KEY_METADATA]: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const { start, declineCode } = await startOf(stripe, subscription);
      if (start.firstPaymentFailure === undefined) return start;
      // A decline is refused as before, and leaves no subscription behind.
      await endStart(stripe, subscription.id, input.idempotencyKey);
      throw new PaymentProviderError(start.firstPaymentFailure, declineCode);
    },

    async changeSubscriptionPlan({ subscriptionId, plan, idempotencyKey }) {
      const current = await refusing(() => stripe.subscriptions.retrieve(subscriptionId));
      const subscription = await stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: current.items.data[0]?.id, price_data: await products.priceData(plan) }],
          proration_behavior: 'none',
          metadata: { planId: plan.planId },
        },
        { idempotencyKey },
      );
      return subscriptionOf(subscription);
    },

    async cancelSubscription({ subscriptionId, atPeriodEnd, idempotencyKey }) {
      const subscription = await refusing(() =>
        atPeriodEnd
          ? stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey })
          : stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey }),
      );
      return subscriptionOf(subscription);
    },

    async createConnectAccount({ userId, email, firstName, lastName, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email,
          business_type: 'individual',
          individual: { first_name: firstName, last_name: lastName, email },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey },
      );
      return accountOf(account);
    },

    async getConnectAccount(accountId) {
      return accountOf(await refusing(() => stripe.accounts.retrieve(accountId)));
    },

    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await refusing(() =>
        stripe.accountLinks.create({ account: accountId, return_url: returnUrl, refresh_url: refreshUrl, type: 'account_onboarding' }),
      );
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    },

    async getBalance(accountId) {
      const balance = await refusing(() => stripe.balance.retrieve({}, { stripeAccount: accountId }));
      const currency = 'usd';
      return {
        availableCents: sumIn(currency, balance.available),
        pendingCents: sumIn(currency, balance.pending),
        instantAvailableCents: sumIn(currency, balance.instant_available),
        currency,
      };
    },

    async createPayout({ accountId, amountCents, currency, method, idempotencyKey }) {
      const payout = await refusing(() =>
        stripe.payouts.create({ amount: amountCents, currency, method }, { stripeAccount: accountId, idempotencyKey }),
      );
      return payoutOf(payout);
    },

    async listPayouts(accountId, limit) {
      const page = await stripe.payouts.list({ limit }, { stripeAccount: accountId });
      return page.data.map(payoutOf);
    },
  };
}
