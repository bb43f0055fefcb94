// "My orders", one order's page and tracking (decisions 175, 211 and 255).
//   GET  /api/users/orders?page=&pageSize=   (the caller's own orders, newest first, with lines)
//   GET  /api/users/orders/{id}              (one of the caller's own orders with its delivery address; else 404)
//   POST /api/orders/track {orderId, email | phone}   (rate-limited per address: 'track')
import { MyOrderInput, MyOrdersInput, TrackOrderInput } from '#shared/schemas/my-orders';
import { LIST_CAP } from '#shared/schemas/paging';
import { mutation, query } from '#server/operations/define';
import { listReply, pathIds } from '#server/operations/rest-shapes';
import { listMyOrders, myOrder, trackOrder } from './my-orders.service';
import { MyOrderReply, OrderPageReply } from '#shared/dto/my-orders';
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
  /** One of the caller's own orders with its delivery address: /porosite/{id} (decision 255). */
  one: query({
    access: 'signedIn',
    input: MyOrderInput,
    output: OrderPageReply,
    run: (caller, input) => myOrder(caller, caller.actor, input),
    rest: { method: 'GET', path: '/users/orders/:id', input: pathIds({ orderId: 'id' }) },
  }),
  track: mutation({
    access: 'public',
    output: OrderPageReply,
    limit: 'track',
    input: TrackOrderInput,
    run: (caller, input) => trackOrder(caller, input),
    rest: { method: 'POST', path: '/orders/track' },
  }),
};
