// tRPC twins of "my orders" and tracking: parse -> the same service -> DTO.
import { MyOrdersInput, TrackOrderInput } from '../../../shared/schemas/my-orders';
import { authedProcedure, limit, publicProcedure, router } from '../../trpc/init';
import { listMyOrders, trackOrder } from './my-orders.service';

export const myOrdersRouter = router({
  /** { items, total, page, pageSize } (default MY_ORDERS_PAGE_SIZE per page), as /profile shows it. */
  page: authedProcedure.input(MyOrdersInput).query(({ ctx, input }) => listMyOrders(ctx, ctx.actor, input)),
  track: publicProcedure
    .use(limit('track'))
    .input(TrackOrderInput)
    .mutation(({ ctx, input }) => trackOrder(ctx, input)),
});
