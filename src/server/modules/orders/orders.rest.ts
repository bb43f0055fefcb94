// REST adapters of the dashboard orders module for the documented /api paths (staff only): parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { staffOf } from '../../http/auth';
import { pathId, queryRecord } from '../../http/request';
import * as svc from './orders.service';

export function mountOrdersRest(api: Hono<AppEnv>): void {
  api.get('/Orders', async (c) => {
    staffOf(c);
    return c.json(await svc.listOrders(c.var.deps, queryRecord(c)));
  });
  api.put('/Orders/UpdateStatus/:id', async (c) => {
    staffOf(c);
    return c.json(await svc.toggleOrderStatus(c.var.deps, pathId(c, 'id')));
  });
  api.get('/Orders/:id', async (c) => {
    staffOf(c);
    return c.json(await svc.getOrder(c.var.deps, pathId(c, 'id')));
  });
  api.delete('/Orders/:id', async (c) => {
    staffOf(c);
    return c.json(await svc.deleteOrder(c.var.deps, pathId(c, 'id')));
  });
}
