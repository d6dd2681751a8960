import { authedProcedure, router, serviceCtx } from '../../trpc/init';
import {
  cancelOrderInput,
  checkoutInput,
  myOrdersInput,
  orderIdInput,
  setTrackingInput,
  storefrontOrderStatsInput,
  storefrontOrdersInput,
  updateOrderStatusInput,
} from './inputs';
import { cancelOrder } from './service/cancel';
import { checkout } from './service/checkout';
import { getOrder, myOrders, storefrontOrderCounts, storefrontOrders } from './service/queries';
import { markDelivered, setTracking, updateOrderStatus } from './service/transitions';

export const orderRouter = router({
  checkout: authedProcedure.input(checkoutInput).mutation(({ ctx, input }) => checkout({ ctx: serviceCtx(ctx), input })),
  byId: authedProcedure.input(orderIdInput).query(({ ctx, input }) => getOrder({ ctx: serviceCtx(ctx), input })),
  mine: authedProcedure.input(myOrdersInput).query(({ ctx, input }) => myOrders({ ctx: serviceCtx(ctx), input })),
  forStorefront: authedProcedure.input(storefrontOrdersInput).query(({ ctx, input }) => storefrontOrders({ ctx: serviceCtx(ctx), input })),
  stats: authedProcedure.input(storefrontOrderStatsInput).query(({ ctx, input }) => storefrontOrderCounts({ ctx: serviceCtx(ctx), input })),
  cancel: authedProcedure.input(cancelOrderInput).mutation(({ ctx, input }) => cancelOrder({ ctx: serviceCtx(ctx), input })),
  updateStatus: authedProcedure.input(updateOrderStatusInput).mutation(({ ctx, input }) => updateOrderStatus({ ctx: serviceCtx(ctx), input })),
  setTracking: authedProcedure.input(setTrackingInput).mutation(({ ctx, input }) => setTracking({ ctx: serviceCtx(ctx), input })),
  markDelivered: authedProcedure.input(orderIdInput).mutation(({ ctx, input }) => markDelivered({ ctx: serviceCtx(ctx), input })),
});
