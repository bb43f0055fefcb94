// "My orders" and tracking (decision 211).
//   GET  /api/users/orders?page=&pageSize=   (the caller's own orders, newest first, with lines)
//   POST /api/orders/track {orderId, email | phone}   (rate-limited per address: 'track')
import { MyOrdersInput, TrackOrderInput } from '../../../shared/schemas/my-orders';
import { LIST_CAP } from '../../../shared/schemas/paging';
import { mutation, query } from '../../operations/define';
import { listReply } from '../../operations/rest-shapes';
import { listMyOrders, trackOrder } from './my-orders.service';
import { MyOrderReply } from '../../../shared/dto/my-orders.schemas';
import { z } from 'zod';

export const myOrdersOperations = {
  /** { items, total, page, pageSize } (default MY_ORDERS_PAGE_SIZE per page), as /profile shows it. */
  page: query({
    access: 'signedIn',
    input: MyOrdersInput,
    run: (caller, input) => listMyOrders(caller, caller.actor, input),
  }),
  /** Decision 134's REST shape: the array with paging headers; unpaged = LIST_CAP rows. */
  list: query({
    access: 'signedIn',
    input: MyOrdersInput,
    run: (caller, input) => listMyOrders(caller, caller.actor, input, LIST_CAP),
    trpc: false,
    rest: { method: 'GET', path: '/users/orders', reply: listReply, output: z.array(MyOrderReply) },
  }),
  track: mutation({
    access: 'public',
    output: MyOrderReply,
    limit: 'track',
    input: TrackOrderInput,
    run: (caller, input) => trackOrder(caller, input),
    rest: { method: 'POST', path: '/orders/track' },
  }),
};
