// tRPC procedures of the dashboard orders module (staff only): parse -> service -> DTO.
import { PlaceOrderInput } from '../../../shared/schemas/checkout';
import { ListOrdersInput, OrderIdInput, PrintOrdersInput } from '../../../shared/schemas/orders';
import { router, staffProcedure } from '../../trpc/init';
import * as svc from './orders.service';

export const ordersRouter = router({
  /** The spec's array (at most LIST_CAP orders without a pageSize); the dashboard uses `page`. */
  list: staffProcedure.input(ListOrdersInput).query(async ({ ctx, input }) => (await svc.listOrders(ctx, input)).items),
  /** One page of orders with the total (decision 134). */
  page: staffProcedure.input(ListOrdersInput).query(({ ctx, input }) => svc.pageOrders(ctx, input)),
  print: staffProcedure.input(PrintOrdersInput).query(({ ctx, input }) => svc.printOrders(ctx, input.ids)),
  get: staffProcedure.input(OrderIdInput).query(({ ctx, input }) => svc.getOrder(ctx, input.id)),
  toggleStatus: staffProcedure
    .input(OrderIdInput)
    .mutation(({ ctx, input }) => svc.toggleOrderStatus(ctx, input.id, ctx.actor)),
  cancel: staffProcedure.input(OrderIdInput).mutation(({ ctx, input }) => svc.cancelOrder(ctx, input.id, ctx.actor)),
  markReturned: staffProcedure
    .input(OrderIdInput)
    .mutation(({ ctx, input }) => svc.returnOrder(ctx, input.id, ctx.actor)),
  remove: staffProcedure.input(OrderIdInput).mutation(({ ctx, input }) => svc.deleteOrder(ctx, input.id)),
  /** The manual order builder: the storefront's checkout service, recorded as entered by this staff member. */
  placeManual: staffProcedure
    .input(PlaceOrderInput)
    .mutation(({ ctx, input }) => svc.placeManualOrder(ctx, ctx.actor, input)),
});
