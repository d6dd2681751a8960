import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import * as connect from './connect/service';
import { getStorefrontPayouts } from './connect/storefront-payouts';
import { storefrontIdInput } from '../storefronts/inputs';
import {
  addPaymentMethodInput,
  answerLocalChallengeInput,
  completePaymentActionInput,
  completeSubscriptionInput,
  cancelSubscriptionInput,
  changePlanInput,
  completeOnboardingInput,
  createPaymentRequestInput,
  declinePaymentRequestInput,
  historyInput,
  listPaymentRequestsInput,
  onboardingLinkInput,
  paymentMethodInput,
  paymentRequestIdInput,
  payoutInput,
  processPaymentRequestInput,
  refundPaymentRequestInput,
  subscribeInput,
} from './inputs';
import { cancelPaymentRequest, declinePaymentRequest } from './requests/close';
import { createPaymentRequest } from './requests/create';
import { getPaymentRequest, listPaymentRequests, listRequestRefunds } from './requests/list';
import { answerLocalChallenge } from './next-action';
import { completePaymentAction, processPaymentRequest } from './requests/process';
import { refundPaymentRequest } from './requests/refund';
import { listPaymentHistory } from './service/history';
import { addPaymentMethod, deletePaymentMethod, listPaymentMethods, setDefaultPaymentMethod } from './service/methods';
import { entitlementsOf } from '../plans/entitlements';
import { cancelSubscription, changePlan, listPlans, listSubscriptions, subscribe } from './service/subscriptions';
import { completeSubscription } from './service/subscription-starts';

export const paymentRouter = router({
  plans: publicProcedure.query(({ ctx }) => listPlans(ctx.service)),
  /** Which card form to show: Stripe Elements (with the publishable key) or the local test form. */
  config: publicProcedure.query(({ ctx }) => ({
    provider: ctx.deps.payments.kind,
    publishableKey: ctx.deps.config.stripe.publishableKey ?? null,
  })),
  subscribe: authedProcedure.input(subscribeInput).mutation(({ ctx, input }) => subscribe({ ctx: ctx.service, input })),
  /** After the bank's 3-D Secure challenge of a subscription's first payment (decision 040). */
  completeSubscription: authedProcedure
    .input(completeSubscriptionInput)
    .mutation(({ ctx, input }) => completeSubscription({ ctx: ctx.service, input })),
  subscriptions: authedProcedure.query(({ ctx }) => listSubscriptions({ ctx: ctx.service })),
  /** The caller's plans and features (decision 042): what the pages offer or show an upgrade prompt for. */
  entitlements: authedProcedure.query(({ ctx }) => entitlementsOf(ctx.service.db, { userId: ctx.user.id })),
  cancelSubscription: authedProcedure
    .input(cancelSubscriptionInput)
    .mutation(({ ctx, input }) => cancelSubscription({ ctx: ctx.service, input })),
  changePlan: authedProcedure.input(changePlanInput).mutation(({ ctx, input }) => changePlan({ ctx: ctx.service, input })),
  methods: authedProcedure.query(({ ctx }) => listPaymentMethods({ ctx: ctx.service })),
  addMethod: authedProcedure.input(addPaymentMethodInput).mutation(({ ctx, input }) => addPaymentMethod({ ctx: ctx.service, input })),
  setDefaultMethod: authedProcedure
    .input(paymentMethodInput)
    .mutation(({ ctx, input }) => setDefaultPaymentMethod({ ctx: ctx.service, input })),
  deleteMethod: authedProcedure.input(paymentMethodInput).mutation(({ ctx, input }) => deletePaymentMethod({ ctx: ctx.service, input })),
  history: authedProcedure.input(historyInput).query(({ ctx, input }) => listPaymentHistory({ ctx: ctx.service, input })),
  answerLocalChallenge: authedProcedure
    .input(answerLocalChallengeInput)
    .mutation(({ ctx, input }) => answerLocalChallenge(ctx.service, input)),
});

export const paymentRequestRouter = router({
  create: authedProcedure.input(createPaymentRequestInput).mutation(({ ctx, input }) => createPaymentRequest({ ctx: ctx.service, input })),
  process: authedProcedure
    .input(processPaymentRequestInput)
    .mutation(({ ctx, input }) => processPaymentRequest({ ctx: ctx.service, input })),
  completeAction: authedProcedure
    .input(completePaymentActionInput)
    .mutation(({ ctx, input }) => completePaymentAction({ ctx: ctx.service, input })),
  decline: authedProcedure
    .input(declinePaymentRequestInput)
    .mutation(({ ctx, input }) => declinePaymentRequest({ ctx: ctx.service, input })),
  cancel: authedProcedure.input(paymentRequestIdInput).mutation(({ ctx, input }) => cancelPaymentRequest({ ctx: ctx.service, input })),
  list: authedProcedure.input(listPaymentRequestsInput).query(({ ctx, input }) => listPaymentRequests({ ctx: ctx.service, input })),
  byId: authedProcedure.input(paymentRequestIdInput).query(({ ctx, input }) => getPaymentRequest({ ctx: ctx.service, input })),
  refund: authedProcedure.input(refundPaymentRequestInput).mutation(({ ctx, input }) => refundPaymentRequest({ ctx: ctx.service, input })),
  refunds: authedProcedure.input(paymentRequestIdInput).query(({ ctx, input }) => listRequestRefunds({ ctx: ctx.service, input })),
});

export const connectRouter = router({
  status: authedProcedure
    .input(z.object({ refresh: z.boolean().default(false) }).default({ refresh: false }))
    .query(({ ctx, input }) => connect.getConnectStatus({ ctx: ctx.service, input })),
  createAccount: authedProcedure.mutation(({ ctx }) => connect.createConnectAccount({ ctx: ctx.service })),
  onboardingLink: authedProcedure
    .input(onboardingLinkInput)
    .mutation(({ ctx, input }) => connect.createOnboardingLink({ ctx: ctx.service, input })),
  completeLocalOnboarding: authedProcedure
    .input(completeOnboardingInput)
    .mutation(({ ctx, input }) => connect.completeLocalOnboarding({ ctx: ctx.service, input })),
  balance: authedProcedure.query(({ ctx }) => connect.getBalance({ ctx: ctx.service })),
  payout: authedProcedure.input(payoutInput).mutation(({ ctx, input }) => connect.createPayout({ ctx: ctx.service, input })),
  // Decision 038: a storefront managers' view of its card payments (payout account, fee, balance).
  storefrontPayouts: authedProcedure.input(storefrontIdInput).query(({ ctx, input }) => getStorefrontPayouts({ ctx: ctx.service, input })),
  payouts: authedProcedure.query(({ ctx }) => connect.listPayouts({ ctx: ctx.service })),
});
