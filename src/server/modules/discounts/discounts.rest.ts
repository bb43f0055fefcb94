// REST adapters of the discounts module for the documented /api paths (staff only): parse -> the same service -> DTO.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { staffOf } from '../../http/auth';
import { pathId, readJson } from '../../http/request';
import * as svc from './discounts.service';

export function mountDiscountsRest(api: Hono<AppEnv>): void {
  api.get('/ProductDiscount', async (c) => {
    staffOf(c);
    return c.json(await svc.listProductDiscounts(c.var.deps));
  });
  api.post('/ProductDiscount', async (c) => {
    staffOf(c);
    return c.json(await svc.createProductDiscount(c.var.deps, await readJson(c)), 201);
  });
  api.get('/ProductDiscount/:id', async (c) => {
    staffOf(c);
    return c.json(await svc.getProductDiscount(c.var.deps, pathId(c, 'id')));
  });
  api.put('/ProductDiscount/:id', async (c) => {
    staffOf(c);
    return c.json(await svc.updateProductDiscount(c.var.deps, pathId(c, 'id'), await readJson(c)));
  });
  api.delete('/ProductDiscount/:id', async (c) => {
    staffOf(c);
    await svc.deleteProductDiscount(c.var.deps, pathId(c, 'id'));
    return c.body(null, 204);
  });

  // GET /Promo/validate (public, checkout module) is mounted before these.
  api.get('/Promo', async (c) => {
    staffOf(c);
    return c.json(await svc.listPromos(c.var.deps));
  });
  api.post('/Promo', async (c) => {
    staffOf(c);
    return c.json(await svc.createPromo(c.var.deps, await readJson(c)), 201);
  });
  api.get('/Promo/:id', async (c) => {
    staffOf(c);
    return c.json(await svc.getPromo(c.var.deps, pathId(c, 'id')));
  });
  api.delete('/Promo/:id', async (c) => {
    staffOf(c);
    await svc.deletePromo(c.var.deps, pathId(c, 'id'));
    return c.body(null, 204);
  });
  api.put('/PromoCodeDiscount/:id', async (c) => {
    staffOf(c);
    return c.json(await svc.updatePromo(c.var.deps, pathId(c, 'id'), await readJson(c)));
  });
}
