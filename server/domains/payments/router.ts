import { z } from 'zod';
import type { AuthedCtx } from '../../service-context';
import { authedProcedure, publicProcedure, router, serviceCtx, type TrpcContext } from '../../trpc/init';
import * as connect from './connect/service';
import {
  addPaymentMethodInput,
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
  subscribeInput,
} from './inputs';
import { cancelPaymentRequest, declinePaymentRequest } from './requests/close';
import { createPaymentRequest } from './requests/create';
import { getPaymentRequest, listPaymentRequests } from './requests/list';
import { processPaymentRequest } from './requests/process';
import { listPaymentHistory } from './service/history';
import { addPaymentMethod, deletePaymentMethod, listPaymentMethods, setDefaultPaymentMethod } from './service/methods';
import { cancelSubscription, changePlan, listPlans, listSubscriptions, subscribe } from './service/subscriptions';

const authed = (ctx: TrpcContext & { user: NonNullable<TrpcContext['user']> }) => serviceCtx(ctx) as AuthedCtx;

export const paymentRouter = router({
  plans: publicProcedure.query(() => listPlans()),
  /** Which card form to show: Stripe Elements (with the publishable key) or the local test form. */
  config: publicProcedure.query(({ ctx }) => ({ provider: ctx.deps.payments.kind, publishableKey: ctx.deps.config.stripe.publishableKey ?? null })),
  subscribe: authedProcedure.input(subscribeInput).mutation(({ ctx, input }) => subscribe({ ctx: authed(ctx), input })),
  subscriptions: authedProcedure.query(({ ctx }) => listSubscriptions({ ctx: authed(ctx) })),
  cancelSubscription: authedProcedure.input(cancelSubscriptionInput).mutation(({ ctx, input }) => cancelSubscription({ ctx: authed(ctx), input })),
  changePlan: authedProcedure.input(changePlanInput).mutation(({ ctx, input }) => changePlan({ ctx: authed(ctx), input })),
  methods: authedProcedure.query(({ ctx }) => listPaymentMethods({ ctx: authed(ctx) })),
  addMethod: authedProcedure.input(addPaymentMethodInput).mutation(({ ctx, input }) => addPaymentMethod({ ctx: authed(ctx), input })),
  setDefaultMethod: authedProcedure.input(paymentMethodInput).mutation(({ ctx, input }) => setDefaultPaymentMethod({ ctx: authed(ctx), input })),
  deleteMethod: authedProcedure.input(paymentMethodInput).mutation(({ ctx, input }) => deletePaymentMethod({ ctx: authed(ctx), input })),
  history: authedProcedure.input(historyInput).query(({ ctx, input }) => listPaymentHistory({ ctx: authed(ctx), input })),
});

export const paymentRequestRouter = router({
  create: authedProcedure.input(createPaymentRequestInput).mutation(({ ctx, input }) => createPaymentRequest({ ctx: authed(ctx), input })),
  process: authedProcedure.input(processPaymentRequestInput).mutation(({ ctx, input }) => processPaymentRequest({ ctx: authed(ctx), input })),
  decline: authedProcedure.input(declinePaymentRequestInput).mutation(({ ctx, input }) => declinePaymentRequest({ ctx: authed(ctx), input })),
  cancel: authedProcedure.input(paymentRequestIdInput).mutation(({ ctx, input }) => cancelPaymentRequest({ ctx: authed(ctx), input })),
  list: authedProcedure.input(listPaymentRequestsInput).query(({ ctx, input }) => listPaymentRequests({ ctx: authed(ctx), input })),
  byId: authedProcedure.input(paymentRequestIdInput).query(({ ctx, input }) => getPaymentRequest({ ctx: authed(ctx), input })),
});

export const connectRouter = router({
  status: authedProcedure
    .input(z.object({ refresh: z.boolean().default(false) }).default({ refresh: false }))
    .query(({ ctx, input }) => connect.getConnectStatus({ ctx: authed(ctx), input })),
  createAccount: authedProcedure.mutation(({ ctx }) => connect.createConnectAccount({ ctx: authed(ctx) })),
  onboardingLink: authedProcedure.input(onboardingLinkInput).mutation(({ ctx, input }) => connect.createOnboardingLink({ ctx: authed(ctx), input })),
  completeLocalOnboarding: authedProcedure.input(completeOnboardingInput).mutation(({ ctx, input }) => connect.completeLocalOnboarding({ ctx: authed(ctx), input })),
  balance: authedProcedure.query(({ ctx }) => connect.getBalance({ ctx: authed(ctx) })),
  payout: authedProcedure.input(payoutInput).mutation(({ ctx, input }) => connect.createPayout({ ctx: authed(ctx), input })),
  payouts: authedProcedure.query(({ ctx }) => connect.listPayouts({ ctx: authed(ctx) })),
});
