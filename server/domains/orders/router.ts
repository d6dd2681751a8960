import { authedProcedure, router } from '../../trpc/init';
import {
  cancelOrderInput,
  checkoutInput,
  completeOrderPaymentInput,
  myOrdersInput,
  orderIdInput,
  setTrackingInput,
  storefrontOrderStatsInput,
  storefrontOrdersInput,
  updateOrderStatusInput,
} from './inputs';
import { cancelOrder } from './service/cancel';
import { checkout } from './service/checkout';
import { completeOrderPayment } from './service/payment-action';
import { getOrder, myOrders, storefrontOrderCounts, storefrontOrders } from './service/queries';
import { markDelivered, setTracking, updateOrderStatus } from './service/transitions';

export const orderRouter = router({
  checkout: authedProcedure.input(checkoutInput).mutation(({ ctx, input }) => checkout({ ctx: ctx.service, input })),
  completePayment: authedProcedure.input(completeOrderPaymentInput).mutation(({ ctx, input }) => completeOrderPayment({ ctx: ctx.service, input })),
  byId: authedProcedure.input(orderIdInput).query(({ ctx, input }) => getOrder({ ctx: ctx.service, input })),
  mine: authedProcedure.input(myOrdersInput).query(({ ctx, input }) => myOrders({ ctx: ctx.service, input })),
  forStorefront: authedProcedure.input(storefrontOrdersInput).query(({ ctx, input }) => storefrontOrders({ ctx: ctx.service, input })),
  stats: authedProcedure.input(storefrontOrderStatsInput).query(({ ctx, input }) => storefrontOrderCounts({ ctx: ctx.service, input })),
  cancel: authedProcedure.input(cancelOrderInput).mutation(({ ctx, input }) => cancelOrder({ ctx: ctx.service, input })),
  updateStatus: authedProcedure.input(updateOrderStatusInput).mutation(({ ctx, input }) => updateOrderStatus({ ctx: ctx.service, input })),
  setTracking: authedProcedure.input(setTrackingInput).mutation(({ ctx, input }) => setTracking({ ctx: ctx.service, input })),
  markDelivered: authedProcedure.input(orderIdInput).mutation(({ ctx, input }) => markDelivered({ ctx: ctx.service, input })),
});
