// REST adapters of "my orders" and tracking: parse -> the same service -> DTO.
//   GET  /api/users/orders?page=&pageSize=   (bearer: the caller's own orders, newest first, with lines; 401 without a session)
//   POST /api/orders/track {orderId, email | phone}   (rate-limited per address: 'track')
import type { Hono } from 'hono';
import { MyOrdersInput, TrackOrderInput } from '../../../shared/schemas/my-orders';
import { actorOf } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { rateLimit } from '../../http/rate-limit';
import { listJson, parseInput, queryRecord, readJson } from '../../http/request';
import { LIST_CAP } from '../../../shared/schemas/paging';
import { listMyOrders, trackOrder } from './my-orders.service';

export function mountMyOrdersRest(api: Hono<AppEnv>): void {
  api.get('/users/orders', async (c) => {
    const actor = actorOf(c);
    // Decision 134's REST shape: the array, paging facts in X-Total-Count / X-Page / X-Page-Size; unpaged = LIST_CAP rows.
    return listJson(c, await listMyOrders(c.var.deps, actor, parseInput(MyOrdersInput, queryRecord(c)), LIST_CAP));
  });
  api.post('/orders/track', rateLimit('track'), async (c) => {
    return c.json(await trackOrder(c.var.deps, parseInput(TrackOrderInput, await readJson(c))));
  });
}
