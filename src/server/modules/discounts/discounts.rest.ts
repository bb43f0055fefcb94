// REST adapters of the discounts module for the documented /api paths (staff only): parse -> the same service -> DTO.
import type { Hono } from 'hono';
import {
  CreateProductDiscountInput,
  CreatePromoInput,
  UpdateProductDiscountInput,
  UpdatePromoInput,
} from '../../../shared/schemas/discounts';
import type { AppEnv } from '../../http/env';
import { staffRoutes } from '../../http/auth';
import { bodyWithPathId, parseInput, pathId, readJson } from '../../http/request';
import * as svc from './discounts.service';

export function mountDiscountsRest(api: Hono<AppEnv>): void {
  staffRoutes(api)
    .get('/ProductDiscount', async (c) => c.json(await svc.listProductDiscounts(c.var.deps)))
    .post('/ProductDiscount', async (c) =>
      c.json(
        await svc.createProductDiscount(c.var.deps, parseInput(CreateProductDiscountInput, await readJson(c))),
        201,
      ),
    )
    .get('/ProductDiscount/:id', async (c) => c.json(await svc.getProductDiscount(c.var.deps, pathId(c, 'id'))))
    .put('/ProductDiscount/:id', async (c) => {
      const id = pathId(c, 'id');
      const input = parseInput(UpdateProductDiscountInput, bodyWithPathId(await readJson(c), 'productDiscountID', id));
      return c.json(await svc.updateProductDiscount(c.var.deps, id, input));
    })
    .delete('/ProductDiscount/:id', async (c) => {
      await svc.deleteProductDiscount(c.var.deps, pathId(c, 'id'));
      return c.body(null, 204);
    })
    // GET /Promo/validate (public, checkout module) is mounted before these.
    .get('/Promo', async (c) => c.json(await svc.listPromos(c.var.deps)))
    .post('/Promo', async (c) =>
      c.json(await svc.createPromo(c.var.deps, parseInput(CreatePromoInput, await readJson(c))), 201),
    )
    .get('/Promo/:id', async (c) => c.json(await svc.getPromo(c.var.deps, pathId(c, 'id'))))
    .delete('/Promo/:id', async (c) => {
      await svc.deletePromo(c.var.deps, pathId(c, 'id'));
      return c.body(null, 204);
    })
    .put('/PromoCodeDiscount/:id', async (c) => {
      const id = pathId(c, 'id');
      const input = parseInput(UpdatePromoInput, bodyWithPathId(await readJson(c), 'promoCodeDiscountID', id));
      return c.json(await svc.updatePromo(c.var.deps, id, input));
    });
}
