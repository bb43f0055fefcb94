// REST adapters of the dashboard orders module for the documented /api paths (staff only): parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { staffRoutes } from '../../http/auth';
import { parseInput, pathId, queryRecord } from '../../http/request';
import { Readable } from 'node:stream';
import { ExportOrdersInput, ListOrdersInput } from '../../../shared/schemas/orders';
import * as svc from './orders.service';
import { exportFileName, exportOrdersCsv } from './orders-export.service';

export function mountOrdersRest(api: Hono<AppEnv>): void {
  const staff = staffRoutes(api);
  staff.get('/Orders', async (c) => {
    return c.json(await svc.listOrders(c.var.deps, parseInput(ListOrdersInput, queryRecord(c))));
  });
  // Before /Orders/:id, which would read "export.csv" as an id.
  staff.get('/Orders/export.csv', (c) => {
    const input = parseInput(ExportOrdersInput, queryRecord(c));
    return new Response(Readable.toWeb(exportOrdersCsv(c.var.deps, input)) as ReadableStream<Uint8Array>, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${exportFileName(input)}"`,
        'cache-control': 'no-store',
      },
    });
  });
  staff.put('/Orders/UpdateStatus/:id', async (c) => {
    return c.json(await svc.toggleOrderStatus(c.var.deps, pathId(c, 'id'), c.var.actor));
  });
  staff.put('/Orders/:id/Cancel', async (c) => {
    return c.json(await svc.cancelOrder(c.var.deps, pathId(c, 'id'), c.var.actor));
  });
  staff.put('/Orders/:id/Return', async (c) => {
    return c.json(await svc.returnOrder(c.var.deps, pathId(c, 'id'), c.var.actor));
  });
  staff.get('/Orders/:id', async (c) => {
    return c.json(await svc.getOrder(c.var.deps, pathId(c, 'id')));
  });
  staff.delete('/Orders/:id', async (c) => {
    return c.json(await svc.deleteOrder(c.var.deps, pathId(c, 'id')));
  });
}
