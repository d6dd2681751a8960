import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
export type Subscription = Outputs['payment']['subscriptions'][number];
export type HistoryRow = Outputs['payment']['history']['items'][number];
export type PaymentRequest = Outputs['paymentRequest']['byId'];
export type ConnectStatus = Outputs['connect']['status'];
